"""Events with long data lines (red team 14, F03 and F04): cut by line-end searches, never walked
byte by byte by a regular expression, kept raw while pending whatever their length, and framed as
the line-by-line framer frames them at every chunking (whole, 64 KiB, random cuts, byte by byte,
CRLF); through the decoders, as lm15 1.5.0 reads them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing import _sse_fields, _sse_whole
from lmcodec.framing._sse_lines import SSELines
from lmcodec.framing._sse_long import LONG_LINE, last_blank_line, long_line_event, long_line_events
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples
from ..providers.sweep_support import stream_findings

LONG = b"x" * (LONG_LINE + 5)


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


def _fed(body: bytes, cuts: list[int]) -> list[bytes]:
    decoder = SSEDecoder()
    got: list[bytes] = []
    at = 0
    for cut in [*sorted(cuts), len(body)]:
        got += decoder.feed_data(body[at:cut])
        at = cut
    return got + decoder.close_data()


_TOKENS = [
    b"data: " + LONG, b"data:" + LONG, b"data: {" + LONG, b"data: {}", b"data: " + b"y" * 300, b"data:",
    b"data:  " + LONG, b": keep-alive", b"id: 7", b"event: e", b"event: " + LONG, b": " + LONG, LONG,
    b"\n", b"\n\n", b"\r\n", b"\r\n\r\n", b"\r", b"\n\r", b"data: \xe3\x80\x80y",
]  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(
    tokens=st.lists(st.sampled_from(_TOKENS), max_size=30),
    cuts=st.lists(st.integers(0, 200_000), max_size=12),
)
def test_long_lines_at_random_cuts_against_the_line_by_line_framer(
    tokens: list[bytes], cuts: list[int]
) -> None:
    body = b"".join(tokens)
    cuts = [c for c in cuts if c <= len(body)]
    expected = _line_by_line(body)
    assert _fed(body, []) == expected
    assert _fed(body, cuts) == expected
    assert _fed(body, list(range(65536, len(body), 65536))) == expected


def _stream(events: list[bytes], eol: bytes) -> bytes:
    return b"".join(b"event: e" + eol + b"data: " + data + eol + eol for data in events)


@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
def test_long_events_fed_byte_by_byte_and_whole(eol: bytes) -> None:
    events = [b"{}", b'"' + b"a" * 5000 + b'"', b"[1]", b'"' + b"b" * 3000 + b'"', b"2"]
    body = _stream(events, eol)
    assert _line_by_line(body) == events
    assert _fed(body, list(range(1, len(body)))) == events
    assert _fed(body, []) == events
    assert _fed(body, list(range(0, len(body), 4096))) == events


_SHAPES = [
    b"data: " + LONG + b"\n\n",
    b"event: e\nid: 1\n: c\nretry: 5\ndata:" + LONG + b"\n\n",
    b"event: e\r\ndata: " + LONG + b"\r\n\r\n",
    b"data: " + LONG + b"\ndata: {}\n\n",  # continued over two data lines
    b"data: " + LONG + b"\r\ndata: {}\r\n\r\n",
    b"data: " + LONG + b"\n\ndata: {}\n\n",  # two events
    b"data: " + LONG + b"\r\n\r\ndata: {}\r\n\r\n",
    b"data: " + LONG + b"\rx\n\n",  # a lone "\r" is a line end
    b"data: " + LONG + b"\r\n\n",
    b"data: " + LONG + b"\n\r\n",
    b"data:  " + LONG + b"\n\n",  # white space first: stripped line by line
    b"a\nb\nc\nd\ne\ndata: " + LONG + b"\n\n",  # five ignored lines
    b"data: " + LONG + b"\n",
    b"data: " + LONG,
]


@pytest.mark.parametrize("chunk", _SHAPES)
def test_one_long_chunk_is_the_event_the_line_framer_cuts_or_none(chunk: bytes) -> None:
    data = _sse_fields.whole_event(chunk)
    if data is not None:
        assert [data] == _line_by_line(chunk)
    assert _fed(chunk, []) == _line_by_line(chunk)


def test_a_long_chunk_is_never_matched_by_a_regular_expression(monkeypatch: pytest.MonkeyPatch) -> None:
    """F04: a 64 KiB block whose first event is 40 KB was walked twice by two failing matches."""

    def refuse(chunk: bytes) -> None:
        raise AssertionError(f"a regular expression over {len(chunk)} bytes")

    for name in (
        "_WHOLE_EVENT",
        "_WHOLE_CRLF_EVENT",
        "_WHOLE_CONTINUED_EVENT",
        "_WHOLE_CONTINUED_CRLF_EVENT",
    ):
        monkeypatch.setattr(_sse_whole, name, refuse)
    first = b"event: content_block_start\ndata: {" + b"E" * 40_000 + b"}\n\n"
    block = first + b"event: ping\ndata: {}\n\n" * 3
    assert _sse_fields.whole_event(block) is None
    assert _sse_fields.whole_event(first) == first[33:-2]
    crlf = first.replace(b"\n", b"\r\n")
    assert _sse_fields.whole_event(crlf + crlf) is None
    assert _sse_fields.whole_event(crlf) == crlf[34:-4]


def test_a_block_of_long_events_is_cut_without_the_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """The split walked each byte of a long value (~5 instructions a byte); the short events after a
    long one are walked too while the events walked are long on average."""
    long = [b'{"c":"' + bytes([65 + i]) * 40_000 + b'"}' for i in range(3)]
    events = [long[0], b"{}", b"[]", long[1], b"{}", long[2], b"1"]
    block = _stream(events, b"\n")

    def refuse(block: bytes) -> None:
        raise AssertionError(f"a split over {len(block)} bytes")

    monkeypatch.setattr(_sse_fields, "_simple_events", refuse)
    assert _sse_fields.bulk_events(block) == events
    many_short = _stream([long[0]] + [b"{}"] * 200, b"\n")
    monkeypatch.undo()
    assert _sse_fields.bulk_events(many_short) == _line_by_line(many_short)
    walked, end = long_line_events(many_short) or ([], 0)
    assert end < len(many_short)  # the short events' rest is left to the split
    assert walked[0] == long[0]


@settings(max_examples=examples(300), deadline=None)
@given(tokens=st.lists(st.sampled_from([*_TOKENS[:13], b"\n", b"\n\n"]), max_size=20))
@example(tokens=[b"data: " + LONG, b"\n\n", b"data: " + LONG, b"\n", b"data: " + LONG])
def test_walked_events_are_the_line_framer_s(tokens: list[bytes]) -> None:
    block = b"".join(tokens).replace(b"\r", b"") + b"\n\n"
    walked = long_line_events(block)
    if walked is None:
        return
    events, end = walked
    assert block[:end].endswith(b"\n\n")
    assert events == _line_by_line(block[:end])


@pytest.mark.parametrize(
    "second",
    [
        b"data: " + LONG + b"\ndata: {}\n\n",
        b"data: {}\ndata: " + LONG + b"\n\n",
        b"data: " + LONG + b"\nid: 7\ndata: x\n\n",
        b"data: " + LONG + b"\nid: 7\n" + LONG + b"\n\n",
    ],
    ids=["long then short data line", "short then long", "id then data", "id then a field-less line"],
)
@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
def test_an_event_of_several_lines_after_a_long_event_is_framed_whole(second: bytes, eol: bytes) -> None:
    """The long-line walk stops at an event it does not take (a second data line, a data line after
    an id:) and hands the split the rest from that event's start: it handed over -1 (the walk's
    "not mine"), and the event was lost (76ca023 to 7198460)."""
    body = (b"data: " + LONG + b"\n\n" + second + b"data: {}\n\n").replace(b"\n", eol)
    expected = _line_by_line(body)
    assert len(expected) == 3
    assert _fed(body, []) == expected
    assert _fed(body, list(range(0, len(body), 1000))) == expected


def test_a_chat_stream_keeps_an_event_of_two_data_lines_after_a_long_one() -> None:
    """The same through lc.stream.decode: an event's JSON on two data lines reads as on one."""
    text = "x" * (LONG_LINE + 10)
    first = json.dumps({"choices": [{"index": 0, "delta": {"content": text}}]}).encode()
    second = [b'{"choices": [{"index": 0,', b' "delta": {"content": "' + b"y" * LONG_LINE + b'"}}]}']
    joined = b"data: " + first + b"\n\ndata: " + b"".join(second) + b"\n\ndata: [DONE]\n\n"
    split = b"data: " + first + b"\n\ndata: " + b"\ndata: ".join(second) + b"\n\ndata: [DONE]\n\n"
    request = lc.Request(model="m", messages=(lc.Message.user("hi"),))
    expected = list(lc.stream.decode("openai_chat", [joined], request=request))
    assert "".join(getattr(e.delta, "text", "") for e in expected if e.type == "delta").endswith("y")
    assert list(lc.stream.decode("openai_chat", [split], request=request)) == expected


