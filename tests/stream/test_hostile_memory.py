"""Memory of the stream decoders on hostile SSE (bytes allocated, not time: deterministic).

benchmarks/test_bench_hostile.py measures every entry point at 1 and 8 MB; these hold the
bound where a case once broke it."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import lmcodec as lc
from lmcodec import stream
from lmcodec.framing._sse_space import lstrip_ws

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
MB = 1 << 20


def _peak(run: Any) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_data_line_led_by_megabytes_of_unicode_white_space_is_stripped_in_bounded_memory() -> None:
    """One regex match over the run kept a backtracking mark per character: 48x the line."""
    line = (
        b"data:"
        + "\u3000".encode() * (2 * MB // 3)
        + b' {"choices":[{"index":0,"delta":{"content":"x"}}]}\n\n'
    )
    body = line + b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'

    def run() -> None:
        assert lc.assemble(stream.decode("openai_chat", [body], request=REQUEST)).text == "x"

    assert _peak(run) < 4 * len(body) + MB


def test_white_space_cut_by_a_window_boundary_is_stripped_whole() -> None:
    ideographic = "\u3000".encode()
    for lead in range(1, 8):  # shifts where each 4096-byte window cuts a 3-byte character
        assert lstrip_ws(b" " * lead + ideographic * 3000 + b"x") == b"x"
        assert lstrip_ws(b" " * lead + ideographic[:2]) == ideographic[:2]  # a cut character stays
    assert lstrip_ws(b"\t\xc2\xa0\xe2\x80\x80a b") == b"a b"


_DELTA = b'data: {"choices":[{"index":0,"delta":{"content":"word "}}]}\n\n'


def _chat_text_stream(events: int) -> bytes:
    end = b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
    return _DELTA * events + end


def test_a_body_given_whole_yields_its_first_event_before_decoding_the_rest() -> None:
    """``lc.stream.decode(p, [body])`` of a body over 64 KiB decodes it a block of whole events at a
    time, as it is pulled: its first event costs a block's events, not every event of the body (red
    team 7: +29 MB for a 23 MB body, all its events built before the first was yielded)."""
    body = _chat_text_stream(60_000)  # 3.6 MB, 60,000 events
    events = stream.decode("openai_chat", [body], request=REQUEST)

    def first() -> None:
        assert type(next(iter(events))) is lc.StreamStartEvent

    assert _peak(first) < MB // 2
    rest = list(events)
    assert len(rest) == 60_000 + 1  # the deltas and the end, after the start
    pieces = [body[at : at + 1000] for at in range(0, len(body), 1000)]  # (fed chunk by chunk)
    assert [next(iter(stream.decode("openai_chat", [body], request=REQUEST))), *rest] == list(
        stream.decode("openai_chat", iter(pieces), request=REQUEST)
    )


def _events_and_failure(chunks: Any) -> tuple[list[Any], str | None]:
    got: list[Any] = []
    try:
        for event in stream.decode("openai_chat", chunks, request=REQUEST):
            got.append(event)
    except lc.StreamDecodeError as exc:
        return got, str(exc)
    return got, None


def test_a_body_given_whole_decodes_block_by_block_as_chunk_by_chunk() -> None:
    """The blocks of a long body given whole (CRLF or LF, an event longer than a block, a frame lm15
    crashes on in a late block) give the events and the failure of the body fed in small chunks."""
    long = b'data: {"choices":[{"index":0,"delta":{"content":"' + b"x" * 200_000 + b'"}}]}\n\n'
    for eol in (b"\n", b"\r\n"):
        for tail in (b"", b"data: {not json\n\n"):
            body = (_DELTA * 3_000 + long + _chat_text_stream(3_000) + tail).replace(b"\n", eol)
            pieces = [body[at : at + 999] for at in range(0, len(body), 999)]
            whole = _events_and_failure([body])
            assert whole == _events_and_failure(iter(pieces))
            assert (whole[1] is None) == (tail == b"")


def test_a_gemini_array_body_given_whole_decodes_block_by_block_as_chunk_by_chunk() -> None:
    """Gemini's JSON-array body (no blank lines: cut into 64 KiB blocks) over 64 KiB, given whole,
    gives the events of it fed in small chunks, its first event at a block's cost."""
    chunk = b'{"candidates":[{"content":{"parts":[{"text":"word "}],"role":"model"},"index":0}]}'
    end = b'{"candidates":[{"content":{"parts":[{"text":"."}]},"finishReason":"STOP"}]}'
    body = b"[" + b",\r\n".join([chunk] * 20_000 + [end]) + b"]"
    pieces = [body[at : at + 999] for at in range(0, len(body), 999)]
    events = stream.decode("gemini", [body], request=REQUEST)

    def first() -> None:
        assert type(next(iter(events))) is lc.StreamStartEvent

    assert _peak(first) < MB // 2
    whole = [lc.StreamStartEvent(model="m-1"), *events]
    assert len(whole) == 20_000 + 3  # start, the texts, the end
    assert whole == list(stream.decode("gemini", iter(pieces), request=REQUEST))
