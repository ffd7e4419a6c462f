"""The Gemini stream writer keeps a tool call pending while other content interleaves between its
header and its arguments (red team 4, F01): a Chat stream with a content or ``reasoning_content``
delta between a call's header chunk and its argument chunks (vLLM-style servers send ``"\\n"``
there), or a Responses stream whose text resumes after a function_call item opened. The writer
wrote the call whole when the other part came, then refused its arguments: the Gemini client got a
500 error event (``Encoder("gemini")`` raised), where lm15, ``assemble`` and the other writers read
text and one call. Judged by google-genai and by lmcodec's and lm15's readers."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
from .sdk_readers import sdk_gemini

REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))
CALL = ("call_1", "get_weather", {"city": "Paris"})


def _chat(delta: dict[str, Any], finish: str | None = None, logprobs: Any = None) -> bytes:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunk["choices"] = [{"index": 0, "delta": delta, "logprobs": logprobs, "finish_reason": finish}]
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _header(index: int = 0) -> dict[str, Any]:
    function = {"name": "get_weather", "arguments": ""}
    return {"tool_calls": [{"index": index, "id": "call_1", "type": "function", "function": function}]}


def _args(arguments: str, index: int = 0) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, "function": {"arguments": arguments}}]}


def _responses(frames: list[dict[str, Any]]) -> bytes:
    return b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)


_RESPONSES_TEXT_RESUMES = _responses(
    [
        {"type": "response.created", "response": {"id": "r", "model": "m"}},
        {"type": "response.output_text.delta", "output_index": 0, "delta": "Let me"},
        {
            "type": "response.output_item.added",
            "output_index": 1,
            "item": {
                "type": "function_call",
                "id": "fc_1",
                "call_id": "call_1",
                "name": "get_weather",
                "arguments": "",
            },
        },
        {"type": "response.output_text.delta", "output_index": 0, "delta": " check."},
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '{"city": '},
        {"type": "response.output_text.delta", "output_index": 0, "delta": " One moment."},
        {"type": "response.function_call_arguments.delta", "output_index": 1, "delta": '"Paris"}'},
        {
            "type": "response.completed",
            "response": {
                "id": "r",
                "output": [{"type": "function_call"}],
                "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2},
            },
        },
    ]
)

SOURCES: dict[str, tuple[str, bytes, str, str]] = {
    # source dialect, body, the text and the thinking the client should read
    "chat-newline-between-header-and-args": (
        "openai_chat",
        b"".join(
            [
                _chat({"role": "assistant", "content": ""}),
                _chat(_header()),
                _chat({"content": "\n"}),
                _chat(_args('{"city": "Paris"}')),
                _chat({}, "tool_calls"),
            ]
        ),
        "\n",
        "",
    ),
    "chat-text-between-argument-fragments": (
        "openai_chat",
        b"".join(
            [
                _chat({"role": "assistant", "content": "Sure."}),
                _chat(_header()),
                _chat({"content": " Checking"}),
                _chat(_args('{"city": ')),
                _chat({"content": " now."}),
                _chat(_args('"Paris"}')),
                _chat({}, "tool_calls"),
                b"data: [DONE]\n\n",
            ]
        ),
        "Sure. Checking now.",
        "",
    ),
    "chat-reasoning-between-header-and-args": (
        "openai_chat",
        b"".join(
            [
                _chat(_header()),
                _chat({"reasoning_content": "r"}),
                _chat(_args('{"city": "Paris"}')),
                _chat({}, "tool_calls"),
            ]
        ),
        "",
        "r",
    ),
    "responses-text-resumes-after-a-call-opened": (
        "openai",
        _RESPONSES_TEXT_RESUMES,
        "Let me check. One moment.",
        "",
    ),
}


@pytest.mark.parametrize("name", sorted(SOURCES))
@pytest.mark.parametrize("per_chunk", [False, True], ids=["whole", "byte-by-byte"])
def test_translate_keeps_the_call_pending_while_other_content_interleaves(name: str, per_chunk: bool) -> None:
    source, body, text, thinking = SOURCES[name]
    expected = lc.assemble(lc.stream.decode(source, [body], request=REQUEST), request=REQUEST)
    assert [(p.id, p.name, p.input) for p in expected.tool_calls] == [CALL]  # the source reads so
    chunks = [body[i : i + 1] for i in range(len(body))] if per_chunk else [body]
    written = b"".join(lc.stream.translate(source, "gemini", chunks, request=REQUEST))
    view = sdk_gemini(written)
    assert (view["text"], view["thinking"], view["tool_calls"]) == (text, thinking, [CALL])
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert [(p.id, p.name, p.input) for p in back.tool_calls] == [CALL]
    req15, reqlc = requests_for("m")
    assert_same_outcome(
        lc_stream("gemini", [written], reqlc), lm15_stream("gemini", written, req15), "gemini"
    )


@pytest.mark.parametrize("name", sorted(SOURCES))
def test_the_encoder_writes_the_decoded_events_per_event(name: str) -> None:
    source, body, text, thinking = SOURCES[name]
    encoder = lc.stream.Encoder("gemini")
    written = b"".join(
        encoder.feed_all([event]) for event in lc.stream.decode(source, [body], request=REQUEST)
    )
    written += encoder.close()
    view = sdk_gemini(written)
    assert (view["text"], view["thinking"], view["tool_calls"]) == (text, thinking, [CALL])


def _logprob(token: str) -> dict[str, Any]:
    return {"content": [{"token": token, "logprob": -0.5, "bytes": None, "top_logprobs": []}]}


def test_text_with_logprobs_between_a_calls_header_and_args_joins_the_calls_chunk() -> None:
    """A chunk's logprobs belong to its first text part, so text with logprobs wrote the pending
    chunk, call and all, before its arguments came; it now joins the call's chunk with them."""
    body = b"".join(
        [
            _chat({"role": "assistant", "content": "Sure."}, logprobs=_logprob("Sure.")),
            _chat(_header()),
            _chat({"content": "\n"}, logprobs=_logprob("\n")),
            _chat(_args('{"city": "Paris"}')),
            _chat({}, "tool_calls"),
        ]
    )
    written = b"".join(lc.stream.translate("openai_chat", "gemini", [body], request=REQUEST))
    view = sdk_gemini(written)
    assert (view["text"], view["tool_calls"]) == ("Sure.\n", [CALL])
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert [(p.id, p.name, p.input) for p in back.tool_calls] == [CALL]
    events = lc.stream.decode("gemini", [written], request=REQUEST)
    tokens = [
        t.token
        for e in events
        if isinstance(e, lc.StreamDeltaEvent)
        for t in getattr(e.delta, "logprobs", ())
    ]
    assert tokens == ["Sure.", "\n"]


def test_a_second_call_after_text_after_the_first_calls_header_keeps_both() -> None:
    """Header of call 0, text, header of call 1, then both calls' arguments."""
    second = {
        "tool_calls": [
            {"index": 1, "id": "call_2", "type": "function", "function": {"name": "now", "arguments": ""}}
        ]
    }
    body = b"".join(
        [
            _chat(_header()),
            _chat({"content": "\n"}),
            _chat(second),
            _chat(_args('{"city": "Paris"}')),
            _chat(_args("{}", 1)),
            _chat({}, "tool_calls"),
        ]
    )
    written = b"".join(lc.stream.translate("openai_chat", "gemini", [body], request=REQUEST))
    view = sdk_gemini(written)
    assert (view["text"], view["tool_calls"]) == ("\n", [CALL, ("call_2", "now", {})])
    req15, reqlc = requests_for("m")
    assert_same_outcome(
        lc_stream("gemini", [written], reqlc), lm15_stream("gemini", written, req15), "gemini"
    )
