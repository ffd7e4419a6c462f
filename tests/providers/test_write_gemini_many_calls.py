"""Parallel tool calls with text between them, written for a Gemini client (red team 10, F03): every
call is written, however many. Each call streams in a chunk of its own at a position no other call
holds, after empty parts; past 16 of those (the most one delta writes) the calls wait for the end
and are written together in one chunk. The Gemini writer refused the 18th call (a 500 error event
for the client). Read back by google-genai's models, lmcodec's assembler and lm15's reader."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
from .sdk_readers import sdk_gemini

REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))


def _frame(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    chunk["choices"] = [{"index": 0, "delta": delta, "finish_reason": finish}]
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _chat_frames(calls: int) -> list[bytes]:
    """A hermes-style tool parser's stream: each call's header, then its arguments, a "\\n" between calls."""
    frames = [_frame({"role": "assistant", "content": ""})]
    for i in range(calls):
        header = {
            "index": i,
            "id": f"call_{i}",
            "type": "function",
            "function": {"name": "read", "arguments": ""},
        }
        frames.append(_frame({"tool_calls": [header]}))
        arguments = json.dumps({"path": f"f{i}.py"})
        frames.append(_frame({"tool_calls": [{"index": i, "function": {"arguments": arguments}}]}))
        if i < calls - 1:
            frames.append(_frame({"content": "\n"}))
    return [*frames, _frame({}, "tool_calls"), b"data: [DONE]\n\n"]


def _calls(response: lc.Response) -> list[tuple[str, str, Any]]:
    return [(p.id, p.name, p.input) for p in response.tool_calls]


def _text(response: lc.Response) -> str:
    return "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart))


def _assert_reads_as_the_source(written: bytes, frames: list[bytes]) -> None:
    assert b'"error"' not in written
    expected = lc.assemble(lc.stream.decode("openai_chat", frames, request=REQUEST), request=REQUEST)
    view = sdk_gemini(written)
    assert view["text"] == _text(expected) == "\n" * (len(expected.tool_calls) - 1)
    assert sorted(view["tool_calls"]) == sorted(_calls(expected))
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert (_text(back), _calls(back)) == (_text(expected), _calls(expected))
    req15, reqlc = requests_for("m")
    assert_same_outcome(
        lc_stream("gemini", [written], reqlc), lm15_stream("gemini", written, req15), "gemini"
    )


@pytest.mark.parametrize("calls", [17, 18, 200])
@pytest.mark.parametrize("feeding", ["whole", "frame-by-frame"])
def test_translate_writes_every_call(calls: int, feeding: str) -> None:
    frames = _chat_frames(calls)
    chunks = [b"".join(frames)] if feeding == "whole" else frames
    written = b"".join(lc.stream.translate("openai_chat", "gemini", chunks, request=REQUEST))
    _assert_reads_as_the_source(written, frames)


@pytest.mark.parametrize("calls", [18, 200])
@pytest.mark.parametrize("feeding", ["event-by-event", "all-at-once"])
def test_the_encoder_writes_every_call(calls: int, feeding: str) -> None:
    frames = _chat_frames(calls)
    events = list(lc.stream.decode("openai_chat", frames, request=REQUEST))
    encoder = lc.stream.Encoder("gemini")
    if feeding == "all-at-once":
        written = encoder.feed_all(events)
    else:
        written = b"".join(encoder.feed_all([event]) for event in events)
    _assert_reads_as_the_source(written + encoder.close(), frames)


def test_what_is_written_grows_linearly_with_the_calls() -> None:
    """One run of empty parts per call (16 at most), and one for the calls past them."""
    sizes = {}
    for calls in (200, 400, 800):
        frames = _chat_frames(calls)
        sizes[calls] = len(b"".join(lc.stream.translate("openai_chat", "gemini", frames, request=REQUEST)))
    assert sizes[400] < 2.2 * sizes[200] and sizes[800] < 2.2 * sizes[400], sizes
