"""Two tool calls of one id written to a Responses client (red team 44 F03).

A backend's or a proxy's fault: two calls with the same id (Chat at two indexes, two Gemini
``functionCall``s, two Anthropic ``tool_use`` blocks). The openai SDK's stream reader names a
``function_call`` item by its ``call_id`` and raised ``RuntimeError`` on the two items the writer
wrote under one; each call now gets its own (``<id>_<slot>`` for the second), read by the SDK as
two calls, by ``translate`` and by ``encode`` alike.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .write_support import REQUEST, sdk_responses


def _chat_chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _chat_call(index: int) -> dict[str, Any]:
    function = {"name": "f", "arguments": json.dumps({"n": index})}
    return {"tool_calls": [{"index": index, "id": "call_1", "type": "function", "function": function}]}


def _anthropic(events: list[dict[str, Any]]) -> bytes:
    return b"".join(b"event: %s\ndata: %s\n\n" % (e["type"].encode(), json.dumps(e).encode()) for e in events)


def _tool_use(index: int) -> list[dict[str, Any]]:
    block = {"type": "tool_use", "id": "call_1", "name": "f", "input": {}}
    delta = {"type": "input_json_delta", "partial_json": json.dumps({"n": index})}
    return [
        {"type": "content_block_start", "index": index, "content_block": block},
        {"type": "content_block_delta", "index": index, "delta": delta},
        {"type": "content_block_stop", "index": index},
    ]


_START = {
    "type": "message_start",
    "message": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "c",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 1, "output_tokens": 1},
    },
}
_GEMINI_PARTS = [{"functionCall": {"id": "call_1", "name": "f", "args": {"n": n}}} for n in (0, 1)]
STREAMS = {
    "openai_chat": _chat_chunk({"role": "assistant", "content": None})
    + _chat_chunk(_chat_call(0))
    + _chat_chunk(_chat_call(1))
    + _chat_chunk({}, "tool_calls")
    + b"data: [DONE]\n\n",
    "gemini": b"data: "
    + json.dumps(
        {
            "candidates": [
                {"content": {"role": "model", "parts": _GEMINI_PARTS}, "finishReason": "STOP", "index": 0}
            ]
        }
    ).encode()
    + b"\n\n",
    "anthropic": _anthropic(
        [
            _START,
            *_tool_use(0),
            *_tool_use(1),
            {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 2}},
            {"type": "message_stop"},
        ]
    ),
}


@pytest.mark.parametrize("src", sorted(STREAMS))
def test_translate_gives_each_call_its_own_call_id(src: str) -> None:
    out = b"".join(lc.stream.translate(src, "openai", [STREAMS[src]], request=REQUEST))
    calls = sdk_responses(out)["tool_calls"]
    assert [(name, args) for _, name, args in calls] == [("f", {"n": 0}), ("f", {"n": 1})]
    assert [call_id for call_id, _, _ in calls] == ["call_1", "call_1_1"]


@pytest.mark.parametrize("src", sorted(STREAMS))
def test_encode_gives_each_call_its_own_call_id(src: str) -> None:
    events = lc.stream.decode(src, [STREAMS[src]], request=REQUEST)
    response = lc.assemble(list(events), request=REQUEST)
    calls = [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
    assert [(p.id, p.name) for p in calls] == [("call_1", "f")] * 2  # (the source's reading: one id twice)
    out = b"".join(lc.stream.encode("openai", lc.stream.decode(src, [STREAMS[src]], request=REQUEST)))
    assert [call_id for call_id, _, _ in sdk_responses(out)["tool_calls"]] == ["call_1", "call_1_1"]


def test_a_fresh_id_another_call_has_is_lengthened() -> None:
    def call(index: int, call_id: str) -> bytes:
        function = {"name": "f", "arguments": "{}"}
        return _chat_chunk({"tool_calls": [{"index": index, "id": call_id, "function": function}]})

    stream = (
        _chat_chunk({"role": "assistant", "content": None})
        + call(0, "c_2")
        + call(1, "c")
        + call(2, "c")
        + call(3, "c")
        + _chat_chunk({}, "tool_calls")
    )
    out = b"".join(lc.stream.translate("openai_chat", "openai", [stream], request=REQUEST))
    assert [call_id for call_id, _, _ in sdk_responses(out)["tool_calls"]] == ["c_2", "c", "c_2_", "c_3"]
