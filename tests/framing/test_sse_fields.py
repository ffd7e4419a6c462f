"""The SSE field helpers: the white space table against str.isspace(), bulk framing against line by line."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.framing import _sse_fields, _sse_space, _sse_whole
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def test_unicode_white_space_is_every_non_ascii_isspace_character() -> None:
    expected = {chr(c).encode("utf-8") for c in range(0x80, 0x110000) if chr(c).isspace()}
    assert set(_sse_space._UNICODE_WS) == expected
    assert len(_sse_space._UNICODE_WS) == len(expected)


# Pieces of the unnamed-event shape ("data: {...}\n\n") and of what must leave it.
_TOKENS = [
    b"data: {", b"data: {}", b'"a":1}', b"}", b"\n\n", b"\n", b"data:{", b"data:  {", b"data: \t{",
    b"data: ", b"data: [", b"event: x\n", b": c\n", b"id: 1\n", b"\n\ndata: ", b"\n\ndata: {", b"{",
    b"\xc2\xa0{", b"\xe2\x80\x83", b"x", b"data: {\n", b"data: [DONE]", b"[DONE]",
]  # fmt: skip


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


@settings(max_examples=examples(1500), deadline=None)
@given(tokens=st.lists(st.sampled_from(_TOKENS), max_size=40))
def test_bulk_events_against_the_line_by_line_framer(tokens: list[bytes]) -> None:
    block = b"".join(tokens) + b"\n\n"
    assert _sse_fields.bulk_events(block) == _line_by_line(block)
    decoder = SSEDecoder()
    assert decoder.feed_data(block) + decoder.close_data() == _line_by_line(block)


def test_bulk_events_of_json_data_events() -> None:
    block = b'data: {"a":1}\n\ndata: {"b":"\xc3\xa9"}\n\ndata: {}\n\n'
    assert _sse_fields.bulk_events(block) == [b'{"a":1}', b'{"b":"\xc3\xa9"}', b"{}"]
    assert _sse_fields.bulk_events(b"data: {}\n\ndata:  {}\n\n") == [b"{}", b"{}"]
    assert _sse_fields.bulk_events(b"data: {}\n\n: c\n\ndata: {}\n\n") == [b"{}", b"{}"]
    assert _sse_fields.bulk_events(b"data: {}\n\ndata: [DONE]\n\n") == [b"{}", b"[DONE]"]


# The shapes real streams carry beyond the common one: CRLF, comments, id:/retry:, several data
# lines, with and without the space, keep-alive comments, a lone CR (line by line).
_VARIED = [
    b"data: {}", b"data:{}", b"data: a", b"data:", b"data:  x", b": keep-alive", b"id: 7", b"retry: 10",
    b"event: e", b"\r\n", b"\n", b"\r", b"data: \xe3\x80\x80y", b"data:\x1cz", b"x", b"{",
    b"\r\n\r\n", b"\n\n", b"data", b"datax: 1",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(
    tokens=st.lists(st.sampled_from(_VARIED), max_size=50),
    cuts=st.lists(st.integers(0, 400), max_size=8),
)
def test_feed_data_in_any_chunking_against_the_line_by_line_framer(
    tokens: list[bytes], cuts: list[int]
) -> None:
    body = b"".join(tokens)
    expected = _line_by_line(body)
    decoder = SSEDecoder()
    got: list[bytes] = []
    prev = 0
    for cut in sorted({min(c, len(body)) for c in cuts}):
        got += decoder.feed_data(body[prev:cut])
        prev = cut
    got += decoder.feed_data(body[prev:]) + decoder.close_data()
    assert got == expected


def test_segment_data_of_many_short_data_lines_and_other_lines() -> None:
    seg = b"data: a\n: c\ndata:b\nid: 1\ndata:\ndata: \xe3\x80\x80 c"
    assert _sse_fields.segment_data(seg) == b"a\nb\n\nc" == _line_by_line(seg + b"\n\n")[0]
    assert _sse_fields.segment_data(b": only\nid: 2") is None


def test_segment_data_of_a_long_event_is_cut_in_pieces_of_whole_lines() -> None:
    lines = [b"data: a", b": c", b"data:bb", b"id: 9", b"data:", b"data:\xe3\x80\x80 d"] * 30_000
    seg = b"\n".join(lines)
    assert len(seg) > 4 * _sse_fields._PIECE
    assert _sse_fields.segment_data(seg) == _line_by_line(seg + b"\n\n")[0]


# Lines of events with several data lines among ignored lines, blank-line runs and white space
# the per-event path strips: what the bulk substitution path must frame exactly, or refuse.
_LINES = [
    b"data: {", b"data:{", b'data: "a":1,', b'data:"b":2}', b"data: }", b"data:", b"data: ", b"data:  x",
    b"data: \tx", b"data:\xc2\xa0x", b"data:\xc2\xa9", b"data: data: x", b"data:data: x", b"data:data:x",
    b": keep-alive", b":", b"id: 7",
    b"retry: 10", b"event: e", b"event:", b"data", b"datax: 1", b" data: q", b"x", b"",
]  # fmt: skip


@settings(max_examples=examples(3000), deadline=None)
@given(lines=st.lists(st.sampled_from(_LINES), max_size=40))
def test_replaced_events_against_the_line_by_line_framer(lines: list[bytes]) -> None:
    block = b"".join(line + b"\n" for line in lines) + b"\n"
    events = _sse_fields.replaced_events(block)
    if events is not None:
        assert events == _line_by_line(block)
    assert _sse_fields.bulk_events(block) == _line_by_line(block)


@settings(max_examples=examples(300), deadline=None)
@given(
    lines=st.lists(st.sampled_from([line for line in _LINES if line]), min_size=1, max_size=12),
    long=st.booleans(),
)
def test_one_event_of_several_lines_against_the_line_by_line_framer(lines: list[bytes], long: bool) -> None:
    """A block of one event (no blank line but its last) goes by its lines when it may hold
    several data lines: the path a long event fed as one chunk takes."""
    if long:
        lines = [*lines[:1], b'data:"' + b"x" * 70_000 + b'",', *lines[1:]]
    block = b"".join(line + b"\n" for line in lines) + b"\n"
    assert _sse_fields.bulk_events(block) == _line_by_line(block)


_WS_LINES = [
    b"\ndata:", b"\ndata: ", b"data:", b" ", b"\n", b"\r", b"\t", b"\x0b", b"\x0c", b"\x1c", b"\x1f", b"x",
    b"{", b"\xc2\xa0", b"\xc2\xa9", b"\xe1\x9a\x80", b"\xe2\x80\x83", b"\xe2\x80\x94", b"\xe3\x80\x80",
    b"\xe3\x81\x82",
]  # fmt: skip


@settings(max_examples=examples(3000), deadline=None)
@given(tokens=st.lists(st.sampled_from(_WS_LINES), max_size=30))
def test_data_ws_first_against_the_lines(tokens: list[bytes]) -> None:
    text = b"\n" + b"".join(tokens) + b"\n"  # b"\n" + a block of whole lines
    values = [line[5:] for line in text.split(b"\n") if line.startswith(b"data:")]
    values = [v[1:] if v[:1] == b" " else v for v in values]
    want = any(not v or v[0] in _sse_space.WS_FIRST for v in values)
    assert _sse_fields.data_ws_first(text) == want


def test_data_ws_first_of_every_white_space_start() -> None:
    for ws in [bytes([c]) for c in sorted(_sse_space.WS_FIRST)] + list(_sse_space._UNICODE_WS):
        for prefix in (b"\ndata:", b"\ndata: ") if ws != b" " else (b"\ndata: ",):  # "data:" + " ": a prefix
            assert _sse_fields.data_ws_first(b"\ndata: {}" + prefix + ws + b"x\n"), (prefix, ws)
    assert not _sse_fields.data_ws_first(b"\ndata: {}\ndata:x\n: \t\n\xe3\x80\x80\n")


def test_replaced_events_of_a_block_longer_than_a_replacement_piece() -> None:
    event = b"event: e\ndata: {\ndata: " + b"x" * 300 + b"\ndata:}\n\n"
    block = event * 400
    assert len(block) > 4 * _sse_whole._REPLACE_PIECE
    assert _sse_fields.replaced_events(block) == _line_by_line(block)
    spaced = block.replace(b"data:}", b"data: }")
    assert _sse_fields.replaced_events(spaced) == _line_by_line(spaced)


def test_both_data_prefixes_are_removed_by_two_replacements(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block whose data lines mix "data: " and "data:" loses both prefixes by two bytes
    replacements, not a regular-expression substitution (3.7x the instructions on a 64 KiB block of
    the varied Chat stream); only a value that starts with "data:" after a spaced prefix, which the
    second replacement would take for a prefix, needs the substitution."""
    mixed = b'id: 1\ndata: {\ndata:"a": "data: x",\ndata: "b": 1}\n\n: ping\ndata:{\ndata: "c":2}\n\n'
    tricky = b"data: {\ndata: data: 1\ndata:}\n\n"
    want = {block: _line_by_line(block) for block in (mixed, tricky)}

    class Refusing:
        def sub(self, *args: object) -> bytes:
            raise AssertionError("substituted")

    monkeypatch.setattr(_sse_fields, "_DATA_PREFIXES", Refusing())
    assert _sse_fields.replaced_events(mixed) == want[mixed] == [b'{\n"a": "data: x",\n"b": 1}', b'{\n"c":2}']
    with pytest.raises(AssertionError, match="substituted"):
        _sse_fields.replaced_events(tricky)
    monkeypatch.undo()
    assert _sse_fields.replaced_events(tricky) == want[tricky] == [b"{\ndata: 1\n}"]


