"""An event fed in small chunks (red team 7, F04): linear in its size at every entry point, and
framed exactly as the line-by-line framer frames it whatever the chunking."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing import _sse_fields, sse
from lmcodec.framing.sse import SSEDecoder

from ..budget import examples


def _thinking_stream(size: int) -> bytes:
    """An Anthropic stream whose one thinking delta is ``size`` bytes long."""
    frames = [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
                                              "model": "claude", "content": [], "stop_reason": None,
                                              "usage": {"input_tokens": 5, "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}},
        {"type": "content_block_delta", "index": 0,
         "delta": {"type": "thinking_delta", "thinking": "t" * size}},
        {"type": "content_block_stop", "index": 0},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 9}},
        {"type": "message_stop"},
    ]  # fmt: skip
    return b"".join(
        f"event: {f['type']}\ndata: {json.dumps(f, separators=(',', ':'))}\n\n".encode() for f in frames
    )


def _pieces(body: bytes, step: int) -> list[bytes]:
    return [body[i : i + step] for i in range(0, len(body), step)]


def _decoder_feed(chunks: list[bytes]) -> None:
    decoder = lc.stream.Decoder("anthropic")
    for chunk in chunks:
        decoder.feed(chunk)
    decoder.close()


def _translate(chunks: list[bytes]) -> None:
    for _ in lc.stream.translate("anthropic", "openai_chat", chunks):
        pass


def _framer(chunks: list[bytes]) -> None:
    framer = SSEDecoder()
    for chunk in chunks:
        framer.feed_data(chunk)
    framer.close_data()


def _cpu(run: Callable[[list[bytes]], None], chunks: list[bytes]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run(chunks)
        best = min(best, time.process_time() - start)
    return best


def _growth(run: Callable[[list[bytes]], None], step: int) -> float:
    """CPU time for a 64 KiB event over that for a 16 KiB one, fed ``step`` bytes at a time."""
    small = _pieces(_thinking_stream(16 * 1024), step)
    large = _pieces(_thinking_stream(64 * 1024), step)
    return _cpu(run, large) / _cpu(run, small)


def test_an_event_fed_byte_by_byte_costs_time_linear_in_its_size() -> None:
    # 4x the bytes: linear is ~4x; re-copying and re-searching the unfinished event per feed
    # (the old framing below 64 KiB) was 11-16x.
    for run in (_framer, _decoder_feed, _translate):
        assert _growth(run, 1) < 8, run.__name__


def test_an_event_fed_16_bytes_at_a_time_costs_time_linear_in_its_size() -> None:
    for run in (_framer, _decoder_feed):
        assert _growth(run, 16) < 8, run.__name__


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


_LINES = [
    b"data: {", b"data:{}", b"data: " + b"x" * 300, b"data:", b": keep-alive", b"id: 7", b"event: e",
    b"\r\n", b"\n", b"\r", b"\r\n\r\n", b"\n\n", b"\r\r", b"\n\r", b"data: \xe3\x80\x80y", b"x" * 90,
]  # fmt: skip


@settings(max_examples=examples(800), deadline=None)
@given(tokens=st.lists(st.sampled_from(_LINES), max_size=40), step=st.integers(1, 40))
def test_small_chunks_against_the_line_by_line_framer(tokens: list[bytes], step: int) -> None:
    body = b"".join(tokens)
    decoder = SSEDecoder()
    got: list[bytes] = []
    for chunk in _pieces(body, step):
        got += decoder.feed_data(chunk)
    assert got + decoder.close_data() == _line_by_line(body)


@settings(max_examples=examples(200), deadline=None)
@given(tokens=st.lists(st.sampled_from(_LINES), max_size=40), step=st.integers(1, 40))
def test_small_chunks_within_small_limits_against_the_line_by_line_framer(
    tokens: list[bytes], step: int
) -> None:
    """Limits below the size the framer keeps an unfinished event raw: the same events, or the same
    refusal after the same events."""
    body = b"".join(tokens)
    expected: list[bytes] = []
    lines = SSEDecoder(max_line_bytes=200, max_event_bytes=400)
    try:
        expected += [e.data for e in lines.feed(body)] + [e.data for e in lines.close()]
        refused = False
    except lc.DecodeError:
        expected += [e.data for e in lines.events_before_error()]
        refused = True
    decoder = SSEDecoder(max_line_bytes=200, max_event_bytes=400)
    got: list[bytes] = []
    try:
        for chunk in _pieces(body, step):
            got += decoder.feed_data(chunk)
        got += decoder.close_data()
        assert not refused
    except lc.DecodeError:
        got += decoder.frames_before_error()
        assert refused
    assert got == expected


def _events_of_common_shapes(crlf: bool) -> st.SearchStrategy[bytes]:
    """A body of events of the shapes a provider sends (``event:``/``id:``/comment lines around one
    data line, a JSON object continued over data lines, a keep-alive comment block), LF or CRLF."""
    value = st.sampled_from([b'{"a":1}', b'{"text":"' + b"t" * 120 + b'"}', b"[DONE]", b"{}"])
    before = st.lists(st.sampled_from([b"event: delta", b"id: 7", b": c", b"retry: 5"]), max_size=2)
    after = st.lists(st.sampled_from([b"id: 8", b"event: late"]), max_size=1)
    data = st.lists(st.sampled_from([b"data: ", b"data:"]), min_size=1, max_size=3)
    event = st.tuples(before, data, value, after).map(
        lambda t: [*t[0], *(prefix + t[2] for prefix in t[1]), *t[3]]
    )
    keep_alive = st.just([b": keep-alive"])
    events = st.lists(st.one_of(event, keep_alive), min_size=1, max_size=6)
    end = b"\r\n" if crlf else b"\n"
    return events.map(lambda es: b"".join(end.join(lines) + end + end for lines in es))


@settings(max_examples=examples(600), deadline=None)
@given(crlf=st.booleans(), data=st.data(), step=st.integers(1, 48))
def test_events_completed_by_small_reads_call_by_call_against_the_line_framer(
    crlf: bool, data: st.DataObject, step: int
) -> None:
    """The event held raw and the read that completes it are matched whole (small reads of LF and
    CRLF streams): each call hands over the events the line-by-line framer cuts from the same chunk."""
    body = data.draw(_events_of_common_shapes(crlf), label="body")
    framer, lines = SSEDecoder(), SSEDecoder()
    for chunk in _pieces(body, step):
        assert framer.feed_data(chunk) == [e.data for e in lines.feed(chunk)]
    assert framer.close_data() == [e.data for e in lines.close()]


def _refused(*_: object) -> None:
    raise AssertionError("the block path framed an event a small read completed")


@pytest.mark.parametrize("step", [1, 7, 16])
@pytest.mark.parametrize(
    "body",
    [
        b'data: {"candidates": [{"content": {"parts": [{"text": "The "}]}}]}\r\n\r\n',  # Gemini's wire
        b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0}\n\n' * 3,
        b'event: message_start\r\nid: 1\r\ndata: {"type":"message_start"}\r\n\r\n' * 2,
    ],
)
def test_an_event_completed_by_a_small_read_is_matched_whole(
    monkeypatch: pytest.MonkeyPatch, body: bytes, step: int
) -> None:
    """Not by the block path (a scan for a lone CR, the CR deletion, the split: 3x the match on a
    Gemini chunk), whose result is the same."""
    expected = _line_by_line(body)
    monkeypatch.setattr(_sse_fields, "bulk_events", _refused)
    monkeypatch.setattr(_sse_fields, "lone_cr", _refused)
    monkeypatch.setattr(sse, "bulk_events", _refused)
    decoder = SSEDecoder()
    got = [frame for chunk in _pieces(body, step) for frame in decoder.feed_data(chunk)]
    assert got + decoder.close_data() == expected
