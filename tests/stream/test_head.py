"""``HeadPeek`` (stream/_head.py) reads a stream's first data line at any chunking, looking at each
chunk's bytes once (red team 22 F02: it searched all it had seen again on every chunk, quadratic
in the chunks before that line), and reads a ``data:`` field at a line's start only, past pings and
comments (red team 22 F05)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lmcodec.stream import _head
from lmcodec.stream._head import HeadPeek


def _fed(chunks: list[bytes]) -> HeadPeek:
    peek = HeadPeek()
    for chunk in chunks:
        if peek.done:
            break
        peek.feed(chunk)
    return peek


def _read(peek: HeadPeek) -> tuple[Any, ...]:
    return (peek.id, peek.model, peek.created, peek.start_usage)


def _reference(body: bytes) -> tuple[Any, ...]:
    """What the first data line at a line's start that is not a ping's says (read whole, by json)."""
    for line in re.split(rb"\r\n|\r|\n", body):
        if line.startswith(b"data:"):
            head = json.loads(line[5:])
            if head.get("type") == "ping":
                continue
            created = head.get("created")
            usage = head["message"]["usage"] if "message" in head else None
            ident, model = head.get("id") or None, head.get("model") or None  # ("": none named)
            return (ident, model, created if created >= 0 else None, usage)
    return (None, None, None, None)


def test_keep_alive_chunks_before_the_first_data_line_are_not_held() -> None:
    """Comment chunks (``:\\n``, a proxy's keep-alives) leave at most a line's first 5 bytes held, so
    no chunk makes the next one's search longer (58c3527 held, and searched again, all of them)."""
    peek = HeadPeek()
    for _ in range(10_000):
        peek.feed(b":\n")
        assert len(peek.seen) <= 5
    for byte in b": a long comment line read a byte at a time, data: in it too\n":
        peek.feed(bytes([byte]))
        assert len(peek.seen) <= 5
    peek.feed(b'data: {"id":"c1","model":"m"}\n')
    assert peek.done and (peek.id, peek.model) == ("c1", "m")


def test_a_ping_and_comments_before_the_message_start_are_passed_over() -> None:
    body = (
        b': data: a comment\n\nevent: ping\ndata: {"type": "ping"}\n\n'
        b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1",'
        b'"usage":{"input_tokens":9,"output_tokens":1}}}\n\n'
    )
    assert _fed([body]).start_usage == {"input_tokens": 9, "output_tokens": 1}


_HEADS = st.fixed_dictionaries(
    {
        "id": st.text(max_size=8),
        "model": st.text(max_size=8),
        "created": st.integers(-3, 2**40),
        "message": st.fixed_dictionaries(
            {"usage": st.fixed_dictionaries({"input_tokens": st.integers(0, 99)})}
        ),
    }
)
_BEFORE = st.lists(
    st.sampled_from(
        [
            b": keep-alive",
            b":",
            b": data: in a comment",
            b"event: ping",
            b'data: {"type":"ping"}',
            b"",
            b"retry: 100",
            b"id: data:",
            b"event: message_start",
        ]
    ),
    max_size=8,
)


@st.composite
def _streams(draw: st.DrawFn) -> tuple[bytes, list[bytes]]:
    end = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    head = json.dumps(draw(_HEADS)).encode()
    lines = [*draw(_BEFORE), b"data: " + head, b'data: {"id":"not this one","created":1}']
    body = end.join(lines) + end
    cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=12)))
    chunks = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    return body, chunks


@given(_streams())
def test_any_chunking_reads_what_the_first_data_line_says(stream: tuple[bytes, list[bytes]]) -> None:
    """The whole body (the first chunk's ``find``, where its first ``data:`` starts a line), byte by
    byte (the line-by-line path alone) and cut anywhere read what the reference reads."""
    body, chunks = stream
    one_by_one = [body[i : i + 1] for i in range(len(body))]
    assert _read(_fed(chunks)) == _read(_fed([body])) == _read(_fed(one_by_one)) == _reference(body)


_BOM = b"\xef\xbb\xbf"


@given(_streams(), st.integers(0, 4))
def test_a_bom_cut_anywhere_is_dropped(stream: tuple[bytes, list[bytes]], first: int) -> None:
    """A UTF-8 BOM before the body, the first chunk cut at any of its bytes (or past it), then any
    chunking: the head read is the body's own (review 14 F06: a BOM cut by the first chunk boundary
    made the first line "not a data line", and the second event's head was read)."""
    body, chunks = stream
    stream_bytes = _BOM + body
    cut = [stream_bytes[:first], stream_bytes[first:]]
    byte_by_byte = [stream_bytes[i : i + 1] for i in range(len(stream_bytes))]
    assert _read(_fed(cut)) == _read(_fed([_BOM[:first], _BOM[first:], *chunks])) == _reference(body)
    assert _read(_fed(byte_by_byte)) == _reference(body)


@pytest.mark.parametrize("first", range(4))
def test_a_bom_split_at_each_byte_reads_the_first_event(first: int) -> None:
    body = (
        _BOM + b'data: {"id":"chatcmpl-1","model":"gpt-first"}\n\ndata: {"id":"chatcmpl-2","model":"x"}\n\n'
    )
    peek = _fed([body[:first], body[first:]])
    assert (peek.id, peek.model) == ("chatcmpl-1", "gpt-first")


def test_a_bom_like_start_that_is_not_one_is_read_as_bytes() -> None:
    """Only the three bytes of the BOM are dropped: a stream that begins with its first byte
    only keeps that byte (its first line is then no data line)."""
    body = b'\xefdata: {"id":"a"}\ndata: {"id":"b"}\n'
    assert _fed([body[:1], body[1:]]).id == _fed([body]).id == "b"


class _CountedSearch:
    """``_head._LINE_END`` with its ``search`` calls counted."""

    def __init__(self) -> None:
        self.calls = 0

    def search(self, string: bytes, *pos: int) -> re.Match[bytes] | None:
        self.calls += 1
        return re.compile(rb"[\r\n]").search(string, *pos)


@pytest.mark.parametrize(
    "chunk",
    [b":\n" * 32768, b": ping\n" * 9000, b'[{\n  "candidates": [\n    {"index": 0}\n  ]\n},\n' * 1200],
    ids=["comment lines", "ping comments", "gemini json array"],
)
def test_a_chunk_without_a_data_line_is_not_walked_line_by_line(
    monkeypatch: pytest.MonkeyPatch, chunk: bytes
) -> None:
    """Where no ``data:`` starts a line, a chunk costs a ``find`` and a look for its last line end,
    not a search a line (review 14 F03: 1 MiB of ``:\\n`` cost HeadPeek ~7x the SSE framer, a
    Gemini JSON-array stream's translate 3.5x -> 15.2x the floor)."""
    counted = _CountedSearch()
    monkeypatch.setattr(_head, "_LINE_END", counted)
    peek = HeadPeek()
    for _ in range(4):
        peek.feed(chunk)
    assert counted.calls <= 4 and len(peek.seen) <= 5 and not peek.done
    peek.feed(b'\ndata: {"id":"c1","model":"m"}\n')
    assert peek.done and (peek.id, peek.model) == ("c1", "m")
