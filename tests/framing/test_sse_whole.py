"""One SSE event matched whole (framing/_sse_whole.py): a chunk that cannot be one is refused
without the continued shape's match, the line framer's events otherwise; the plain CRLF chunk cut
by bytes methods as its matches cut it."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.framing import _sse_whole
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def _refuse(chunk: bytes) -> None:
    raise AssertionError(f"the continued shape's match over {chunk!r}")


@pytest.mark.parametrize(
    "chunk", [b'data: {"candidat', b"data:", b"data: [DO", b'event: delta\ndata: {"a"', b"event: x"]
)
def test_a_chunk_without_its_line_end_is_refused_without_the_continued_match(
    monkeypatch: pytest.MonkeyPatch, chunk: bytes
) -> None:
    """The first chunk of a small read (Gemini's body cut at 16 bytes): its missing line end was read
    as a data line at its start, and two more matches walked it."""
    monkeypatch.setattr(_sse_whole, "_WHOLE_CONTINUED_EVENT", _refuse)
    assert _sse_whole.whole_event(chunk) is None
    lines = SSEDecoder()
    assert [e.data for e in lines.feed(chunk)] == []  # (what the line framer cuts from it: nothing)


def _line_by_line(chunk: bytes) -> list[bytes]:
    lines = SSEDecoder()
    return [e.data for e in lines.feed(chunk)]


def _matched_crlf(chunk: bytes) -> bytes | None:
    """whole_event of a short CRLF chunk by its matches alone (its code before the bytes tests)."""
    end = len(chunk) - 4
    match = _sse_whole._WHOLE_CRLF_EVENT(chunk)
    if match is None:
        match = _sse_whole._WHOLE_CONTINUED_CRLF_EVENT(chunk)
        if match is None or chunk[end] != 13:
            return None
        data = chunk[match.end(1) : end].replace(b"\r\n", b"\n")
        return None if 13 in data else _sse_whole.continued_data(data)
    start = match.end(1)
    if match.lastindex != 1:
        end = match.start(2) - 2
    return chunk[start:end] if chunk.find(13, start) == end else None


_VALUE_BYTES = st.sampled_from(
    [b"{", b"}", b'"a"', b":", b"x", b" ", b"\t", b"\x0b", b"\x1c", b"\x1f", b"\x7f", b"\x80",
     b"\xe3\x80\x80", b"\xff", b"\r", b"\n", b"\r\n", b"data: ", b"data:", b"\r\n\r\n", b"\x00"]
)  # fmt: skip


_PLAIN = b"data: "  # (drawn most: the shape the bytes tests take)


@settings(max_examples=examples(1000), deadline=None)
@given(
    head=st.sampled_from(
        [_PLAIN, _PLAIN, _PLAIN, b"data:", b"data:  ", b"event: e\r\ndata: ", b"data: \r\n", b""]
    ),
    value=st.lists(_VALUE_BYTES, max_size=12).map(b"".join),
    tail=st.sampled_from(
        [
            b"\r\n\r\n",
            b"\r\n\r\n",
            b"\r\n\r\n",
            b"\n\r\n",
            b"\r\n\n",
            b"\r\r\n",
            b"\r\n\r\n\r\n",
            b"\r\nid: 1\r\n\r\n",
        ]
    ),
)
@example(head=_PLAIN, value=b"a\rb", tail=b"\r\n\r\n")  # a lone "\r" is a line end
@example(head=_PLAIN, value=b"a\nb", tail=b"\r\n\r\n")  # a bare "\n" too
@example(head=_PLAIN, value=b"\x1cx", tail=b"\r\n\r\n")  # a first byte the framer strips
@example(head=b"data:", value=b"ab", tail=b"\r\n\r\n")  # no space after the colon
def test_a_crlf_chunk_is_framed_as_its_matches_and_the_line_framer_frame_it(
    head: bytes, value: bytes, tail: bytes
) -> None:
    """The plain CRLF shape's bytes tests (``data: <value>\\r\\n\\r\\n``, Gemini's API chunk) give
    what the matches alone gave, for chunks drawn near that shape; and a value taken is the one
    event the line framer cuts."""
    chunk = head + value + tail
    got = _sse_whole.whole_event(chunk)
    assert got == _matched_crlf(chunk)
    if got is not None:
        assert _line_by_line(chunk) == [got]


def _no_match(chunk: bytes) -> None:
    raise AssertionError(f"a match over {chunk!r}")


@pytest.mark.parametrize(
    "chunk",
    [
        b'data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]},"finishReason":"STOP"}]}\r\n\r\n',
        b"data: x\r\n\r\n",
        b'data: {"a":"\xe3\x80\x80"}\r\n\r\n',
    ],
)
def test_a_crlf_chunk_of_one_data_line_is_taken_without_a_match(
    monkeypatch: pytest.MonkeyPatch, chunk: bytes
) -> None:
    """Gemini's API chunk (one ``data: `` line, CRLF) is cut by bytes methods: the match walked each
    byte of it (~3.6k instructions of a 374-byte chunk, callgrind)."""
    monkeypatch.setattr(_sse_whole, "_WHOLE_CRLF_EVENT", _no_match)
    monkeypatch.setattr(_sse_whole, "_WHOLE_CONTINUED_CRLF_EVENT", _no_match)
    assert _sse_whole.whole_event(chunk) == chunk[6:-4] == _line_by_line(chunk)[0]