@settings(max_examples=examples(300), deadline=None)
@given(
    pieces=st.lists(st.sampled_from([b"x", b"\n", b"\r", b"\n\n", b"\n\r\n", b"ab" * 40]), max_size=40),
    start=st.integers(0, 100),
    stop=st.integers(0, 400),
    blank=st.sampled_from([b"\n\n", b"\n\r\n"]),
)
def test_last_blank_line_is_rfind(pieces: list[bytes], start: int, stop: int, blank: bytes) -> None:
    data = b"".join(pieces)
    assert last_blank_line(data, blank, start, stop) == data.rfind(blank, start, stop)


@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
def test_a_long_pending_event_is_kept_raw_not_framed_line_by_line(
    monkeypatch: pytest.MonkeyPatch, eol: bytes
) -> None:
    """F03: an event over 64 KiB fed in 64 KiB chunks went line by line (each chunk searched twice
    for a blank line, then split into lines and copied); it is framed in bulk as it is fed whole."""
    events = [b"{}", b'"' + b"t" * 3_000_000 + b'"', b'"' + b"u" * 200_000 + b'"', b"{}"]
    body = _stream(events, eol)

    def refuse(self: SSELines, data: bytes) -> list[object]:
        raise AssertionError(f"{len(data)} bytes framed line by line")

    monkeypatch.setattr(SSELines, "feed", refuse)
    assert _fed(body, list(range(65536, len(body), 65536))) == events
    assert _fed(body, list(range(16384, len(body), 16384))) == events


