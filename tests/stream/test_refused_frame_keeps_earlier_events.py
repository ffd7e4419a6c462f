"""A frame the framer refuses for size loses none of the good frames before it.

A body of good events and then one event (or line, or Gemini JSON-array element) over the framer's
limit: every entry point hands over the events of every frame that ended before the refused one,
then raises (``decode``, ``adecode``, ``Decoder.feed``'s ``.events``, ``assemble``'s ``.partial``,
``translate``'s output before its error event), whatever the chunking. Before the fix, the frames
cut earlier in the chunk (or the MiB slice) that held the refusal were dropped with it.

The expected events are those the good prefix alone decodes to. Small limits (``Decoder``'s
arguments) are fed whole, at every single cut and byte by byte; the entry points that frame with the
default limits get a line just over 64 MiB (Gemini's array: an element just over 128 MiB), fed whole
and in pieces.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Iterator
from functools import cache
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import stream
from lmcodec.errors import StreamDecodeError
from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES, SSEDecoder, iter_sse

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
LIMIT = 300  # the small limit: every good event is under it, the refused one over it


def _data(frame: dict[str, Any]) -> bytes:
    return json.dumps(frame, separators=(",", ":")).encode()


def _good_frames(provider: str) -> list[dict[str, Any]]:
    """Frames of a stream cut before its end: a start where the wire has one, three text deltas."""
    words = ["Hello", ", ", "world"]
    if provider == "anthropic":
        return [
            {"type": "message_start", "message": {"id": "msg_1", "model": "claude"}},
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            *(
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": w}}
                for w in words
            ),
        ]
    if provider == "openai":
        return [
            {
                "type": "response.created",
                "response": {"id": "resp_1", "model": "gpt", "status": "in_progress"},
            },
            *({"type": "response.output_text.delta", "output_index": 0, "delta": w} for w in words),
        ]
    if provider == "openai_chat":
        return [
            {"id": "c1", "model": "gpt", "choices": [{"index": 0, "delta": {"content": w}}]} for w in words
        ]
    return [{"candidates": [{"content": {"role": "model", "parts": [{"text": w}]}}]} for w in words]


def _big_frame(provider: str, size: int) -> bytes:
    """A text delta frame of the provider holding ``size`` bytes of text."""
    frame = _good_frames(provider)[-1]
    return _data(frame).replace(b'"world"', b'"' + b"x" * size + b'"')


def _sse(data: bytes, named: str | None) -> bytes:
    return (b"event: " + named.encode() + b"\n" if named else b"") + b"data: " + data + b"\n\n"


def _event_name(provider: str, data: bytes) -> str | None:
    return str(json.loads(data)["type"]) if provider in ("anthropic", "openai") else None


# (provider, shape): the SSE wires, and Gemini's JSON array body
SHAPES = [
    ("anthropic", "sse"),
    ("openai", "sse"),
    ("openai_chat", "sse"),
    ("gemini", "sse"),
    ("gemini", "array"),
]
# (the framer's limits, how the refused event goes over them)
REFUSALS = {
    "line": ({"max_line_bytes": LIMIT, "max_event_bytes": None}, "long line"),
    "event": ({"max_line_bytes": None, "max_event_bytes": LIMIT}, "long line"),
    "event of short lines": ({"max_line_bytes": None, "max_event_bytes": LIMIT}, "comments"),
}


def _body(provider: str, shape: str, refused: bytes) -> tuple[bytes, bytes]:
    """(the good prefix, the whole body: the prefix, the refused event, a good event after it)."""
    goods = [_data(f) for f in _good_frames(provider)]
    if shape == "array":
        prefix = b"[\n" + b"".join(g + b",\n" for g in goods)
        return prefix, prefix + refused + b",\n" + goods[-1] + b"]"
    prefix = b"".join(_sse(g, _event_name(provider, g)) for g in goods)
    return prefix, prefix + refused + _sse(goods[-1], _event_name(provider, goods[-1]))


def _small_body(provider: str, shape: str, how: str) -> tuple[bytes, bytes]:
    big = _big_frame(provider, 2 * LIMIT)
    if shape == "array":
        return _body(provider, shape, big)
    if how == "comments":  # an event whose lines are each short, together over the limit
        refused = b": keep-alive padding\n" * (LIMIT // 20 + 1) + _sse(
            _data(_good_frames(provider)[-1]), None
        )
    else:
        refused = _sse(big, _event_name(provider, big))
    return _body(provider, shape, refused)


def _small_cases() -> list[Any]:
    cases = []
    for provider, shape in SHAPES:
        for name, (limits, how) in REFUSALS.items():
            if shape == "array" and name != "event":  # an element is held to max_event_bytes only
                continue
            cases.append(pytest.param(provider, shape, limits, how, id=f"{provider}-{shape}-{name}"))
    return cases


def _fed(
    provider: str, chunks: list[bytes], limits: dict[str, Any]
) -> tuple[list[Any], BaseException | None]:
    """The events a Decoder hands over (returned, or on the error as ``.events``), and its error."""
    decoder = stream.Decoder(provider, request=REQUEST, **limits)
    got: list[Any] = []
    try:
        for chunk in chunks:
            got += decoder.feed(chunk)
        got += decoder.close()
    except StreamDecodeError as exc:
        return got + exc.events, exc
    except lc.DecodeError as exc:
        return got, exc
    return got, None


def _prefix_events(provider: str, prefix: bytes, limits: dict[str, Any]) -> list[Any]:
    """What the good prefix alone decodes to (no close: the stream goes on, no end is merged)."""
    return stream.Decoder(provider, request=REQUEST, **limits).feed(prefix)


def _chunkings(body: bytes) -> Iterator[tuple[str, list[bytes]]]:
    yield "whole", [body]
    for at in range(1, len(body)):
        yield f"cut at {at}", [body[:at], body[at:]]
    yield "byte by byte", [body[i : i + 1] for i in range(len(body))]


@pytest.mark.parametrize(("provider", "shape", "limits", "how"), _small_cases())
def test_decoder_hands_over_every_event_before_the_refused_one(
    provider: str, shape: str, limits: dict[str, Any], how: str
) -> None:
    prefix, body = _small_body(provider, shape, how)
    expected = _prefix_events(provider, prefix, limits)
    assert [e.type for e in expected].count("delta") == 3  # the three good text deltas
    for name, chunks in _chunkings(body):
        got, error = _fed(provider, chunks, limits)
        assert isinstance(error, StreamDecodeError), name
        assert "exceeds max_" in str(error), name
        assert got == expected, name


@pytest.mark.parametrize(("provider", "shape", "limits", "how"), _small_cases())
def test_the_error_names_the_refused_event(
    provider: str, shape: str, limits: dict[str, Any], how: str
) -> None:
    """The refused event is the one after the good frames: ``.frame`` is its index in the stream."""
    _, body = _small_body(provider, shape, how)
    for name, chunks in (("whole", [body]), ("byte by byte", [body[i : i + 1] for i in range(len(body))])):
        _, error = _fed(provider, chunks, limits)
        assert isinstance(error, StreamDecodeError) and error.frame == len(_good_frames(provider)), name


# -- the SSE framer itself (lc.sse) ------------------------------------------------------------


@pytest.mark.parametrize("limits", [{"max_line_bytes": 40}, {"max_event_bytes": 40}])
def test_iter_sse_yields_the_events_before_the_refused_one(limits: dict[str, Any]) -> None:
    body = b"data: a\n\nevent: e\ndata: b\n\n" + b"data: " + b"c" * 60 + b"\n\ndata: d\n\n"
    expected = [b"a", b"b"]
    for chunks in ([body], [body[i : i + 1] for i in range(len(body))], [body[:20], body[20:]]):
        got: list[bytes] = []
        with pytest.raises(lc.DecodeError, match="exceeds max_"):
            got.extend(e.data for e in iter_sse(chunks, **limits))
        assert got == expected


def test_a_framer_refusal_keeps_the_frames_it_cut_before_it() -> None:
    """SSEDecoder.feed_data / close_data raise, and frames_before_error() holds what they cut first."""
    framer = SSEDecoder(max_line_bytes=40)
    with pytest.raises(lc.DecodeError):
        framer.feed_data(b"data: a\n\ndata: b\n\ndata: " + b"c" * 60 + b"\n\n")
    assert framer.frames_before_error() == [b"a", b"b"]
    framer = SSEDecoder(max_line_bytes=40)
    assert framer.feed_data(b"data: a\n\ndata: b\n\ndata: " + b"c" * 30) == [b"a", b"b"]
    with pytest.raises(lc.DecodeError):
        framer.feed_data(b"c" * 30)
    assert framer.frames_before_error() == []


# -- the default limits: decode, adecode, assemble, translate -----------------------------------

PIECE = 1 << 20


@cache
def _huge(provider: str, shape: str) -> tuple[bytes, bytes]:
    """A body whose refused line is just over 64 MiB (an array element just over 128 MiB)."""
    if shape == "array":
        return _body(provider, shape, _big_frame(provider, DEFAULT_MAX_EVENT_BYTES))
    big = _big_frame(provider, DEFAULT_MAX_LINE_BYTES)
    return _body(provider, shape, _sse(big, _event_name(provider, big)))


def _huge_chunkings(prefix: bytes, body: bytes) -> Iterator[tuple[str, Iterator[bytes] | list[bytes]]]:
    """Whole (a list), and as pieces: the prefix cut in two, the rest a MiB at a time."""
    yield "whole", [body]
    for at in (len(prefix) // 2,):

        def pieces(at: int = at) -> Iterator[bytes]:
            yield body[:at]
            view = memoryview(body)
            for start in range(at, len(body), PIECE):
                yield bytes(view[start : start + PIECE])

        yield f"cut at {at}", pieces()


HUGE = [pytest.param(p, s, id=f"{p}-{s}") for p, s in SHAPES]


@pytest.mark.thorough
@pytest.mark.parametrize(("provider", "shape"), HUGE)
def test_decode_yields_every_event_before_the_refused_one(provider: str, shape: str) -> None:
    prefix, body = _huge(provider, shape)
    expected = _prefix_events(provider, prefix, {})
    for name, chunks in _huge_chunkings(prefix, body):
        got: list[Any] = []
        with pytest.raises(StreamDecodeError, match="exceeds max_"):
            got.extend(stream.decode(provider, chunks, request=REQUEST))
        assert got == expected, name


@pytest.mark.thorough
@pytest.mark.parametrize(("provider", "shape"), HUGE)
def test_adecode_yields_every_event_before_the_refused_one(provider: str, shape: str) -> None:
    prefix, body = _huge(provider, shape)
    expected = _prefix_events(provider, prefix, {})

    async def collect(chunks: Any, got: list[Any]) -> None:
        async def source() -> AsyncIterator[bytes]:
            for chunk in chunks:
                yield chunk

        async for event in stream.adecode(provider, source(), request=REQUEST):
            got.append(event)

    for name, chunks in _huge_chunkings(prefix, body):
        got: list[Any] = []
        with pytest.raises(StreamDecodeError, match="exceeds max_"):
            asyncio.run(collect(chunks, got))
        assert got == expected, name


@pytest.mark.thorough
@pytest.mark.parametrize(("provider", "shape"), HUGE)
def test_assemble_partial_holds_every_event_before_the_refused_one(provider: str, shape: str) -> None:
    prefix, body = _huge(provider, shape)
    with pytest.raises(lc.StreamAssemblyError) as cut:
        lc.assemble(stream.decode(provider, [prefix], request=REQUEST), request=REQUEST)
    expected = cut.value.partial
    assert expected is not None and expected.text == "Hello, world"
    for name, chunks in _huge_chunkings(prefix, body):
        with pytest.raises(StreamDecodeError, match="exceeds max_") as refused:
            lc.assemble(stream.decode(provider, chunks, request=REQUEST), request=REQUEST)
        assert refused.value.partial == expected, name


def _before_error(dst: str, written: bytes) -> tuple[list[Any], Any]:
    """The canonical events a ``dst`` client reads before the error event, and that error event."""
    events = list(stream.decode(dst, [written]))
    assert events and events[-1].type == "error"
    return events[:-1], events[-1]


# each source to two clients, every client twice (a 64 MiB body costs a second a run)
TRANSLATIONS = [
    pytest.param(p, s, dst, id=f"{p}-{s}-{dst}")
    for (p, s), dsts in zip(
        SHAPES,
        [
            ("openai", "gemini"),
            ("openai_chat", "anthropic"),
            ("anthropic", "gemini"),
            ("openai", "openai_chat"),
            ("gemini", "anthropic"),
        ],
        strict=True,
    )
    for dst in dsts
]


@pytest.mark.thorough
@pytest.mark.parametrize(("provider", "shape", "dst"), TRANSLATIONS)
def test_translate_writes_every_event_before_the_refused_one(
    provider: str, shape: str, dst: str, fixed_ids: None
) -> None:
    prefix, body = _huge(provider, shape)
    expected, _ = _before_error(dst, b"".join(stream.translate(provider, dst, [prefix], request=REQUEST)))
    assert "Hello, world" in "".join(getattr(e.delta, "text", "") for e in expected if e.type == "delta")
    for name, chunks in _huge_chunkings(prefix, body):
        got, error = _before_error(dst, b"".join(stream.translate(provider, dst, chunks, request=REQUEST)))
        assert got == expected, name
        assert "exceeds max_" in error.error.message, name
