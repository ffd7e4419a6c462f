"""A ``tool_call`` finish with no tool call written (red-team gw, finding L3).

An Anthropic ``pause_turn`` and a Chat ``function_call`` finish read as ``tool_call`` (lm15's
tables), with no tool call in the message. Chat's ``tool_calls`` promises ``message.tool_calls``
and Anthropic's ``tool_use`` a tool_use block, so the writers (bodies and streams) say the plain
stop there: Chat ``stop``, Anthropic ``end_turn`` (Gemini writes ``STOP`` and Responses
``completed`` for every tool_call finish). Read back by the openai and anthropic SDKs; the
backends' bodies and streams are written by hand here.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .provider_support import sse_body

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
httpx = pytest.importorskip("httpx")
httpx2 = pytest.importorskip("httpx2")

_USAGE = {"input_tokens": 5, "output_tokens": 2}


def _anthropic_stream(stop_reason: str) -> bytes:
    frames: list[Any] = [
        {
            "type": "message_start",
            "message": {
                "id": "msg_p",
                "type": "message",
                "role": "assistant",
                "model": "claude-x",
                "content": [],
                "stop_reason": None,
                "usage": {"input_tokens": 5, "output_tokens": 0},
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Searching"}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop_reason, "stop_sequence": None},
            "usage": _USAGE,
        },
        {"type": "message_stop"},
    ]
    return sse_body(frames, events=[frame["type"] for frame in frames])


ANTHROPIC_PAUSE_BODY = {
    "id": "msg_p",
    "type": "message",
    "role": "assistant",
    "model": "claude-x",
    "content": [{"type": "text", "text": "Searching"}],
    "stop_reason": "pause_turn",
    "stop_sequence": None,
    "usage": _USAGE,
}
CHAT_FUNCTION_CALL_BODY = {
    "id": "chatcmpl-f",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-x",
    "choices": [
        {
            "index": 0,
            "message": {"role": "assistant", "content": "Searching"},
            "logprobs": None,
            "finish_reason": "function_call",
        }
    ],
    "usage": {"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7},
}
CHAT_FUNCTION_CALL_STREAM = sse_body(
    [
        {
            "id": "chatcmpl-f",
            "object": "chat.completion.chunk",
            "created": 1,
            "model": "gpt-x",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        for delta, finish in (({"role": "assistant", "content": "Searching"}, None), ({}, "function_call"))
    ]
)
SOURCES = {
    "anthropic pause_turn": ("anthropic", _anthropic_stream("pause_turn"), ANTHROPIC_PAUSE_BODY),
    "chat function_call": ("openai_chat", CHAT_FUNCTION_CALL_STREAM, CHAT_FUNCTION_CALL_BODY),
}


def _openai_client(reply: bytes, content_type: str) -> Any:
    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": content_type}, content=reply)

    http = httpx.Client(transport=httpx.MockTransport(handler))
    return openai.OpenAI(api_key="x", base_url="http://gw/v1", http_client=http, max_retries=0)


def _anthropic_client(reply: bytes, content_type: str) -> Any:
    def handler(request: Any) -> Any:
        return httpx2.Response(200, headers={"content-type": content_type}, content=reply)

    http = httpx2.Client(transport=httpx2.MockTransport(handler))
    return anthropic.Anthropic(api_key="x", http_client=http, max_retries=0)


_HI: Any = [{"role": "user", "content": "hi"}]


def _chat_streamed(written: bytes) -> Any:
    client = _openai_client(written, "text/event-stream")
    with client.chat.completions.stream(model="gpt-x", messages=_HI) as stream:
        return stream.get_final_completion().choices[0]


def _anthropic_streamed(written: bytes) -> Any:
    client = _anthropic_client(written, "text/event-stream")
    with client.messages.stream(model="claude-x", max_tokens=10, messages=_HI) as stream:
        return stream.get_final_message()


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_the_sources_read_as_a_tool_call_finish_without_a_call(source: str) -> None:
    """The premise: lm15's tables read both as ``tool_call`` (the readers are not changed)."""
    dialect, stream, body = SOURCES[source]
    for response in (
        lc.decode_response(dialect, json.dumps(body).encode()),
        lc.assemble(lc.stream.decode(dialect, [stream])),
    ):
        assert response.finish_reason == "tool_call"
        assert not [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_a_chat_client_gets_stop_without_tool_calls(source: str) -> None:
    dialect, stream, body = SOURCES[source]
    response = lc.decode_response(dialect, json.dumps(body).encode())
    client = _openai_client(lc.encode_response("openai_chat", response), "application/json")
    choice = client.chat.completions.create(model="gpt-x", messages=_HI).choices[0]
    # the Chat backend's own whole body is written back as it came (its content and its claim)
    expected = "function_call" if dialect == "openai_chat" else "stop"
    assert (choice.finish_reason, choice.message.tool_calls, choice.message.content) == (
        expected,
        None,
        "Searching",
    )
    # a stream's end chunk is the backend's only where it says what the written chunks say
    streamed = _chat_streamed(b"".join(lc.stream.translate(dialect, "openai_chat", [stream])))
    assert (streamed.finish_reason, streamed.message.tool_calls) == ("stop", None)


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_an_anthropic_client_gets_no_tool_use_without_a_block(source: str) -> None:
    dialect, stream, body = SOURCES[source]
    response = lc.decode_response(dialect, json.dumps(body).encode())
    client = _anthropic_client(lc.encode_response("anthropic", response), "application/json")
    message = client.messages.create(model="claude-x", max_tokens=10, messages=_HI)
    streamed = _anthropic_streamed(b"".join(lc.stream.translate(dialect, "anthropic", [stream])))
    # the Anthropic backend's own pause_turn is its own frame, written back as it came
    expected = "pause_turn" if dialect == "anthropic" else "end_turn"
    for got in (message, streamed):
        assert got.stop_reason == expected
        assert [block.type for block in got.content] == ["text"]


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_gemini_and_responses_clients_get_a_plain_completion(source: str) -> None:
    dialect, stream, body = SOURCES[source]
    response = lc.decode_response(dialect, json.dumps(body).encode())
    assert json.loads(lc.encode_response("gemini", response))["candidates"][0]["finishReason"] == "STOP"
    assert json.loads(lc.encode_response("openai", response))["status"] == "completed"
    written = b"".join(lc.stream.translate(dialect, "gemini", [stream]))
    assert b'"finishReason":"STOP"' in written
    written = b"".join(lc.stream.translate(dialect, "openai", [stream]))
    assert b'"status":"completed"' in written


def test_an_anthropic_tool_use_frame_without_a_block_is_not_copied() -> None:
    """The backend's own message_delta is kept only when it says what was written."""
    written = b"".join(lc.stream.translate("anthropic", "anthropic", [_anthropic_stream("tool_use")]))
    assert _anthropic_streamed(written).stop_reason == "end_turn"


_START = lc.StreamStartEvent(id="msg_e", model="m")
_TEXT = lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="hi"))
_CALL = lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=1, input="{}", id="call_1", name="f"))
_END = lc.StreamEndEvent(finish_reason="tool_call")


@pytest.mark.parametrize(
    ("events", "chat", "messages"),
    [
        ([_START, _TEXT, _END], "stop", "end_turn"),
        ([_START, _TEXT, _CALL, _END], "tool_calls", "tool_use"),
        ([_START, _CALL, _END], "tool_calls", "tool_use"),
    ],
)
def test_the_encoder_says_tool_calls_only_after_one(events: list[Any], chat: str, messages: str) -> None:
    assert _chat_streamed(b"".join(lc.stream.encode("openai_chat", events))).finish_reason == chat
    assert _anthropic_streamed(b"".join(lc.stream.encode("anthropic", events))).stop_reason == messages
    response = lc.assemble(events)
    client = _openai_client(lc.encode_response("openai_chat", response), "application/json")
    assert client.chat.completions.create(model="m", messages=_HI).choices[0].finish_reason == chat
    assert json.loads(lc.encode_response("anthropic", response))["stop_reason"] == messages
