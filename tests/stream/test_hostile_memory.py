"""Memory of the stream decoders on hostile SSE (bytes allocated, not time: deterministic).

benchmarks/test_bench_hostile.py measures every entry point at 1 and 8 MB; these hold the
bound where a case once broke it."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import lmcodec as lc
from lmcodec import stream
from lmcodec.stream._sse_fields import lstrip_ws

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
