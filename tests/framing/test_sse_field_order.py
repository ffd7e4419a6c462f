"""Field lines after the data line and values that start with white space (red team 25 F01, F02):
taken by the bulk paths, framed as lm15 frames them.

The SSE grammar gives fields no order; zio-http and several C# writers put ``id:`` / ``event:`` /
``retry:`` after ``data:``, and generic writers send pretty-printed JSON one ``data:`` line per line.
The bulk framer took them event by event or line by line (4-7x the floor); these tests pin that it
now takes them in one split, one match or one substitution, and check every path against the line
framer.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.framing import _sse_fields
from lmcodec.framing._sse_long import long_line_events
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


def _refuse(*args: object) -> None:
    raise AssertionError("framed event by event")


_TRAILING = [
    b'data: {"a":1}\nid: 0\n\n',
    b'data:{"a":2}\nevent: e\nid: 1\nretry: 3000\n\n',
    b'event: e\ndata: {"a":3}\nid: 2\n: c\n\n',
    b"id: 3\ndata: [DONE]\nid: 4\n\n",
]


def test_fields_after_the_data_line_are_cut_by_one_split(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_sse_fields, "_one_data_line_events", _refuse)
    monkeypatch.setattr(_sse_fields, "replaced_events", _refuse)
    monkeypatch.setattr(_sse_fields, "segment_data", _refuse)
    block = b"".join(_TRAILING) * 3
    assert _sse_fields.bulk_events(block) == _line_by_line(block)
    crlf = block.replace(b"\n", b"\r\n")
    decoder = SSEDecoder()
    assert decoder.feed_data(crlf) + decoder.close_data() == _line_by_line(crlf)


def test_one_event_with_fields_after_its_data_line_is_matched_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(SSEDecoder, "_frame_data", _refuse)
    decoder = SSEDecoder()
    for chunk in _TRAILING + [c.replace(b"\n", b"\r\n") for c in _TRAILING]:
        assert decoder.feed_data(chunk) == _line_by_line(chunk), chunk


def test_long_events_with_fields_after_the_data_line_are_walked_by_line_ends() -> None:
    events = [b'{"c":"' + bytes([65 + i]) * 5_000 + b'"}' for i in range(3)]
    block = b"".join(b"data: %s\nid: %d\nevent: e\n\n" % (e, n) for n, e in enumerate(events))
    assert long_line_events(block) == (events, len(block))
    five = b"data: " + events[0] + b"\na\nb\nc\nd\ne\n\n"  # five ignored lines: left to the split
    assert long_line_events(five) is None
    assert _sse_fields.bulk_events(five) == _line_by_line(five)


def test_values_that_start_with_white_space_are_stripped_in_bulk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretty-printed JSON one data line per line, ``data:  {``, a tab, a non-ASCII space: one
    substitution over the block, not the event's lines one by one."""
    monkeypatch.setattr(_sse_fields, "segment_data", _refuse)
    monkeypatch.setattr(_sse_fields, "data_value", _refuse)
    pretty = b'data: {\ndata:   "a": [\ndata:     1\ndata:   ]\ndata: }\n\n'
    two_spaces = b'data:  {"b":2}\nid: 1\n\n'
    mixed = b'data:\t{"c":3}\n\nevent: e\ndata: \xe3\x80\x80{}\n\n'
    for block in (pretty * 3, two_spaces * 3, (pretty + two_spaces) * 2, mixed + pretty):
        assert _sse_fields.bulk_events(block) == _line_by_line(block), block
    assert _sse_fields.bulk_events(pretty * 2) == [b'{\n"a": [\n1\n]\n}'] * 2


def test_white_space_beyond_the_bounded_strip_goes_line_by_line() -> None:
    """A run of more than 64 non-ASCII white space characters after ``data:`` is left to the
    per-event path (the substitution's repetition is bounded to bound its memory)."""
    for run in (63, 64, 65, 200):
        for space in (b" ", b"\xe3\x80\x80"):
            two = b"data: {}\n\ndata:" + space * run + b"x\n\n"
            block = two + b"data:" + space * run + b"\n\n"  # (white space only: no event)
            assert _sse_fields.bulk_events(block) == _line_by_line(block)
            assert _sse_fields.bulk_events(two) == [b"{}", b"x"]
            bounded = space != b" " and run > 64  # (an ASCII run is one class: stripped whatever its length)
            assert _sse_fields.replaced_events(two) == (None if bounded else [b"{}", b"x"])


# Lines of events in any field order: data lines (leading white space, empty, "data:" inside the
# value), the fields and comments servers add, before, between and after the data lines.
_LINES = [
    b'data: {"a":1}', b"data:{}", b"data: [DONE]", b"data:  {", b"data:   \"b\": 2", b"data: \t}",
    b"data:", b"data: ", b"data: data: x", b"data: \xc2\xa0{", b"id: 7", b"event: e", b"retry: 10",
    b": keep-alive", b"x", b"data:" + b" " * 70 + b"y", b"data:  \xe3\x80\x80z", b"data: \t", b"", b"", b"",
]  # fmt: skip
_ENDS = [b"\n", b"\r\n", b"\r"]


@settings(max_examples=examples(800), deadline=None)
@given(
    lines=st.lists(st.tuples(st.sampled_from(_LINES), st.sampled_from(_ENDS)), max_size=30),
    mixed=st.booleans(),
    cuts=st.lists(st.integers(0, 800), max_size=6),
)
def test_any_field_order_and_line_end_in_any_chunking_against_the_line_framer(
    lines: list[tuple[bytes, bytes]], mixed: bool, cuts: list[int]
) -> None:
    end = lines[0][1] if lines and not mixed else b"\n"
    body = b"".join(line + (eol if mixed else end) for line, eol in lines) + end
    expected = _line_by_line(body)
    lf = b"".join(line + b"\n" for line, _ in lines) + b"\n"
    assert _sse_fields.bulk_events(lf) == _line_by_line(lf)
    whole = _sse_fields.whole_event(body)
    if whole is not None:
        assert [whole] == expected
    decoder = SSEDecoder()
    got: list[bytes] = []
    prev = 0
    for cut in sorted({min(c, len(body)) for c in cuts}):
        got += decoder.feed_data(body[prev:cut])
        prev = cut
    assert got + decoder.feed_data(body[prev:]) + decoder.close_data() == expected


def test_one_pretty_printed_event_a_chunk_is_stripped_in_bulk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretty-printed JSON one ``data:`` line per line, one event a chunk (which the one-event matches
    refuse: its values start with white space): one substitution over the event, not its lines one by
    one; an event of a few long lines still goes by its lines (cheaper there)."""
    pretty = b'data: {\ndata:   "a": [\ndata:     1,\ndata:     "x"\ndata:   ]\ndata: }\n\n'
    events = [pretty, b"event: e\n" + pretty, pretty.replace(b"\n", b"\r\n"), pretty.replace(b"\n", b"\r")]
    expected = [_line_by_line(e) for e in events]
    long_lines = b"data: {\ndata:   " + b'"b": "' + b"y" * 3000 + b'"\ndata: }\n\n'
    assert _sse_fields.bulk_events(long_lines) == _line_by_line(long_lines)
    monkeypatch.setattr(_sse_fields, "segment_data", _refuse)
    monkeypatch.setattr(_sse_fields, "data_value", _refuse)
    decoder = SSEDecoder()
    assert [decoder.feed_data(e) for e in events] == expected
    assert expected[0] == [b'{\n"a": [\n1,\n"x"\n]\n}']
