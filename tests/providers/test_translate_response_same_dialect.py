"""``lc.translate_response(d, d, ...)``: a client of the backend's own dialect gets the body as sent
(red team 36 F05).

A body without its optional model (Gemini ``modelVersion``, the others' ``model``) was rebuilt
under the request's model, with ids, indexes and defaults the backend never sent, while
``lc.stream.translate`` passed the same answer on as it came. The body is now passed on bytes for
bytes once ``decode_response`` has read it, unless the request's adaptations name back a call in
it, which is then written as ``encode_response`` writes it."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
ARGS = {"a": 1}
CLIENT = {"model": "gpt-4.1", "input": "hi", "tools": [{"type": "function", "name": "2fa_verify"}]}


def _function(name: str) -> dict[str, str]:
    return {"name": name, "arguments": json.dumps(ARGS)}


def _answers(call: str) -> dict[str, dict[str, Any]]:
    """One answer per dialect, with no model named, calling ``call`` with ``{"a": 1}``."""
    return {
        "gemini": {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"functionCall": {"name": call, "args": ARGS}}]},
                    "finishReason": "STOP",
                }
            ],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        },
        "anthropic": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": call, "input": {"a": 1}}],
            "stop_reason": "tool_use",
            "usage": {"input_tokens": 1, "output_tokens": 1},
        },
        "openai_chat": {
            "id": "c1",
            "object": "chat.completion",
            "created": 1,
            "choices": [
                {
                    "index": 0,
                    "message": {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [{"id": "call_1", "type": "function", "function": _function(call)}],
                    },
                    "finish_reason": "tool_calls",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        },
        "openai": {
            "id": "r1",
            "object": "response",
            "status": "completed",
            "output": [
                {
                    "type": "function_call",
                    "id": "fc_1",
                    "call_id": "call_1",
                    "name": call,
                    "arguments": '{"a": 1}',
                    "status": "completed",
                }
            ],
            "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2},
        },
    }


DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("model", [None, "served-1"])
def test_a_same_dialect_body_is_passed_on_as_sent(dialect: str, model: str | None) -> None:
    answer = _answers("f")[dialect]
    if model is not None:
        answer[{"gemini": "modelVersion"}.get(dialect, "model")] = model
    body = json.dumps(answer, indent=1).encode()
    assert lc.translate_response(dialect, dialect, body, request=REQUEST) == body
    assert lc.translate_response(dialect, dialect, body.decode(), request=REQUEST) == body


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_same_dialect_body_is_still_read_first(dialect: str) -> None:
    with pytest.raises(lc.LmcodecError):
        lc.translate_response(dialect, dialect, b'{"id": "x", ', request=REQUEST)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_call_of_a_renamed_function_is_named_back_in_a_same_dialect_body(dialect: str) -> None:
    adaptations = lc.translate_request("openai", "gemini", json.dumps(CLIENT)).adaptations
    (sent,) = [a.applied for a in adaptations if a.field == "tools[0].name"]
    assert isinstance(sent, str) and sent != "2fa_verify"
    body = json.dumps(_answers(sent)[dialect]).encode()
    out = lc.translate_response(dialect, dialect, body, request=REQUEST, adaptations=adaptations)
    parts = lc.decode_response(dialect, out, request=REQUEST).message.parts
    (call,) = [p for p in parts if isinstance(p, lc.ToolCallPart)]
    assert (call.name, call.input) == ("2fa_verify", {"a": 1})


@pytest.mark.parametrize("dialect", DIALECTS)
def test_adaptations_that_are_not_adaptations_are_refused_for_a_same_dialect_body(dialect: str) -> None:
    body = json.dumps(_answers("f")[dialect]).encode()
    with pytest.raises(lc.ValidationError):
        notes: Any = [{"field": "tools[0].name"}]
        lc.translate_response(dialect, dialect, body, request=REQUEST, adaptations=notes)
