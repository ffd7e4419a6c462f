"""One event of data lines whose values start with white space (pretty-printed JSON one ``data:`` line
per line, one event a chunk, issue #13): cut by one split and a ``bytes.lstrip`` a value
(``_sse_space.data_lines_event``), checked against the line framer in every line end and chunking."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.framing import _sse_fields, _sse_whole
from lmcodec.framing._sse_lines import SSELines
from lmcodec.framing._sse_space import data_lines_event
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


def _refuse(*args: object) -> None:
    raise AssertionError("framed by a substitution or line by line")


_PRETTY = b'data: {\ndata:   "a": [\ndata:     1,\ndata:     "x"\ndata:   ],\ndata:\t"b": null\ndata: }\n\n'
_FORMS = [
    _PRETTY,
    b"event: e\n: note\n" + _PRETTY,
    _PRETTY.replace(b'data:   "a"', 'data: \u3000\u00a0 "a"'.encode()),  # non-ASCII white space too
    b'data:  {\ndata:\ndata: \t \ndata:   "\xc3\xa9": "data: x"\ndata: }\n\n',  # empty, blank, "data:" inside
]


def test_pretty_printed_events_one_a_chunk_are_cut_by_one_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """LF events matched whole (no block framing); CRLF and lone-CR ones framed as one block: none by
    the prefixes' substitution (replaced_events), nor line by line."""
    lf = [_line_by_line(e) for e in _FORMS]
    crlf = [e.replace(b"\n", b"\r\n") for e in _FORMS]
    cr = [e.replace(b"\n", b"\r") for e in _FORMS]
    want = {e: _line_by_line(e) for e in crlf + cr}
    assert lf[0] == [b'{\n"a": [\n1,\n"x"\n],\n"b": null\n}']
    assert lf[3] == [b'{\n\n\n"\xc3\xa9": "data: x"\n}']
    monkeypatch.setattr(_sse_fields, "replaced_events", _refuse)
    monkeypatch.setattr(_sse_fields, "segment_data", _refuse)
    monkeypatch.setattr(_sse_fields, "data_value", _refuse)
    monkeypatch.setattr(SSELines, "feed", _refuse)
    for chunks in (crlf, cr):
        decoder = SSEDecoder()
        assert [decoder.feed_data(e) for e in chunks] == [want[e] for e in chunks]
    monkeypatch.setattr(SSEDecoder, "_frame_data", _refuse)
    decoder = SSEDecoder()
    assert [decoder.feed_data(e) for e in _FORMS] == lf


def test_several_events_a_chunk_skip_the_continued_match(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk of several one-line events has a blank line after its first data line: whole_event
    refuses it by two searches, without the continued shape's match (which walks back through the
    line); one continued event is still matched."""
    several = [b'data: {"a":1}\n\ndata: {"b":2}\n\n', b"event: x\ndata: 1\n\nevent: y\ndata: 2\n\n"]
    continued = b'event: x\ndata: {"a":\ndata: 1}\n\n'
    assert _sse_fields.whole_event(continued) == b'{"a":\n1}' == _line_by_line(continued)[0]
    monkeypatch.setattr(_sse_whole, "_WHOLE_CONTINUED_EVENT", _refuse)
    for chunk in several:
        assert _sse_fields.whole_event(chunk) is None
        decoder = SSEDecoder()
        assert decoder.feed_data(chunk) + decoder.close_data() == _line_by_line(chunk)


_VALUES = st.sampled_from(
    [b"{", b"}", b'"a": 1,', b"[DONE]", b"data: x", b"\xc3\xa9", b"\xe3\x80\x80", b"\xc2\xa0", b"", b"x\xc2"]
)
_WHITE = st.sampled_from([b"", b" ", b"  ", b"\t", b"\x0b\x1c ", " \u3000".encode(), "\u00a0\u2028".encode()])
_OTHER = st.sampled_from([b": c", b"event: e", b"id: 1", b"retry: 5", b"datax", b"data", b""])


@st.composite
def _events(draw: st.DrawFn) -> bytes:
    """One event: ignored lines, then data lines (white space before each value), perhaps another
    line among them (the split refuses it: framed otherwise)."""
    lines = [line for line in draw(st.lists(_OTHER, max_size=3)) if line]
    data = [b"data:" + draw(_WHITE) + value for value in draw(st.lists(_VALUES, min_size=1, max_size=8))]
    if draw(st.booleans()) and len(data) > 1:
        data.insert(draw(st.integers(1, len(data) - 1)), draw(_OTHER))
    return b"".join(line + b"\n" for line in lines + data) + b"\n"


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(_events(), min_size=1, max_size=4),
    st.sampled_from([b"\n", b"\r\n", b"\r"]),
    st.integers(1, 3),
)
def test_events_of_data_lines_one_or_more_a_chunk_against_the_line_framer(
    events: list[bytes], line_end: bytes, per_chunk: int
) -> None:
    """Events of data lines in any white space, one or several a chunk, LF, CRLF or lone CR, framed as
    the line framer frames them; data_lines_event of one LF event is its data, or None."""
    for event in events:
        data = data_lines_event(event, 0) if event.startswith(b"data:") else None
        assert data is None or [data] == _line_by_line(event)
    cuts = range(0, len(events), per_chunk)
    chunks = [b"".join(events[at : at + per_chunk]).replace(b"\n", line_end) for at in cuts]
    decoder = SSEDecoder()
    got = [data for chunk in chunks for data in decoder.feed_data(chunk)] + decoder.close_data()
    assert got == _line_by_line(b"".join(chunks))
