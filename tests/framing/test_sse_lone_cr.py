"""Lone ``\\r`` line ends framed in bulk (red team 25 F06, issue #13): a chunk whose line ends are all
a lone ``\\r`` is read with them as ``\\n``, and a ``\\r`` line end at a chunk's end is carried over
(a ``\\n`` first in the next chunk is that line end's), so neither sends the stream line by line.
Each test refuses the line-by-line framer (``feed``) and checks the frames against it."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.framing import _sse_fields
from lmcodec.framing._sse_lines import SSELines
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def _line_by_line(chunks: list[bytes]) -> list[list[bytes]]:
    """What the line framer hands over at each feed, then at close."""
    decoder = SSEDecoder()
    return [[e.data for e in decoder.feed(c)] for c in chunks] + [[e.data for e in decoder.close()]]


def _refuse(*args: object) -> None:
    raise AssertionError("framed line by line")


def _bulk(chunks: list[bytes]) -> list[list[bytes]]:
    """What ``feed_data`` hands over at each feed, the line framer refused, then ``close_data`` (which
    may frame what is left, a blank line at most, line by line)."""
    decoder = SSEDecoder()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SSELines, "feed", _refuse)
        fed = [decoder.feed_data(c) for c in chunks]
    return [*fed, decoder.close_data()]


_CR_BODY = (
    b'data: {"a":1}\r\r'
    b'event: e\rdata: {"b":2}\r\r'
    b": keep-alive\r\r"
    b'id: 7\rdata: {\rdata:   "c": 3\rdata: }\r\r'
    b"data:  [DONE]\rid: 8\r\r"
)


def _cut(body: bytes, cuts: list[int]) -> list[bytes]:
    edges = [0, *sorted({c % (len(body) + 1) for c in cuts}), len(body)]
    return [body[a:b] for a, b in itertools.pairwise(edges)]


def test_a_cr_body_is_framed_in_bulk_whole_per_event_and_in_every_two_chunk_cut() -> None:
    events = [piece + b"\r\r" for piece in _CR_BODY.split(b"\r\r")[:-1]]
    feedings = [[_CR_BODY], events, *([_CR_BODY[:at], _CR_BODY[at:]] for at in range(len(_CR_BODY) + 1))]
    expected = [_line_by_line(chunks) for chunks in feedings]
    assert expected[0] == [[b'{"a":1}', b'{"b":2}', b'{\n"c": 3\n}', b"[DONE]"], []]
    assert [_bulk(chunks) for chunks in feedings] == expected


def test_a_cr_line_end_cut_from_its_lf_is_one_line_end_in_bulk() -> None:
    """A chunk ending at a blank line's ``\\r``: its event is handed over at once (as the line framer
    does), and a ``\\n`` first in the next chunk is dropped as that line end's second byte, not read
    as a blank line; the next event is framed in bulk."""
    crlf = [b"data: 1\r\n\r", b"\ndata: 2\r\n\r\n", b"data: 3\r\n\r", b"\n"]
    cr = [b"data: 1\r\r", b"\ndata: 2\r\r", b"\n", b"\rdata: 3\r\r", b"data: 4\r\r"]
    expected = [_line_by_line(crlf), _line_by_line(cr)]
    assert expected == [[[b"1"], [b"2"], [b"3"], [], []], [[b"1"], [b"2"], [], [b"3"], [b"4"], []]]
    assert [_bulk(crlf), _bulk(cr)] == expected


_CR_LINES = [
    b'data: {"a":1}', b"data:{}", b"data: [DONE]", b"data:  {", b'data:   "b": 2', b"data: \t}",
    b"data:", b"data: ", b"data: data: x", b"data: \xc2\xa0{", b"id: 7", b"event: e", b"retry: 10",
    b": keep-alive", b"x", b"data:  \xe3\x80\x80z", b"", b"",
]  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(
    lines=st.lists(st.sampled_from(_CR_LINES), min_size=1, max_size=30),
    cuts=st.lists(st.integers(0, 800), max_size=8),
)
def test_cr_bodies_in_any_chunking_are_framed_in_bulk_as_the_line_framer_frames_them(
    lines: list[bytes], cuts: list[int]
) -> None:
    body = b"".join(line + b"\r" for line in lines) + b"\r"  # (complete: it ends with a blank line)
    chunks = _cut(body, cuts)
    assert _bulk(chunks) == _line_by_line(chunks)


# Events with lone-CR line ends, each a chunk: the shapes whole_event takes (one data line after
# up to four ignored lines or before them, several data lines, no space after "data:", a long
# value) and some it does not (white space first, no data line, an empty value).
_CR_EVENTS = [
    b'event: content_block_delta\rdata: {"type":"content_block_delta","index":0}\r\r',
    b'data: {"a":1}\r\r',
    b"data:[DONE]\r\r",
    b": ping\rid: 1\revent: e\rdata:{}\r\r",
    b"data: {}\rid: 7\revent: e\r\r",
    b'data: {\rdata: "b": 2\rdata: }\r\r',
    b"event: e\rdata: {" + b"x" * 3000 + b"}\r\r",
    b"data:  {}\r\r",
    b": keep-alive\r\r",
    b"data:\r\r",
]


def test_cr_events_one_a_chunk_are_matched_whole_after_the_first() -> None:
    """After a chunk that ends at a blank line's lone ``\\r``, a chunk that is one event with lone-CR
    line ends is matched whole, as an LF one is (``_frame_data``, the block path, refused); a
    ``\\n`` first in a chunk is that line end's (dropped), and the shapes the match does not take
    are framed as before (in bulk). Whole and byte by byte: the line framer's events too."""
    whole = _CR_EVENTS[:7]
    first = b"data: 0\r\r"  # (framed as a block: it sets the carry-over)
    decoder = SSEDecoder()
    assert decoder.feed_data(first) == [b"0"]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SSEDecoder, "_frame_data", _refuse)
        got = [decoder.feed_data(chunk) for chunk in whole]
    assert got == _line_by_line([first, *whole])[1:-1]
    assert got[-1] == [b"{" + b"x" * 3000 + b"}"]
    events = [first, *_CR_EVENTS, b"\n" + _CR_EVENTS[0], *_CR_EVENTS[1:]]
    assert _bulk(events) == _line_by_line(events)
    body = b"".join(events)
    for chunks in ([body], [bytes([b]) for b in body]):
        decoder = SSEDecoder()
        fed = [decoder.feed_data(c) for c in chunks] + [decoder.close_data()]
        assert fed == _line_by_line(chunks)


