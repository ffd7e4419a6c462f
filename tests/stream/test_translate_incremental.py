"""Incremental output: translate and Encoder.feed_all write what an input chunk gives before the
next chunk is read (the writers' flush at the end of each chunk), for every destination dialect,
and the bytes are those of the Encoder fed the same chunks' events."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.stream._keepalive import KEEP_ALIVES

from .write_support import DIALECTS, REQUEST, skip_unless_writer

PAIRS = [(s, d) for s in DIALECTS for d in DIALECTS]


def _d(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


def _stream() -> list[Any]:
    """Thinking at slot 0, text at slot 1, then a call at slot 2 whose arguments come in pieces."""
    events: list[Any] = [lc.StreamStartEvent(id="msg_incr", model="m-1")]
    events += [_d(lc.ThinkingDelta(text=f"t{i} ", part_index=0)) for i in range(4)]
    events += [_d(lc.TextDelta(text=f"w{i} ", part_index=1)) for i in range(6)]
    events.append(_d(lc.ToolCallDelta(input="", part_index=2, id="call_1", name="look")))
    events += [_d(lc.ToolCallDelta(input=piece, part_index=2)) for piece in ('{"q":', '"a\\"b', '"}')]
    events.append(
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=5, output_tokens=7))
    )
    return events


def _chunks(src: str) -> list[bytes]:
    """The source stream cut one chunk per written event."""
    return [chunk for chunk in lc.stream.encode(src, _stream()) if chunk]


class _Seen:
    """Text, thinking and arguments decoded so far from a stream fed piece by piece."""

    def __init__(self, dialect: str) -> None:
        self.decoder = lc.stream.Decoder(dialect, request=REQUEST)
        self.text = ""
        self.thinking = ""
        self.args = ""

    def feed(self, data: bytes) -> tuple[str, str, str]:
        for event in self.decoder.feed(data):
            if isinstance(event, lc.StreamDeltaEvent):
                delta = event.delta
                if isinstance(delta, lc.TextDelta):
                    self.text += delta.text
                elif isinstance(delta, lc.ThinkingDelta):
                    self.thinking += delta.text
                elif isinstance(delta, lc.ToolCallDelta):
                    self.args += delta.input
        return self.text, self.thinking, self.args


def _carried(dst: str, seen: tuple[str, str, str]) -> tuple[str, str, str]:
    """What ``dst`` carries as it comes: a Gemini call is written whole (its arguments are one
    object), the other wires write each fragment; Chat Completions and Gemini carry the thinking."""
    text, thinking, args = seen
    return text, thinking, "" if dst == "gemini" else args


def _texts(response: lc.Response) -> str:
    return "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart))


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_translate_writes_each_chunk_before_the_next_is_read(src: str, dst: str, fixed_ids: None) -> None:
    skip_unless_writer(src)
    skip_unless_writer(dst)
    chunks = _chunks(src)
    pulled = 0

    def source() -> Iterator[bytes]:
        nonlocal pulled
        for chunk in chunks:
            pulled += 1
            yield chunk

    src_seen, dst_seen = _Seen(src), _Seen(dst)
    expected: list[tuple[str, str, str]] = []  # what the source had said after each chunk
    for chunk in chunks:
        expected.append(_carried(dst, src_seen.feed(chunk)))
    written: dict[int, bytes] = {}
    outputs = lc.stream.translate(src, dst, source(), request=REQUEST)
    for out in outputs:
        if out != KEEP_ALIVES[dst]:  # (a source's keep-alive, red team 21 F04: not the Encoder's)
            written[pulled] = written.get(pulled, b"") + out
    assert pulled == len(chunks)
    for k in range(1, len(chunks)):  # the last chunk's output may wait for the end (the close)
        now = _carried(dst, dst_seen.feed(written.get(k, b"")))
        assert now == expected[k - 1], f"{src}->{dst}: after input chunk {k}"
    dst_seen.feed(written.get(len(chunks), b""))
    final = lc.assemble(lc.stream.decode(dst, [b"".join(written.values())], request=REQUEST))
    assert _texts(final) == "".join(f"w{i} " for i in range(6))
    calls = [(p.name, p.input) for p in final.message.parts if isinstance(p, lc.ToolCallPart)]
    assert calls == [("look", {"q": 'a"b'})]

    if src in ("openai_chat", "gemini"):
        return  # translate names a start-less stream's start from its first frame; a Decoder does not
    # the same bytes as the Encoder fed each chunk's decoded events through feed_all
    decoder = lc.stream.Decoder(src, request=REQUEST)
    encoder = lc.stream.Encoder(dst)
    by_encoder = [encoder.feed_all(decoder.feed(chunk)) for chunk in chunks]
    by_encoder.append(encoder.feed_all(decoder.close()) + encoder.close())
    assert b"".join(written.values()) == b"".join(by_encoder)


@pytest.mark.parametrize("dst", DIALECTS)
def test_feed_all_writes_a_chunks_events_at_once(dst: str) -> None:
    """The Encoder's per-chunk face: every event fed, then what the writer held, so what one input
    chunk gave is written before the next arrives (Gemini's text chunk included)."""
    skip_unless_writer(dst)
    encoder = lc.stream.Encoder(dst)
    seen = _Seen(dst)
    events = _stream()
    assert seen.feed(encoder.feed_all(events[:3]))[1] == "t0 t1 "
    assert seen.feed(encoder.feed_all(events[3:8]))[:2] == ("w0 w1 w2 ", "t0 t1 t2 t3 ")
    written = encoder.feed_all(events[8:]) + encoder.close()
    assert seen.feed(written)[0] == "".join(f"w{i} " for i in range(6))


@pytest.mark.parametrize(("src", "dst"), PAIRS)
def test_chunking_does_not_change_the_bytes_or_the_response(src: str, dst: str, fixed_ids: None) -> None:
    """One chunk per event or the body whole: the same response; the same bytes except where the
    destination groups parts by chunk (Gemini: what one input chunk gave is one output chunk)."""
    skip_unless_writer(src)
    skip_unless_writer(dst)
    chunks = _chunks(src)
    piecewise = b"".join(lc.stream.translate(src, dst, chunks, request=REQUEST))
    whole = b"".join(lc.stream.translate(src, dst, [b"".join(chunks)], request=REQUEST))
    if dst != "gemini":
        assert piecewise == whole
    one = lc.assemble(lc.stream.decode(dst, [piecewise], request=REQUEST))
    other = lc.assemble(lc.stream.decode(dst, [whole], request=REQUEST))
    assert (one.message, one.finish_reason, one.usage) == (other.message, other.finish_reason, other.usage)
    if dst != "gemini":  # a Gemini response's provider_data is its last chunk, whose parts differ
        assert one.provider_data == other.provider_data
