"""The SSE field helpers: the white space table against str.isspace(), bulk framing against line by line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.stream import _sse_fields
from lmcodec.stream.sse import SSEDecoder


def test_unicode_white_space_is_every_non_ascii_isspace_character() -> None:
    expected = {chr(c).encode("utf-8") for c in range(0x80, 0x110000) if chr(c).isspace()}
    assert set(_sse_fields._UNICODE_WS) == expected
    assert len(_sse_fields._UNICODE_WS) == len(expected)


# Pieces of the unnamed-event shape ("data: {...}\n\n") and of what must leave it.
_TOKENS = [
    b"data: {", b"data: {}", b'"a":1}', b"}", b"\n\n", b"\n", b"data:{", b"data:  {", b"data: \t{",
    b"data: ", b"data: [", b"event: x\n", b": c\n", b"id: 1\n", b"\n\ndata: ", b"\n\ndata: {", b"{",
    b"\xc2\xa0{", b"\xe2\x80\x83", b"x", b"data: {\n", b"data: [DONE]", b"[DONE]",
]  # fmt: skip


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


@settings(max_examples=1500, deadline=None)
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
