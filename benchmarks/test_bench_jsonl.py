"""Bulk logs: read and write a ~100 MB JSONL log, lmcodec vs stdlib json and orjson line by line.

lmcodec builds validated Turn objects; json and orjson build plain dicts. Peak
memory of each read is measured once with tracemalloc and stored in
``extra_info["peak_bytes"]`` (with the largest record in ``largest_record``).
Run: python3 -m pytest benchmarks/test_bench_jsonl.py --benchmark-enable --benchmark-disable-gc
"""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

TARGET_BYTES = 100 * 1024 * 1024


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[lc.Turn], int]:
    base = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(500)]
    record = max(len(lc.encode(t)) for t in base)
    copies = TARGET_BYTES // sum(len(lc.encode(t)) + 1 for t in base) + 1
    turns = base * copies
    path = tmp_path_factory.mktemp("jsonl") / "log.jsonl"
    lc.jsonl.write(path, turns)
    return path, turns, record


def _readers(path: Path) -> dict[str, Callable[[], int]]:
    def lmcodec_read() -> int:
        return sum(1 for _ in lc.jsonl.read(path, lc.Turn))

    def stdlib_read() -> int:
        with path.open("rb") as fh:
            return sum(1 for line in fh if json.loads(line))

    def orjson_read() -> int:
        loads = orjson.loads
        with path.open("rb") as fh:
            return sum(1 for line in fh if loads(line))

    return {"lmcodec": lmcodec_read, "json": stdlib_read, "orjson": orjson_read}


def _peak(fn: Callable[[], int]) -> int:
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("lib", ["lmcodec", "json", "orjson"])
def test_read_log(benchmark: Any, lib: str, log: tuple[Path, list[lc.Turn], int]) -> None:
    """Read every line of the log into records (validated Turns for lmcodec)."""
    path, turns, record = log
    fn = _readers(path)[lib]
    assert fn() == len(turns)
    benchmark.group = "logs: read a ~100 MB JSONL log"
    benchmark.extra_info.update(
        lib=lib,
        units=len(turns),
        unit="record",
        log_bytes=path.stat().st_size,
        largest_record=record,
        peak_bytes=_peak(fn),
    )
    benchmark.pedantic(fn, rounds=3, iterations=1)


@pytest.mark.parametrize("lib", ["lmcodec", "json", "orjson"])
def test_write_log(benchmark: Any, lib: str, log: tuple[Path, list[lc.Turn], int], tmp_path: Path) -> None:
    """Write the log: lmcodec from Turns, json/orjson from the equivalent dicts."""
    _, turns, _ = log
    dest = tmp_path / "out.jsonl"
    fn: Callable[[], Any]
    if lib == "lmcodec":
        fn = lambda: lc.jsonl.write(dest, turns)  # noqa: E731
    else:
        dicts = [lc.to_builtins(t, include_provider_data=True) for t in turns[:500]] * (len(turns) // 500 + 1)
        dicts = dicts[: len(turns)]
        if lib == "json":

            def fn() -> None:
                with dest.open("wb") as fh:
                    for d in dicts:
                        fh.write(json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode() + b"\n")

        else:

            def fn() -> None:
                dumps = orjson.dumps
                with dest.open("wb") as fh:
                    for d in dicts:
                        fh.write(dumps(d) + b"\n")

    fn()
    assert sum(1 for _ in dest.open("rb")) == len(turns)
    benchmark.group = "logs: write a ~100 MB JSONL log"
    benchmark.extra_info.update(lib=lib, units=len(turns), unit="record")
    benchmark.pedantic(fn, rounds=3, iterations=1)
