"""A body given whole whose one event is long (red team 7, F03): framed in bulk, not left pending line
by line across the 64 KiB blocks of the engine, and cut into the same frames at every slicing."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.framing._sse_lines import SSELines
from lmcodec.stream import _whole
from lmcodec.stream.sse import SSEDecoder

from ..budget import examples


def _thinking_stream(size: int, eol: str = "\n") -> bytes:
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
        f"event: {f['type']}{eol}data: {json.dumps(f, separators=(',', ':'))}{eol}{eol}".encode()
        for f in frames
    )


@pytest.mark.parametrize("eol", ["\n", "\r\n"])
def test_a_long_event_in_a_body_given_whole_is_not_framed_line_by_line(
    monkeypatch: pytest.MonkeyPatch, eol: str
) -> None:
    body = _thinking_stream(3_000_000, eol)
    expected = lc.assemble(
        lc.stream.decode("anthropic", iter(body[i : i + 65536] for i in range(0, len(body), 65536)))
    )

    def refuse(self: SSELines, data: bytes) -> list[object]:
        raise AssertionError(f"{len(data)} bytes framed line by line")

    monkeypatch.setattr(SSELines, "feed", refuse)
    got = lc.assemble(lc.stream.decode("anthropic", [body]))
    assert got == expected
    assert got.message.parts[0] == lc.ThinkingPart(text="t" * 3_000_000)
    decoder = lc.stream.Decoder("anthropic")
    assert len(decoder.feed(body)) >= 1
    decoder.close()


def _line_by_line(body: bytes) -> list[bytes]:
    decoder = SSEDecoder()
    return [e.data for e in decoder.feed(body)] + [e.data for e in decoder.close()]


_PIECES = [
    b"data: {}", b"data: " + b"x" * 70, b"x" * 50, b"event: e", b": c", b"\n", b"\r\n", b"\r", b"\n\n",
    b"\r\n\r\n", b"data:", b"\n\r\n",
]  # fmt: skip


@settings(max_examples=examples(600), deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=60), window=st.integers(1, 400))
def test_event_slices_give_the_frames_of_the_line_by_line_framer(pieces: list[bytes], window: int) -> None:
    body = b"".join(pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_whole, "BLOCK_BYTES", 40)
        if len(body) <= 40:
            return
        slices = [bytes(s) for s in _whole.event_slices(body, window)]
    assert b"".join(slices) == body
    # A slice is at most a block, or runs to the end of an event longer than a block (within the window).
    assert all(len(s) <= 40 or s.endswith((b"\n\n", b"\n\r\n", b"\r\r")) for s in slices[:-1])
    assert all(len(s) <= max(window + 3, 40) for s in slices[:-1])
    decoder = SSEDecoder()
    got: list[bytes] = []
    for piece in slices:
        got += decoder.feed_data(piece)
    assert got + decoder.close_data() == _line_by_line(body)


def test_event_slices_of_events_end_at_blank_lines() -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_whole, "BLOCK_BYTES", 40)
        short = b"data: b\n\ndata: c\n\n"
        long = b"data: " + b"a" * 100 + b"\n\n"
        body = short + long + short * 3
        assert [bytes(s) for s in _whole.event_slices(body, 1000)] == [short, long, short * 2, short]
        crlf = body.replace(b"\n", b"\r\n")  # CRLF: the first line ends with "\r\n"
        assert [bytes(s) for s in _whole.event_slices(crlf, 1000)][:2] == [
            short.replace(b"\n", b"\r\n"),
            long.replace(b"\n", b"\r\n"),
        ]
        # The long event's end not within the window: a block.
        assert [len(s) for s in _whole.event_slices(body, 60)][:3] == [len(short), 40, 40]


def test_event_slices_of_lone_cr_events_end_at_blank_lines() -> None:
    """Lone-CR line ends: cut after a "\r\r", not at 64 KiB (a framer would hold the event cut and
    join it to the next block), as the LF body is."""
    short = b"data: b\r\rdata: c\r\r"
    long = b"data: " + b"a" * 100 + b"\r\r"
    body = short + long + short * 3
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_whole, "BLOCK_BYTES", 40)
        assert [bytes(s) for s in _whole.event_slices(body, 1000)] == [short, long, short * 2, short]
        assert [len(s) for s in _whole.event_slices(body, 60)][:3] == [len(short), 40, 40]
    big = short * 10_000
    slices = [bytes(s) for s in _whole.event_slices(big, 1 << 20)]
    assert len(slices) > 1 and all(s.endswith(b"\r\r") for s in slices)
    decoder = SSEDecoder()
    got = [data for piece in slices for data in decoder.feed_data(piece)] + decoder.close_data()
    assert got == _line_by_line(big)
