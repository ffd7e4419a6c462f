"""A Gemini image model's answer replayed by a google-genai client (red team 19 F02).

Gemini 3 Pro Image signs the parts of its answer, the image included (``thoughtSignature`` on the
``inlineData`` part), and wants the signatures back on the next turn; ``lc.encode_response``
writes them so. lm15's builder has no slot for a media part's signature, so ``decode_request``
refuses the part; the gateway sends it back to Gemini as the client sent it, and to another
dialect the image without it (``dropped``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

MODEL = "gemini-3-pro-image-preview"
_IMAGE = {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}, "thoughtSignature": "c2lnLWltYWdl"}


def _answer(*parts: dict[str, Any]) -> dict[str, Any]:
    candidate = {"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP"}
    return {"candidates": [candidate], "modelVersion": MODEL}


def _history(model_parts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "contents": [
            {"role": "user", "parts": [{"text": "Draw a cat."}]},
            {"role": "model", "parts": model_parts},
            {"role": "user", "parts": [{"text": "Now make it blue."}]},
        ]
    }


_TURNS = {
    "text and image": [{"text": "Here is your cat.", "thoughtSignature": "c2lnLXRleHQ="}, _IMAGE],
    "image alone": [_IMAGE],
    "a file by uri": [
        {
            "fileData": {"mimeType": "image/png", "fileUri": "https://example.com/cat.png"},
            "thoughtSignature": "c2ln",
        }
    ],
}


def test_encode_response_writes_the_image_signature_the_client_replays() -> None:
    answer = _answer(*_TURNS["text and image"])
    written = json.loads(lc.encode_response("gemini", lc.decode_response("gemini", json.dumps(answer))))
    assert written["candidates"][0]["content"]["parts"] == _TURNS["text and image"]


@pytest.mark.parametrize("turn", sorted(_TURNS))
def test_decode_request_refuses_it(turn: str) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request("gemini", json.dumps(_history(_TURNS[turn])), model=MODEL)
    assert info.value.path == f"$.contents[1].parts[{len(_TURNS[turn]) - 1}]"


@pytest.mark.parametrize("turn", sorted(_TURNS))
def test_gemini_gets_it_back_as_sent(turn: str) -> None:
    body = _history(_TURNS[turn])
    built = lc.translate_request("gemini", "gemini", json.dumps(body), model=MODEL)
    assert json.loads(built.body)["contents"] == body["contents"]
    assert built.adaptations == ()


@pytest.mark.parametrize("turn", sorted(_TURNS))
def test_anthropic_gets_the_image_without_it(turn: str) -> None:
    built = lc.translate_request("gemini", "anthropic", json.dumps(_history(_TURNS[turn])), model=MODEL)
    blocks = json.loads(built.body)["messages"][1]["content"]
    assert [block["type"] for block in blocks][-1] == "image"
    j = len(_TURNS[turn]) - 1
    notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith(f"messages[1].parts[{j}]")]
    assert notes == [(f"messages[1].parts[{j}].continuation", "dropped")]


@pytest.mark.parametrize("destination", ["openai", "openai_chat"])
def test_openai_refuses_an_assistant_image_with_or_without_it(destination: str) -> None:
    """lm15's OpenAI builders have no slot for an image the assistant said: the signature changes
    nothing there."""
    unsigned = [{key: value for key, value in _IMAGE.items() if key != "thoughtSignature"}]
    for parts in ([_IMAGE], unsigned):
        with pytest.raises(lc.ProviderError, match="assistant image part"):
            lc.translate_request("gemini", destination, json.dumps(_history(parts)), model=MODEL)


def test_a_signature_on_a_user_image_stays_refused() -> None:
    body = _history([{"text": "Here."}])
    body["contents"][0]["parts"].append(_IMAGE)
    with pytest.raises(lc.ValidationError) as info:
        lc.translate_request("gemini", "gemini", json.dumps(body), model=MODEL)
    assert info.value.path == "$.contents[0].parts[1]"
