"""A stream's input of the wrong type is a TypeError that says what was expected, on every entry point."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import pytest

import lmcodec as lc

BODY = (
    b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":"stop"}]}'
    b"\n\n"
)


async def _agen(chunks: Iterable[Any]) -> AsyncIterator[Any]:
    for chunk in chunks:
        yield chunk


def _adecode(chunks: list[Any]) -> object:
    async def run() -> list[lc.StreamEvent]:
        return [e async for e in lc.stream.adecode("openai_chat", _agen(chunks))]

    return asyncio.run(run())


def _atranslate(chunks: list[Any]) -> object:
    async def run() -> list[bytes]:
        return [b async for b in lc.stream.atranslate("openai_chat", "anthropic", _agen(chunks))]

    return asyncio.run(run())


def _feed_each(chunks: list[Any]) -> object:
    decoder = lc.stream.Decoder("openai_chat")
    return [decoder.feed(c) for c in chunks] + [decoder.close()]


ENTRY_POINTS: dict[str, Callable[[list[Any]], object]] = {
    "Decoder.feed": _feed_each,
    "decode": lambda chunks: list(lc.stream.decode("openai_chat", chunks)),
    "assemble(decode)": lambda chunks: lc.assemble(lc.stream.decode("openai_chat", chunks)),
    "adecode": _adecode,
    "translate": lambda chunks: list(lc.stream.translate("openai_chat", "anthropic", chunks)),
    "atranslate": _atranslate,
}

WRONG_CHUNKS: dict[str, tuple[Any, str]] = {
    "str": (BODY.decode(), "not str (encode text first"),
    "None": (None, "not NoneType"),
    "int": (7, "not int"),
    "list": ([BODY], "not list"),
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("kind", WRONG_CHUNKS)
@pytest.mark.parametrize("position", ["only", "after a good chunk"])
def test_a_chunk_that_is_not_bytes_is_named(entry: str, kind: str, position: str) -> None:
    wrong, says = WRONG_CHUNKS[kind]
    chunks = [wrong] if position == "only" else [BODY[:20], wrong]
    with pytest.raises(TypeError, match="a stream chunk must be bytes, bytearray or memoryview") as info:
        ENTRY_POINTS[entry](chunks)
    assert says in str(info.value)


@pytest.mark.parametrize("entry", ["decode", "translate"])
@pytest.mark.parametrize("body", [BODY, bytearray(BODY), memoryview(BODY), BODY.decode()], ids=type)
def test_a_whole_body_passed_as_the_chunks_is_refused_at_the_call(entry: str, body: Any) -> None:
    call = {
        "decode": lambda: lc.stream.decode("openai_chat", body),
        "translate": lambda: lc.stream.translate("openai_chat", "anthropic", body),
    }[entry]
    refusal = r"iterable of byte chunks, not a \w+ object: pass a whole body as \[body\]"
    with pytest.raises(TypeError, match=refusal):
        call()


@pytest.mark.parametrize("entry", ENTRY_POINTS)
@pytest.mark.parametrize("wrap", [bytes, bytearray, memoryview], ids=lambda t: t.__name__)
def test_every_bytes_like_chunk_is_read(entry: str, wrap: Callable[[bytes], Any]) -> None:
    reference = ENTRY_POINTS[entry]([BODY[:30], BODY[30:]])
    assert ENTRY_POINTS[entry]([wrap(BODY[:30]), wrap(BODY[30:])]) == reference


EVENTS = [
    b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"%s"}}]}\n\n' % word
    for word in (b"Hello", b" big", b" world")
] + [b'data: {"id":"c","model":"m","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n']


def _one_buffer() -> Iterable[memoryview]:
    """The events handed over as views of one buffer the source overwrites for the next (a
    reader filling its buffer with ``readinto``)."""
    buffer = bytearray(max(map(len, EVENTS)))
    for event in EVENTS:
        size = len(event)
        buffer[:size] = event
        yield memoryview(buffer)[:size]


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_chunk_is_read_as_it_was_handed_over(entry: str) -> None:
    """lc.assemble joins small chunks into a batch before framing them; it kept the chunk objects
    themselves, so a view of a buffer the source then overwrote was read with the next chunk's
    bytes (a StreamDecodeError: the first event cut by the second's). A chunk that is not bytes
    is copied into the batch."""
    assert ENTRY_POINTS[entry](_one_buffer()) == ENTRY_POINTS[entry](list(EVENTS))
