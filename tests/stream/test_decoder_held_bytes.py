"""Decoder.feed holds a chunk without a line end (red team 17 F02): it completes no frame, so it is
framed joined to the next chunk that has one. The events, the events of each call and the refusal
(at the same call) are those of the engine fed every chunk, whatever the chunking and the limits;
each byte reaches the framer once."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import MAPPERS
from lmcodec.stream._whole import BLOCK_BYTES
from lmcodec.stream.engine import Engine
from lmcodec.stream.events import EventSink
from lmcodec.stream.sse import SSEDecoder

from ..budget import examples


def _chat(text: str) -> bytes:
    chunk = {"id": "c1", "model": "m", "choices": [{"index": 0, "delta": {"content": text}}]}
    return b"data: " + json.dumps(chunk).encode() + b"\n"


_CHAT_LINES = [
    _chat("Hi"), _chat(" there" * 30), _chat("\u3000x"), b"\n", b"\r\n", b"\r", b": keep-alive\n",
    b"id: 7\r\n", b"event: e\n", b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n',
    b"data: [DONE]\n", b"data: {oops\n", b"data:" + b"x" * 90,
]  # fmt: skip
_GEMINI_LINES = [
    b'data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]}}]}\r\n', b"\r\n", b"\n", b": c\r\n",
    b'[{"candidates":[{"content":{"parts":[{"text":"a"}]}}]}', b",", b"]", b" ", b"\xef\xbb\xbf",
]  # fmt: skip
_BODIES = {
    "openai_chat": st.lists(st.sampled_from(_CHAT_LINES), max_size=30).map(b"".join),
    "gemini": st.lists(st.sampled_from(_GEMINI_LINES), max_size=12).map(b"".join),
}
_KINDS = (bytes, bytearray, memoryview)


def _cuts(body: bytes, sizes: list[int], kinds: list[int]) -> list[Any]:
    """``body`` in chunks of the given sizes in turn (0: an empty chunk), of the given types."""
    out: list[Any] = []
    at = 0
    while at < len(body):
        i = len(out)
        out.append(_KINDS[kinds[i % len(kinds)]](body[at : at + sizes[i % len(sizes)]]))
        at += sizes[i % len(sizes)]
    return out


def _per_call(feed: Any, close: Any, chunks: list[Any]) -> tuple[list[list[Any]], Any]:
    """The events of each call (the last: close), then the refusal: (class, message) or None."""
    calls: list[list[Any]] = []
    try:
        for chunk in chunks:
            calls.append(list(feed(chunk)))
        calls.append(list(close()))
    except lc.DecodeError as exc:
        calls.append(list(getattr(exc, "events", [])))
        return calls, (type(exc), str(exc))
    return calls, None


def _engine_calls(provider: str, chunks: list[Any], line: int | None, event: int | None) -> Any:
    """The engine behind a Decoder, fed every chunk (nothing held), call by call."""
    sink = EventSink()
    engine = Engine(provider, MAPPERS[provider], sink, None, line, event, False)

    def run(step: Any, chunk: Any = None) -> list[Any]:
        out: list[Any] = []
        sink.out = out
        try:
            step() if chunk is None else step(chunk)
        except lc.DecodeError as exc:
            exc.events = out  # type: ignore[attr-defined]
            raise
        return out

    return _per_call(lambda c: run(engine.feed, c), lambda: run(engine.close), chunks)


@settings(max_examples=examples(500), deadline=None)
@given(
    data=st.data(),
    sizes=st.lists(st.integers(0, 24), min_size=1, max_size=12).filter(any),
    kinds=st.lists(st.integers(0, 2), min_size=1, max_size=6),
    limits=st.sampled_from([(None, None), (200, 400), (64, 100), (30, None), (None, 150)]),
)
def test_any_chunking_gives_the_engines_events_call_by_call(
    data: st.DataObject, sizes: list[int], kinds: list[int], limits: tuple[int | None, int | None]
) -> None:
    provider = data.draw(st.sampled_from(sorted(_BODIES)), label="provider")
    body = data.draw(_BODIES[provider], label="body")
    chunks = _cuts(body, sizes, kinds)
    line, event = limits
    decoder = lc.stream.Decoder(provider, max_line_bytes=line, max_event_bytes=event)
    got = _per_call(decoder.feed, decoder.close, chunks)
    expected = _engine_calls(provider, chunks, line, event)
    assert got == expected


@settings(max_examples=examples(300), deadline=None)
@given(body=_BODIES["openai_chat"], size=st.integers(1, 40))
def test_any_split_equals_decoding_the_whole_body(body: bytes, size: int) -> None:
    try:
        whole: Any = list(lc.stream.decode("openai_chat", [body]))
    except lc.DecodeError as exc:
        whole = type(exc)
    decoder = lc.stream.Decoder("openai_chat")
    events: list[Any] = []
    try:
        for at in range(0, len(body), size):
            events += decoder.feed(body[at : at + size])
        events += decoder.close()
    except lc.DecodeError as exc:
        assert whole is type(exc)
        return
    assert events == whole


class _CountingFramer(SSEDecoder):
    """The SSE framer, recording the length of every chunk it is fed."""

    __slots__ = ()
    fed: ClassVar[list[int]] = []

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        _CountingFramer.fed.append(len(data))
        return super().feed_data(data)


def test_a_1_mb_event_fed_a_byte_at_a_time_reaches_the_framer_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each byte is framed once, in one call a line: the framer does not search pending bytes again.
    monkeypatch.setitem(lc.providers.FRAMERS, "anthropic", _CountingFramer)
    _CountingFramer.fed = []
    text = "t" * (1 << 20)
    frame = {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}
    body = b"event: content_block_delta\ndata: " + json.dumps(frame).encode() + b"\n\n"
    decoder = lc.stream.Decoder("anthropic")
    events = [e for at in range(len(body)) for e in decoder.feed(body[at : at + 1])]
    assert sum(_CountingFramer.fed) == len(body)
    # a call a line, a long one framed a 64 KiB block at a time (not a call a byte)
    assert len(_CountingFramer.fed) <= body.count(b"\n") + len(body) // BLOCK_BYTES + 1
    assert [type(e).__name__ for e in events] == ["StreamStartEvent", "StreamDeltaEvent"]
    assert events[1].delta.text == text  # type: ignore[attr-defined]


def test_held_bytes_are_framed_at_close() -> None:
    decoder = lc.stream.Decoder("openai_chat")
    assert decoder.feed(b"data: {") == []
    assert decoder.feed(b'"choices":[{"index":0,"delta":{"content":"Hi"}}]}') == []
    events = decoder.close()
    assert [type(e).__name__ for e in events] == ["StreamStartEvent", "StreamDeltaEvent"]
    assert decoder.stats.frames == 1


def test_a_line_over_the_limit_is_refused_at_the_chunk_that_takes_it_over() -> None:
    decoder = lc.stream.Decoder("openai_chat", max_line_bytes=10)
    for byte in b"data: 1234":
        assert decoder.feed(bytes([byte])) == []
    with pytest.raises(lc.DecodeError, match="max_line_bytes=10"):
        decoder.feed(b"5")


def test_a_wrong_chunk_after_held_bytes_is_named_and_loses_nothing() -> None:
    decoder = lc.stream.Decoder("openai_chat")
    decoder.feed(b'data: {"choices":[{"index":0,')
    with pytest.raises(TypeError, match="not str"):
        decoder.feed("x")  # type: ignore[arg-type]
    events = decoder.feed(memoryview(b'"delta":{"content":"Hi"}}]}\n\n'))
    assert [type(e).__name__ for e in events] == ["StreamStartEvent", "StreamDeltaEvent"]
    assert events[1].delta.text == "Hi"  # type: ignore[attr-defined]


def test_a_feed_after_close_is_refused_even_without_a_line_end() -> None:
    decoder = lc.stream.Decoder("openai_chat")
    decoder.feed(b"data: {")
    decoder.close()
    with pytest.raises(lc.ValidationError, match="after close"):
        decoder.feed(b"x")