_EVENT_LINES = [
    b'data: {"a":1}', b"data:{}", b"event: e", b": ping", b"id: 7", b"data:  {", b"data:", b"x",
    b"data: data: z", b"data: \xc2\xa0{",
]  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(
    events=st.lists(
        st.tuples(
            st.lists(st.sampled_from(_EVENT_LINES), max_size=5),
            st.sampled_from([b"\r", b"\n", b"\r\n"]),
            st.booleans(),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_events_one_a_chunk_in_any_line_end_against_the_line_framer(
    events: list[tuple[list[bytes], bytes, bool]],
) -> None:
    """Events one a chunk, each with its own line end (lone CR, LF, CRLF), a ``\\r\\n`` cut after an
    event's last ``\\r`` where drawn (the ``\\n`` first in the next chunk): what ``feed_data`` hands
    over at each feed is what the line framer hands over."""
    chunks = []
    carried = b""
    for lines, eol, cut in events:
        chunk = carried + b"".join(line + eol for line in lines) + eol
        carried = b""
        if cut and eol == b"\r\n":
            chunk, carried = chunk[:-1], b"\n"
        chunks.append(chunk)
    if carried:
        chunks.append(carried)
    decoder = SSEDecoder()
    assert [decoder.feed_data(c) for c in chunks] + [decoder.close_data()] == _line_by_line(chunks)


def test_a_lone_cr_body_held_whole_is_framed_without_a_framer() -> None:
    """whole_body_events (a body held whole, stream/_whole.py) reads a body whose line ends are all a
    lone "\r" as LF, as the framer does, where it left it to a framer; mixed line ends still to one."""
    body = b'event: e\r: c\rdata: {"a":\rdata:  1}\r\rdata: [DONE]\r\r'
    expected = _line_by_line([body])
    assert _sse_fields.whole_body_events(body) == expected[0] + expected[1] == [b'{"a":\n1}', b"[DONE]"]
    assert _sse_fields.whole_body_events(body[:-1]) is None  # an unfinished last event
    assert _sse_fields.whole_body_events(body.replace(b"\r\r", b"\r\n\r", 1)) is None  # mixed
