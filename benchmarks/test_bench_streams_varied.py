"""Provider streams with the variety of real traffic, bytes to Response: pytest-benchmark groups.

Workload: ``streams_varied`` (long streams per dialect; the variety matrix switches on one
feature at a time). Contestants: ``streams_varied_contestants`` (lmcodec, the msgspec floor,
lm15's pipeline, the provider SDK). Groups:

- ``stream varied: <dialect>, <feeding>``: the stream with every feature at once; all four
  contestants; the SDK only where its own SSE reader can read the stream (else in the
  ``sdk-readable`` group: the stream without ``streams_varied_paired.SDK_CANNOT_READ``).
- ``stream matrix: <dialect> <row>, <feeding>``: lmcodec and the floor on each matrix row.

Before timing, lmcodec must give lm15's Response (provider data included) and the text, thinking
and tool calls the stream was generated from; the SDK must give the same text and tool calls.
No timed assertion: the ratios (median of per-round ratios, interleaved in one process) come from
``python3 benchmarks/streams_varied_paired.py``.

Run: python3 -m pytest benchmarks/test_bench_streams_varied.py --benchmark-enable --benchmark-disable-gc -q
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any

import pytest

import streams_varied as sv
import streams_varied_contestants as C
from streams_varied_paired import FEEDINGS, SDK_CANNOT_READ, varied_streams

ROUNDS = {"lmcodec": 15, "floor": 15, "lm15": 5, "sdk": 3}


@cache
def varied_rows(provider: str) -> dict[str, sv.Varied]:
    return dict(varied_streams(provider))


@cache
def matrix_rows(provider: str) -> dict[str, sv.Varied]:
    return sv.matrix(provider)


def expected(s: sv.Varied) -> C.Outcome:
    want: C.Outcome = (s.text, s.thinking, [(c.id or None, c.name, c.arguments) for c in s.tool_calls])
    return C.without_ids(want) if s.provider == "gemini" else want


def check(s: sv.Varied, lib: str, chunks: list[bytes], result: Any) -> None:
    provider = s.provider
    if lib == "floor":
        assert len(result) == s.n_events - (provider == "openai_chat")  # [DONE] is no JSON
        return
    if lib == "lmcodec":
        assert C.same_response(C.lm15_runner(provider)(chunks), result), "lmcodec's Response is not lm15's"
    for got in C.outcomes(provider, lib, result):
        if provider == "gemini":
            got = C.without_ids(got)
        want = expected(s)
        assert got[0] == want[0], f"{lib}: text differs"
        assert got[1] is None or got[1] == want[1], f"{lib}: thinking differs"
        assert got[2] == want[2], f"{lib}: tool calls differ"


def _bench(benchmark: Any, s: sv.Varied, feeding: str, lib: str, group: str) -> None:
    chunks = FEEDINGS[feeding](s)
    run = C.RUNNERS[lib](s.provider)
    check(s, lib, chunks, run(chunks))
    benchmark.group = group
    name = {"sdk": C.SDK_NAME[s.provider], "floor": "floor (msgspec untyped)"}.get(lib, lib)
    benchmark.extra_info.update(lib=name, units=s.n_events, unit="event")
    benchmark.pedantic(run, args=(chunks,), rounds=ROUNDS[lib])


VARIED = [
    (p, name)
    for p in sv.PROVIDERS
    for name in ("varied", *(["sdk-readable"] if p in SDK_CANNOT_READ else []))
]


@pytest.mark.benchmark(timer=time.process_time)
@pytest.mark.parametrize("lib", list(C.RUNNERS))
@pytest.mark.parametrize("feeding", list(FEEDINGS))
@pytest.mark.parametrize(("provider", "stream"), VARIED)
def test_varied(benchmark: Any, provider: str, stream: str, feeding: str, lib: str) -> None:
    rows = varied_rows(provider)
    s = rows["varied"] if stream == "varied" else next(v for k, v in rows.items() if k != "varied")
    if lib == "sdk":
        pytest.importorskip(C.SDK_MODULE[provider], reason="the provider SDK is a benchmark-only dependency")
        if stream == "varied" and len(rows) > 1:
            pytest.skip("the SDK's own SSE reader cannot read this stream: see the sdk-readable group")
    label = "varied" if stream == "varied" else f"varied sdk-readable ({s.variant})"
    _bench(benchmark, s, feeding, lib, f"stream {label}: {provider}, {feeding}")


MATRIX: list[tuple[str, str]] = [
    (p, row) for p in sv.PROVIDERS for row in ("plain", *map(lambda f: sv.row_name(p, f), sv.applicable(p)))
]
LIBS: tuple[str, ...] = ("lmcodec", "floor")


@pytest.mark.benchmark(timer=time.process_time)
@pytest.mark.parametrize("lib", LIBS)
@pytest.mark.parametrize("feeding", list(FEEDINGS))
@pytest.mark.parametrize(("provider", "row"), MATRIX)
def test_matrix(benchmark: Any, provider: str, row: str, feeding: str, lib: str) -> None:
    _bench(benchmark, matrix_rows(provider)[row], feeding, lib, f"stream matrix: {provider} {row}, {feeding}")
