"""A Gemini client names its model in the URL (``models/{model}:generateContent``), not the body.
``translate_request("gemini", dst, body)`` without ``model=`` sent the reader's placeholder
``"models/unnamed"`` to the other provider, listed nowhere (red team 18 F08): the backend answers a
404 for a model nobody asked for. Now that crossing is refused, naming ``model=``; Gemini -> Gemini
still works without it (the gateway's URL names the model there), and a body that carries a
``"model"`` key crosses with it."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

BODY = json.dumps({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}).encode()
OTHERS = ("anthropic", "openai", "openai_chat")


@pytest.mark.parametrize("destination", OTHERS)
def test_another_dialect_without_model_is_refused_naming_model(destination: str) -> None:
    with pytest.raises(lc.ValidationError, match=r"model=") as info:
        lc.translate_request("gemini", destination, BODY)
    assert "models/unnamed" not in str(info.value)


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize("destination", OTHERS)
def test_another_dialect_gets_the_model_given(destination: str, stream: bool) -> None:
    built = lc.translate_request("gemini", destination, BODY, model="backend-model", stream=stream)
    assert json.loads(built.body)["model"] == "backend-model"


@pytest.mark.parametrize("destination", OTHERS)
def test_a_body_naming_its_model_crosses_with_it(destination: str) -> None:
    body = json.dumps({"model": "claude-sonnet-4-5", "contents": [{"parts": [{"text": "hi"}]}]}).encode()
    assert json.loads(lc.translate_request("gemini", destination, body).body)["model"] == "claude-sonnet-4-5"


def test_gemini_to_gemini_still_needs_no_model() -> None:
    built = lc.translate_request("gemini", "gemini", BODY)
    assert json.loads(built.body)["contents"] == json.loads(BODY)["contents"]
