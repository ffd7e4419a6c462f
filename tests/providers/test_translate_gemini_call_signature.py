"""A Gemini call's own thought signature, streamed to a Responses client, is not carried on the
thought (red team 5, F04).

Gemini 3 signs the *function call* part (``thoughtSignature`` beside ``functionCall``); lm15 reads
every part of a chunk at part index 0, where the thinking is too, so the Responses writer carried
the call's signature in the reasoning item's carriage, and the client's replay sent Gemini the
call's signature on the thought and the skip-validator placeholder on the call. docs/writers.md
says a call's own signature is not carried (a ``function_call`` item has no field a client returns
unread): now it is not, in the stream as in the body, and the replay puts the placeholder on the
call and nothing on the thought. A signature Gemini put on a thought part is still carried."""

from __future__ import annotations

import base64
import json
from typing import Any

import lmcodec as lc

from ..stream.write_support import opened_carriage
from .gateway_support import responses_body
from .test_translate_thinking_carriage import client_output_from_body, client_output_from_stream

SIG = "CiQB0e2Kb6N3hMrZ0zX5cZr5YH1i9dV7gFh4Tm2Jc4fQ7hH8wQ=="
THOUGHT_SIG = "EiQB0e2Kb6N3hMrZ0zX5cZr5YH1i9dV7gFh4Tm2Jc4fQ7hH8wQ=="
PLACEHOLDER = base64.b64encode(b"skip_thought_signature_validator").decode()
TOOLS = [{"type": "function", "name": "get_weather", "parameters": {"type": "object"}}]


def _stream(parts: list[dict[str, Any]]) -> bytes:
    chunks = [
        {
            "candidates": [{"content": {"role": "model", "parts": [p]}, "index": 0}],
            "modelVersion": "gemini-3-pro-preview",
        }
        for p in parts
    ]
    chunks[-1]["candidates"][0]["finishReason"] = "STOP"
    chunks[-1]["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 5, "totalTokenCount": 10}
    return b"".join(b"data: " + json.dumps(c).encode() + b"\r\n\r\n" for c in chunks)


def _replayed_model_turn(parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    written = b"".join(lc.stream.translate("gemini", "openai", [_stream(parts)]))
    output = client_output_from_stream(written)
    calls = [item["call_id"] for item in output if item["type"] == "function_call"]
    body = responses_body(
        model="gemini-3-pro-preview",
        tools=TOOLS,
        input=[
            {"role": "user", "content": "Weather in Paris?"},
            *output,
            *({"type": "function_call_output", "call_id": c, "output": "18C"} for c in calls),
        ],
    )
    sent = json.loads(lc.translate_request("openai", "gemini", body).body)
    turn: list[dict[str, Any]] = next(c for c in sent["contents"] if c["role"] == "model")["parts"]
    return turn


def _signatures(turn: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    kinds = ["thought" if p.get("thought") else "call" if "functionCall" in p else "text" for p in turn]
    return [(k, p.get("thoughtSignature")) for k, p in zip(kinds, turn, strict=True)]


CALL = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}


def test_the_calls_signature_is_not_carried_on_the_thought() -> None:
    turn = _replayed_model_turn(
        [{"text": "Planning the call.", "thought": True}, {**CALL, "thoughtSignature": SIG}]
    )
    assert SIG not in json.dumps(turn)
    assert ("call", PLACEHOLDER) in _signatures(turn)


def _carried(output: list[dict[str, Any]]) -> list[Any]:
    """What the reasoning items' carriages hold, opened by their documented format."""
    return [opened_carriage(i["encrypted_content"]) for i in output if i.get("encrypted_content")]


def test_stream_and_body_agree() -> None:
    """The same answer non-streamed (``encode_response``) carries nothing of the call's either."""
    parts = [{"text": "Planning the call.", "thought": True}, {**CALL, "thoughtSignature": SIG}]
    body = json.dumps(
        {
            "candidates": [
                {"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}
            ],
            "modelVersion": "gemini-3-pro-preview",
        }
    ).encode()
    whole = client_output_from_body(lc.encode_response("openai", lc.decode_response("gemini", body)))
    streamed = client_output_from_stream(b"".join(lc.stream.translate("gemini", "openai", [_stream(parts)])))
    assert SIG not in json.dumps(_carried(whole))
    assert SIG not in json.dumps(_carried(streamed))


def test_a_thoughts_own_signature_is_still_carried_on_the_thought() -> None:
    turn = _replayed_model_turn(
        [{"text": "Planning the call.", "thought": True, "thoughtSignature": THOUGHT_SIG}, CALL]
    )
    assert ("thought", THOUGHT_SIG) in _signatures(turn)
