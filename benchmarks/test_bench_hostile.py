"""Hostile input at 1 MB and 8 MB: time and memory must grow linearly (issue 14).

Each case is an entry point fed an input of one of the shapes that once made it
quadratic or slow: nesting beyond the recursion limit after a long string of
escaped quotes (locating the error was quadratic), a long string where a list
belongs, a long list whose last item is bad, logs of such lines, and lenient
input that fails the strict path (type hints were resolved per value). The
claim: seconds per MB at 8 MB within 1.5x of 1 MB, and tracemalloc's peak under
4x the input plus 16 MiB -- except lenient input, which is read as Python builtins
of the whole record first (as lm15's from_dict reads it), then normalized and
converted: its peak is 14.5x the input (bounded here at 16x). A benchmark, not a
timed test:

    python3 -m pytest benchmarks/test_bench_hostile.py --benchmark-enable --benchmark-disable-gc
    python3 benchmarks/test_bench_hostile.py      # the table for RESULTS.md (interleaved rounds)

The memory bound is asserted (tracemalloc counts allocations, not time).
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

MB = 1 << 20
SIZES = (1 * MB, 8 * MB)
MEMORY_SLACK = 16 * MB


def _deep_value(size: int) -> bytes:
    """A string of escaped quotes of about ``size`` bytes, then nesting beyond the recursion limit."""
    return b'["' + b'\\"' * (size // 2) + b'",' + b"[" * 5000 + b"]" * 5000 + b"]"


def _deep_part(size: int) -> bytes:
    return b'{"type":"data","value":' + _deep_value(size) + b"}"


def _string_for_list(size: int) -> bytes:
    return b'{"role":"user","parts":"' + b"x" * size + b'"}'


def _bad_last_part(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    return b'{"role":"user","parts":[' + part * (size // len(part)) + b'{"type":"hologram"}]}'


def _log_of(line: Callable[[int], bytes], size: int, per_line: int = 64 * 1024) -> bytes:
    one = line(per_line) + b"\n"
    return one * max(1, size // len(one))


def _llm_deep(size: int) -> bytes:
    return b'{"model":"m","prompt":{"messages":[],"options":{"x":' + _deep_value(size) + b'}},"messages":[]}'


def _lenient_missing_text(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    parts = part * (size // len(part))
    return b'{"model":"m","messages":[{"role":"user","parts":[' + parts + b'{"type":"text"}]}]}'


def _lenient_refused(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    parts = part * (size // len(part))
    return b'{"model":"m","messages":[{"role":"user","parts":[' + parts + b'{"type":"text"},{"type":7}]}]}'


def _decode(tp: Any, **options: Any) -> Callable[[bytes], Any]:
    def run(data: bytes) -> Any:
        try:
            return lc.decode(data, tp, **options)
        except lc.LmcodecError as exc:
            return exc

    return run


def _jsonl(data: bytes) -> Any:
    reader = lc.jsonl.read(data, lc.Part, on_error="skip")
    return sum(1 for _ in reader), reader.bad


def _llm(data: bytes) -> Any:
    try:
        return lc.llm.decode(data, lc.llm.Response)
    except lc.LmcodecError as exc:
        return exc


CASES: dict[str, tuple[Callable[[int], bytes], Callable[[bytes], Any]]] = {
    "decode: too deep after escaped quotes": (_deep_part, _decode(lc.Part)),
    "decode: string where a list belongs": (_string_for_list, _decode(lc.Message)),
    "decode: long list, last item bad": (_bad_last_part, _decode(lc.Message)),
    "jsonl.read: lines too deep": (lambda n: _log_of(_deep_part, n), _jsonl),
    "jsonl.read: cut lines": (lambda n: _log_of(lambda k: _deep_part(k)[: k // 2], n), _jsonl),
    "llm.decode: too deep in options": (_llm_deep, _llm),
    "lenient: fixable (missing text)": (_lenient_missing_text, _decode(lc.Request, lenient=True)),
    "lenient: refused after normalizing": (_lenient_refused, _decode(lc.Request, lenient=True)),
}


# tracemalloc peak / input bytes allowed per case (plus MEMORY_SLACK); see the module docstring.
MEMORY_FACTOR = {case: 16 if case.startswith("lenient") else 4 for case in CASES}


def _peak(run: Callable[[bytes], Any], data: bytes) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        run(data)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("size", SIZES, ids=["1MB", "8MB"])
@pytest.mark.parametrize("case", list(CASES))
def test_hostile(benchmark: Any, case: str, size: int) -> None:
    build, run = CASES[case]
    data = build(size)
    peak = _peak(run, data)
    benchmark.extra_info.update(input_bytes=len(data), peak_bytes=peak)
    bound = MEMORY_FACTOR[case] * len(data) + MEMORY_SLACK
    assert peak < bound, f"{case}: peak {peak} for {len(data)} input bytes"
    result = benchmark.pedantic(run, args=(data,), rounds=3, iterations=1)
    assert result is not None


def _seconds(run: Callable[[bytes], Any], data: bytes) -> float:
    gc.disable()
    try:
        start = time.perf_counter()
        run(data)
        return time.perf_counter() - start
    finally:
        gc.enable()


def table(rounds: int = 5) -> str:
    """Seconds per MB at 1 and 8 MB (median of interleaved rounds), their ratio, peak memory."""
    lines = [
        "| case | s/MB at 1 MB | s/MB at 8 MB | 8 MB / 1 MB | peak / input at 8 MB |",
        "|---|---:|---:|---:|---:|",
    ]
    for case, (build, run) in CASES.items():
        small, large = build(SIZES[0]), build(SIZES[1])
        run(small)  # warm up: decoders built, caches filled
        per_mb: dict[int, list[float]] = {0: [], 1: []}
        ratios: list[float] = []
        for _ in range(rounds):
            a = _seconds(run, small) / (len(small) / MB)
            b = _seconds(run, large) / (len(large) / MB)
            per_mb[0].append(a)
            per_mb[1].append(b)
            ratios.append(b / a)
        peak = _peak(run, large)
        lines.append(
            f"| {case} | {statistics.median(per_mb[0]):.4f} | {statistics.median(per_mb[1]):.4f} "
            f"| {statistics.median(ratios):.2f} | {peak / len(large):.2f} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(int(sys.argv[1]) if len(sys.argv) > 1 else 5))