def test_a_pending_event_over_the_smaller_limit_still_goes_line_by_line() -> None:
    body = _stream([b'"' + b"t" * 300_000 + b'"'], b"\n")
    decoder = SSEDecoder(max_line_bytes=200_000)
    with pytest.raises(lc.DecodeError, match="max_line_bytes=200000"):
        for at in range(0, len(body), 65536):
            decoder.feed_data(body[at : at + 65536])


def test_long_line_event_answers_whether_the_event_may_continue() -> None:
    assert long_line_event(b"data: " + LONG + b"\ndata: {}\n\n") == (None, True)
    assert long_line_event(b"data: " + LONG + b"\n\ndata: {}\n\n") == (None, False)
    assert long_line_event(b"data: " + LONG) == (None, False)
    assert long_line_event(b"data: " + LONG + b"\r\ndata: {}\r\n\r\n") == (None, True)


# -- the decoders, against lm15 ------------------------------------------------------------------


def _sse(frames: list[dict[str, Any]]) -> bytes:
    return b"".join(
        f"event: {f['type']}\ndata: {json.dumps(f, separators=(',', ':'))}\n\n".encode() for f in frames
    )


_START = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude", "content": []}
_END = [
    {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 9}},
    {"type": "message_stop"},
]


def _anthropic_server_results(blocks: int) -> bytes:
    """F04's shape: blocks of 10 web search results (4 KB of encrypted content each), a text after each."""
    frames: list[dict[str, Any]] = [{"type": "message_start", "message": _START}]
    for i in range(blocks):
        results = [
            {"type": "web_search_result", "title": f"T{j}", "url": f"https://e.com/{i}/{j}",
             "encrypted_content": "E" * 4000, "page_age": "2025"} for j in range(10)
        ]  # fmt: skip
        result = {"type": "web_search_tool_result", "tool_use_id": f"srvtoolu_{i}", "content": results}
        text = {"type": "text_delta", "text": f"Fact {i}. "}
        frames += [
            {"type": "content_block_start", "index": 2 * i, "content_block": result},
            {"type": "content_block_stop", "index": 2 * i},
            {
                "type": "content_block_start",
                "index": 2 * i + 1,
                "content_block": {"type": "text", "text": ""},
            },
            {"type": "content_block_delta", "index": 2 * i + 1, "delta": text},
            {"type": "content_block_stop", "index": 2 * i + 1},
        ]
    return _sse(frames + _END)


def _responses_image(size: int) -> bytes:
    """F03's shape: a Responses image generation, three partial images of ``size`` bytes."""
    image = "iVBORw0KGgo" + "A" * size
    item = {"id": "ig_1", "type": "image_generation_call", "status": "completed", "result": image}
    text = {"type": "output_text", "text": "Here.", "annotations": []}
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [text],
    }
    usage = {"input_tokens": 3, "output_tokens": 4, "total_tokens": 7}
    response = {"id": "resp_1", "model": "gpt", "status": "in_progress", "output": []}
    done = dict(response, status="completed", output=[item, message], usage=usage)
    partial = {"type": "response.image_generation_call.partial_image", "output_index": 0, "item_id": "ig_1"}
    delta = {"type": "response.output_text.delta", "output_index": 1, "item_id": "msg_1", "content_index": 0}
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": response},
        {"type": "response.output_item.added", "output_index": 0, "item": dict(item, result=None)},
        *(dict(partial, partial_image_index=i, partial_image_b64=image) for i in range(3)),
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.output_item.added", "output_index": 1, "item": dict(message, content=[])},
        dict(delta, delta="Here."),
        {"type": "response.output_item.done", "output_index": 1, "item": message},
        {"type": "response.completed", "response": done},
    ]
    return _sse(frames)


@pytest.mark.parametrize(
    ("provider", "body"),
    [
        ("anthropic", _anthropic_server_results(4)),
        ("openai", _responses_image(200_000)),
        ("anthropic", _anthropic_server_results(4).replace(b"\n", b"\r\n")),
    ],
    ids=["anthropic-server-results", "responses-image", "anthropic-crlf"],
)
def test_long_event_streams_decode_as_lm15_reads_them(provider: str, body: bytes) -> None:
    pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")
    assert stream_findings(provider, body) == []
    whole = lc.assemble(lc.stream.decode(provider, [body]))
    for size in (65536, 16384, 4093):
        chunks = [body[i : i + size] for i in range(0, len(body), size)]
        assert lc.assemble(lc.stream.decode(provider, iter(chunks))) == whole
        assert lc.assemble(lc.stream.decode(provider, chunks)) == whole
    per_event = [c + b"\n\n" for c in re.split(rb"(?:\r?\n){2}", body) if c]
    if b"\r" not in body:
        assert lc.assemble(lc.stream.decode(provider, per_event)) == whole