def test_replaced_events_takes_several_data_lines_with_other_lines() -> None:
    block = b': ka\n\nid: 1\ndata: {\ndata:"a": 1}\n\n\n\nevent: e\ndata: x\nretry: 1\ndata: y\n\n'
    assert _sse_fields.replaced_events(block) == [b'{\n"a": 1}', b"x\ny"] == _line_by_line(block)
    spaced = b"data:  x\ndata: y\n\n"  # white space first: stripped by one substitution
    assert _sse_fields.replaced_events(spaced) == [b"x\ny"] == _line_by_line(spaced)
    assert _sse_fields.replaced_events(b"data:\ndata: y\n\n") is None  # an empty data line


@settings(max_examples=examples(1500), deadline=None)
@given(tokens=st.lists(st.sampled_from(_TOKENS), max_size=40))
def test_crlf_blocks_against_the_line_by_line_framer(tokens: list[bytes]) -> None:
    block = b"".join(tokens).replace(b"\n", b"\r\n") + b"\r\n\r\n"
    decoder = SSEDecoder()
    assert decoder.feed_data(block) + decoder.close_data() == _line_by_line(block)


# One event's lines with a "\r" where a CRLF event may hide one: inside a value, an ignored line,
# before the blank line.
_CR_LINES = [
    b"data: {}", b"data:{}", b"data: {\rx}", b"data: {}\r", b"id: 1\rdata: 2", b": c\r", b"event: e",
    b"id: 7", b"data:  x", b"data:\r{}", b": keep-alive",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(lines=st.lists(st.sampled_from(_CR_LINES), max_size=6), crlf=st.booleans())
def test_one_event_with_a_lone_cr_against_the_line_by_line_framer(lines: list[bytes], crlf: bool) -> None:
    eol = b"\r\n" if crlf else b"\n"
    chunk = b"".join(line + eol for line in lines) + eol
    decoder = SSEDecoder()
    assert decoder.feed_data(chunk) + decoder.close_data() == _line_by_line(chunk)


def test_one_event_of_the_common_shapes_is_matched_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk that is one event of one data line (LF or CRLF, with or without the space, after up
    to four comment, event:, id: or retry: lines) is taken by one match, not by the block framer."""

    def refuse(*args: object) -> None:
        raise AssertionError("framed as a block")

    chunks = [
        b'data: {"a":1}\n\n',
        b"data:[DONE]\n\n",
        b'event: e\ndata: {"a":1}\n\n',
        b': ping\nid: 1\nevent: e\ndata:{"a":1}\n\n',
        b"retry: 3000\nevent: e\n: ping\nid: 0\ndata: {}\n\n",
        b'data: {"a":1}\r\n\r\n',
        b"event: e\r\nid: 7\r\ndata:{}\r\n\r\n",
    ]
    monkeypatch.setattr(SSEDecoder, "_frame_data", refuse)
    decoder = SSEDecoder()
    for chunk in chunks:
        assert decoder.feed_data(chunk) == _line_by_line(chunk), chunk


@settings(max_examples=examples(1500), deadline=None)
@given(lines=st.lists(st.sampled_from(_LINES), max_size=4), crlf=st.booleans())
def test_one_event_per_chunk_against_the_line_by_line_framer(lines: list[bytes], crlf: bool) -> None:
    eol = b"\r\n" if crlf else b"\n"
    chunk = b"".join(line + eol for line in lines) + eol
    decoder = SSEDecoder()
    assert decoder.feed_data(chunk) + decoder.close_data() == _line_by_line(chunk)


# Events of one data line each among the lines real servers add around it (keep-alive comment
# blocks, comment lines, event:, id: and retry: lines, data: with or without its space).
_AROUND = [b": keep-alive", b": ping", b"id: 7", b"retry: 3000", b"event: e", b"x"]


# Every such event: with or without a comment block first, up to three of those lines before the data
# line (any order, repeats), each data prefix and value; the simplest first, where a failure shrinks to.
# A block draws one of them per event: drawing each piece (eight draws an event) took 80% of the time.
_ONE_DATA_LINE_EVENTS = [
    b"".join(line + b"\n" for line in [*([b": c", b""] if comment else []), *before])
    + prefix
    + value
    + b"\n\n"
    for comment in (False, True)
    for count in range(4)
    for before in itertools.product(_AROUND, repeat=count)
    for prefix in (b"data: ", b"data:")
    for value in (b"{}", b'{"a":1}', b"[DONE]", b"x: y", b"data: z")
]


def _events_of_one_data_line(draw: st.DrawFn) -> bytes:
    events = st.sampled_from(_ONE_DATA_LINE_EVENTS)
    return b"".join(draw(events) for _ in range(draw(st.integers(1, 12))))


@settings(max_examples=examples(1500), deadline=None)
@given(block=st.composite(_events_of_one_data_line)())
def test_events_of_one_data_line_among_ignored_lines_against_the_line_by_line_framer(block: bytes) -> None:
    assert _sse_fields.bulk_events(block) == _line_by_line(block)
    crlf = block.replace(b"\n", b"\r\n")
    decoder = SSEDecoder()
    assert decoder.feed_data(crlf) + decoder.close_data() == _line_by_line(crlf)


def test_comment_and_field_lines_around_one_data_line_are_cut_by_one_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The shapes of keep-alive comments and id:/retry: fields are framed as the plain shape is (the
    simple-event split, the lines between its matches checked at once), not event by event."""

    def refuse(*args: object) -> None:
        raise AssertionError("framed event by event")

    monkeypatch.setattr(_sse_fields, "_one_data_line_events", refuse)
    monkeypatch.setattr(_sse_fields, "replaced_events", refuse)
    comments = b': OPENROUTER PROCESSING\n\nevent: a\ndata: {"x":1}\n\nevent: b\n: ping\ndata: {}\n\n'
    fields = b'retry: 3000\nevent: a\nid: 0\ndata: {"x":1}\n\nid: 1\ndata:{}\n\n'
    unnamed = b': keep-alive\n\ndata: {"x":1}\n\n: ping\ndata: {}\n\ndata: [DONE]\n\n'
    for block in (comments, fields, unnamed):
        assert _sse_fields.bulk_events(block) == _line_by_line(block)


# Events with ignored lines on both sides of their one data line (the data written first, then
# id:/event:/retry:, as zio-http and several C# and Java writers do; red team 25 F01), the data
# line's prefix and value as real or hostile servers write them, with any line end.
_FIELD_LINES = [b"id: 7", b"event: e", b"retry: 10", b": ping", b"event: ping", b"x", b"data: 2", b""]
_FIELD_VALUES = [b'{"a":1}', b"{}", b"[DONE]", b" {}", b"\t{", b"", b"\xc2\xa0{", b"data: z"]


@st.composite
def _fields_around_data(draw: st.DrawFn) -> bytes:
    eol = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    events = []
    for _ in range(draw(st.integers(1, 8))):
        before = draw(st.lists(st.sampled_from(_FIELD_LINES[:6]), max_size=5))
        after = draw(st.lists(st.sampled_from(_FIELD_LINES), max_size=6))
        prefix = draw(st.sampled_from([b"data: ", b"data:", b"data:  "]))
        data = prefix + draw(st.sampled_from(_FIELD_VALUES[:3] * 3 + _FIELD_VALUES))
        events.append(eol.join([*before, data, *after]) + eol + eol)
    if draw(st.booleans()):  # another line end in places: the mixes
        at = draw(st.integers(0, len(events) - 1))
        events[at] = events[at].replace(eol, draw(st.sampled_from([b"\n", b"\r\n", b"\r"])))
    return b"".join(events)


# 300 examples: tests/framing/test_sse_field_order.py's differential (800) draws field orders, line
# ends and cuts over the same framer; at 1,500 this one was the suite's slowest test (25-28 s).
@settings(max_examples=examples(300), deadline=None)
@given(body=_fields_around_data(), cuts=st.lists(st.integers(0, 600), max_size=6), per_event=st.booleans())
def test_fields_after_the_data_line_against_the_line_by_line_framer(
    body: bytes, cuts: list[int], per_event: bool
) -> None:
    """Any field order around the data line, leading white space in the value, CR/LF/CRLF and
    their mixes, whole, cut anywhere or one event per chunk: the events the line framer reads."""
    expected = _line_by_line(body)
    if b"\r" not in body:
        assert _sse_fields.bulk_events(body) == expected
    if per_event and b"\r" not in body:
        chunks = [event + b"\n\n" for event in body.split(b"\n\n")[:-1]]
    else:
        bounds = sorted({0, len(body), *(min(c, len(body)) for c in cuts)})
        chunks = [body[a:b] for a, b in itertools.pairwise(bounds)]
    decoder = SSEDecoder()
    got = [value for chunk in chunks for value in decoder.feed_data(chunk)] + decoder.close_data()
    assert got == expected


def test_fields_after_the_data_line_are_cut_by_one_split_or_one_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """id:, event: and retry: lines after the data line are framed as those before it are: a block by
    the simple-event split, a chunk of one event by one match (they were framed event by event,
    2-8.6x the floor)."""

    def refuse(*args: object) -> None:
        raise AssertionError("framed event by event")

    block = (
        b'data: {"x":1}\nid: 1\n\ndata: {}\nevent: e\nid: 2\nretry: 10\n\nevent: a\ndata: [DONE]\nid: 3\n\n'
    )
    with monkeypatch.context() as patched:
        patched.setattr(_sse_fields, "_one_data_line_events", refuse)
        patched.setattr(_sse_fields, "replaced_events", refuse)
        patched.setattr(_sse_fields, "segment_data", refuse)
        assert _sse_fields.bulk_events(block) == [b'{"x":1}', b"{}", b"[DONE]"] == _line_by_line(block)
    monkeypatch.setattr(SSEDecoder, "_frame_data", refuse)
    decoder = SSEDecoder()
    for chunk in (b'data: {"x":1}\nid: 1\n\n', b"event: e\ndata:{}\nid: 2\nretry: 10\n\n"):
        assert decoder.feed_data(chunk) == _line_by_line(chunk), chunk


# Events of several data lines (one JSON object spread over them), as servers and proxies write them:
# any number of data lines, each with or without its space, after up to five ignored lines, with the
# shapes the bulk split must leave to the slower paths (a value that is empty, starts with white space
# or with "data:", an ignored line between data lines, five ignored lines before the data).
_MULTI_VALUES = [
    b"{", b'"a":1,', b'"b":[2]}', b"}", b"x",
    b"data: z", b"data:z", b" y", b"", b"\xc2\xa0q", b"\xc2\xa9", b"a\rb",
]  # fmt: skip
# (the well-formed values nine times over: most events are of the shape the split takes)
_MULTI_LINES = [p + v for v in _MULTI_VALUES[:5] * 8 + _MULTI_VALUES for p in (b"data: ", b"data:")]


def _multi_line_event_pool(count: int, seed: int = 7) -> list[bytes]:
    """Events of that kind, drawn once (a block draws one per event: drawing each line took most of
    the test's time)."""
    rng = random.Random(seed)
    pool = []
    for _ in range(count):
        lines = [rng.choice(_MULTI_LINES) for _ in range(rng.randint(1, 6))]
        if rng.randrange(10) == 0:  # an ignored line between data lines
            lines.insert(rng.randint(0, len(lines)), rng.choice(_AROUND))
        before = [rng.choice(_AROUND) for _ in range(rng.choice((0, 0, 1, 2, 3, 4, 5)))]
        comment = [b": c", b""] if rng.randrange(4) == 0 else []
        pool.append(b"".join(line + b"\n" for line in [*comment, *before, *lines]) + b"\n")
    return pool


_MULTI_LINE_EVENTS = _multi_line_event_pool(4000)


def _multi_line_events(draw: st.DrawFn) -> bytes:
    events = st.sampled_from(_MULTI_LINE_EVENTS)
    return b"".join(draw(events) for _ in range(draw(st.integers(1, 8))))


@settings(max_examples=examples(1500), deadline=None)
@given(block=st.composite(_multi_line_events)(), cuts=st.lists(st.integers(0, 600), max_size=4))
def test_events_of_several_data_lines_against_the_line_by_line_framer(block: bytes, cuts: list[int]) -> None:
    """The bulk split (several data lines an event, their prefixes removed by replacements), the
    one-event match and every other path agree with the line framer, LF, CRLF and lone CR, in any
    chunking."""
    for body in (block, block.replace(b"\n", b"\r\n"), block.replace(b"\n", b"\r")):
        expected = _line_by_line(body)
        if 13 not in body:
            assert _sse_fields.bulk_events(body) == expected
        if _sse_fields.lone_cr(body) is None or 10 not in body:  # (mixed line ends: left to a framer)
            assert _sse_fields.whole_body_events(body) == expected
        decoder = SSEDecoder()
        got: list[bytes] = []
        prev = 0
        for cut in sorted({min(c, len(body)) for c in cuts}):
            got += decoder.feed_data(body[prev:cut])
            prev = cut
        assert got + decoder.feed_data(body[prev:]) + decoder.close_data() == expected


def test_events_of_several_data_lines_are_cut_by_one_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """A block of events that each spread one JSON object over several data lines after event:, id:
    or comment lines (with or without the space, LF or CRLF) is framed as the one-line shape is: one
    split, the continuation lines' prefixes removed by replacements over the block, not event by
    event nor line by line (nor by replaced_events' substitution of the other lines); a chunk that
    is one such event is matched whole."""

    def refuse(*args: object) -> None:
        raise AssertionError("framed event by event or line by line")

    blocks = [
        b'event: a\ndata: {"x":1,\ndata: "y":2}\n\n: ping\nid: 1\nevent: b\ndata:{\ndata:"z":[3]}\n\n',
        b'event: m\ndata: {"x":1,\ndata: "y":2,\ndata: "w":null}\n\n: keep-alive\n\ndata: {}\n\n'
        b"data: [DONE]\n\n",
        b': ping\ndata: {"a":"data: x",\ndata: "b":1}\n\ndata:{\ndata:"c":2}\n\n',
    ]
    want = {block: _line_by_line(block) for block in blocks}
    events = {
        b'id: 3\nevent: e\ndata: {"x":1,\ndata: "y":2}\n\n': [b'{"x":1,\n"y":2}'],
        b'data:{\r\ndata:"z":3}\r\n\r\n': [b'{\n"z":3}'],
    }
    assert {event: _line_by_line(event) for event in events} == events
    monkeypatch.setattr(_sse_fields, "_one_data_line_events", refuse)
    monkeypatch.setattr(_sse_fields, "replaced_events", refuse)
    monkeypatch.setattr(_sse_fields, "segment_data", refuse)
    for block in blocks:
        assert _sse_fields.bulk_events(block) == want[block]
        decoder = SSEDecoder()
        assert decoder.feed_data(block.replace(b"\n", b"\r\n")) == want[block]
    monkeypatch.setattr(SSEDecoder, "_frame_data", refuse)
    for event, data in events.items():
        assert SSEDecoder().feed_data(event) == data


# One line and its blank line, CRLF or LF, with "\r" and "\n" inside or around the value too: the
# one-line shortcut of whole_body_events takes a body only where the line framer sees one data line.
_ONE_LINE_PIECES = [b"x", b"{}", b" ", b"\xc2\xa0", b"\r", b"\n", b"\r\n", b"data: ", b"data:", b":"]


@settings(max_examples=examples(1500), deadline=None)
@given(
    head=st.sampled_from([b"data: ", b"data:", b"data:  ", b"event: e\r\ndata: ", b""]),
    value=st.lists(st.sampled_from(_ONE_LINE_PIECES), max_size=8),
    tail=st.sampled_from([b"\r\n\r\n", b"\n\n", b"\r\n\n", b"\n\r\n", b"\r\n\r\n\r\n", b"\r\r\n\r\n"]),
)
def test_one_line_bodies_against_the_line_by_line_framer(
    head: bytes, value: list[bytes], tail: bytes
) -> None:
    body = head + b"".join(value) + tail
    if _sse_fields.lone_cr(body) is not None:  # (a lone "\r": left to a framer)
        assert _sse_fields.whole_body_events(body) is None
        return
    got = _sse_fields.whole_body_events(body)
    assert got is None or got == _line_by_line(body)
    one_crlf_line = body.endswith(b"\r\n\r\n") and body.count(10) == 2 and body.count(13) == 2
    if one_crlf_line and body.startswith(b"data: "):  # the shortcut's shape: it takes it
        assert got == _line_by_line(body)
