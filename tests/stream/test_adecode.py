"""lmcodec.stream.adecode over an async source: the events and the refusal of Decoder.feed for any
chunking (it holds a chunk without a line end as Decoder.feed does), and the source's errors,
cancellation and an early stop reaching the source as they did through a plain ``async for``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .test_decoder_held_bytes import _BODIES, _chat, _cuts

_CHAT_LINES = [
    _chat("Hi \u3000\u00e9").rstrip(b"\n"), b"", b"", b": keep-alive", b"id: 7", b"event: e", b"data: [DONE]",
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}', b"data: {oops",
]  # fmt: skip
_LINE_ENDS = [b"\n", b"\r\n", b"\r"]
_ENDED_LINES = st.tuples(st.sampled_from(_CHAT_LINES), st.sampled_from(_LINE_ENDS)).map(b"".join)
_STREAMS = {**_BODIES, "openai_chat": st.lists(_ENDED_LINES, max_size=30).map(b"".join)}
"""Bodies whose lines end in LF, CRLF or a bare CR (an event can end at a chunk holding a CR alone)."""


_PULL = "pull"
"""Logged when the source hands over its next chunk: the events logged before it were yielded
before that chunk was asked for (Decoder.feed: returned by the calls before it)."""


def _fed(provider: str, chunks: list[Any]) -> tuple[list[Any], Any]:
    """Decoder.feed's events call by call (a pull before each chunk), those of close and of a
    refusal last, then the refusal."""
    decoder = lc.stream.Decoder(provider)
    log: list[Any] = []
    try:
        for chunk in chunks:
            log.append(_PULL)
            log += decoder.feed(chunk)
        log += decoder.close()
    except lc.DecodeError as exc:
        return log + list(getattr(exc, "events", [])), (type(exc), str(exc))
    return log, None


def _adecoded(provider: str, chunks: list[Any], pause: bool) -> tuple[list[Any], Any]:
    """adecode's events as the consumer gets them, with the source's pulls between them."""
    log: list[Any] = []

    async def source() -> AsyncIterator[Any]:
        for chunk in chunks:
            if pause:
                await asyncio.sleep(0)  # (a real socket's reads give the loop a turn)
            log.append(_PULL)
            yield chunk

    async def run() -> tuple[list[Any], Any]:
        try:
            async for event in lc.stream.adecode(provider, source()):
                log.append(event)
        except lc.DecodeError as exc:
            return log, (type(exc), str(exc))
        return log, None

    return asyncio.run(run())


@settings(max_examples=examples(300), deadline=None)
@given(
    data=st.data(),
    sizes=st.lists(st.integers(0, 24), min_size=1, max_size=12).filter(any),
    kinds=st.lists(st.integers(0, 2), min_size=1, max_size=6),
    pause=st.booleans(),
)
def test_any_chunking_gives_decoder_feeds_events_at_the_same_chunk(
    data: st.DataObject, sizes: list[int], kinds: list[int], pause: bool
) -> None:
    # random cuts fall inside CRLF pairs and inside the multi-byte characters of the bodies
    provider = data.draw(st.sampled_from(sorted(_STREAMS)), label="provider")
    body = data.draw(_STREAMS[provider], label="body")
    chunks = _cuts(body, sizes, kinds)
    assert _adecoded(provider, chunks, pause) == _fed(provider, chunks)


def test_held_bytes_are_framed_at_the_end_of_the_source() -> None:
    head = b'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}'
    chunks = [head[i : i + 1] for i in range(len(head))]  # no line end at all
    log, failure = _adecoded("openai_chat", chunks, False)
    assert failure is None
    events = log[len(chunks) :]  # every chunk pulled before the first event
    assert [type(e).__name__ for e in events] == ["StreamStartEvent", "StreamDeltaEvent"]
    assert events[1].delta.text == "Hi"


def test_a_failing_source_propagates_after_the_events_before_it() -> None:
    class SourceDown(Exception):
        pass

    async def source() -> AsyncIterator[bytes]:
        yield _chat("Hi") + b"\n"
        yield b'data: {"choices":[{"index":0,"delta":{"con'  # held, never completed
        raise SourceDown

    async def run() -> list[Any]:
        seen: list[Any] = []
        with pytest.raises(SourceDown):
            async for e in lc.stream.adecode("openai_chat", source()):
                seen.append(e)
        return seen

    assert [type(e).__name__ for e in asyncio.run(run())] == ["StreamStartEvent", "StreamDeltaEvent"]


def test_an_early_stop_closes_the_source() -> None:
    pulled: list[int] = []
    closed: list[bool] = []

    async def source() -> AsyncIterator[bytes]:
        try:
            for i in range(100):
                pulled.append(i)
                yield _chat(f"t{i}") + b"\n"
        finally:
            closed.append(True)

    async def run() -> None:
        events = cast(AsyncGenerator[Any, None], lc.stream.adecode("openai_chat", source()))
        assert type(await events.__anext__()).__name__ == "StreamStartEvent"
        await events.aclose()  # the consumer stops early
        for _ in range(3):  # (the loop's finalizer hook schedules the source's aclose as a task)
            await asyncio.sleep(0)
        assert closed == [True]

    asyncio.run(run())
    assert pulled == [0]


def test_cancellation_while_awaiting_the_source_reaches_it_and_the_consumer() -> None:
    cancelled: list[bool] = []

    async def source() -> AsyncIterator[bytes]:
        yield b"data: {"  # held: no line end
        try:
            await asyncio.Event().wait()  # a read that never completes
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        yield b"}\n\n"

    async def consume() -> list[Any]:
        return [e async for e in lc.stream.adecode("openai_chat", source())]

    async def run() -> None:
        task = asyncio.ensure_future(consume())
        for _ in range(3):
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(run())
    assert cancelled == [True]


def test_an_event_ended_by_a_bare_cr_after_held_bytes_is_yielded_before_the_next_pull() -> None:
    # the chunk after a held one ends the event with CRs alone: it is framed, not held
    chunks = [b"data: {", _chat("Hi")[7:-1] + b"\r", b"\r", _chat("there")]
    log, failure = _adecoded("openai_chat", chunks, False)
    assert failure is None
    assert (log, failure) == _fed("openai_chat", chunks)
    kinds = [e if e == _PULL else type(e).__name__ for e in log]
    assert kinds == [_PULL, _PULL, _PULL, "StreamStartEvent", "StreamDeltaEvent", _PULL, "StreamDeltaEvent"]
