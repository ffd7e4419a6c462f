"""JSONL -> Parquet: one process vs a 2-worker Dask cluster on this machine, and bytes on disk.

The log is the built-in workload (2,000 Turns, ~11 KiB of canonical JSON each) split into
8 JSONL files of 250 records. Each round converts the whole log, one Parquet file per input file:

- ``lmcodec``: one process, ``lc.arrow.write_parquet(lc.jsonl.read(file, Turn), out)`` file by file;
- ``lmcodec+dask``: ``lc.dask.convert`` on a ``LocalCluster`` of 1 and of 2 worker processes (1 thread
  each; started once, outside the timing; the workers' GC is disabled while timing, as the harness
  does in this process). 1 worker measures Dask's overhead, 2 workers the parallel gain;
- ``duckdb``: a reference, not a contestant -- DuckDB's own ``read_json`` -> Parquet, with a
  schema inferred from the data (no validation, payloads typed by what was seen: not lossless).

Sizes (bytes on disk of the same log) are printed and kept in ``extra_info``: JSONL, gzip JSONL
(level 6), zstd JSONL (level 3), and the Parquet output (zstd, the default; and snappy).
On a shared 2-core machine the 2-worker gain is bounded by the CPU the other tenants leave free.
Run: python3 -m pytest benchmarks/test_bench_arrow.py --benchmark-enable -s
"""

from __future__ import annotations

import gc
import gzip
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

pytest.importorskip("pyarrow", reason="needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

FILES = 8


@pytest.fixture(scope="module")
def log_files(tmp_path_factory: pytest.TempPathFactory, turns: list[lc.Turn]) -> list[Path]:
    root = tmp_path_factory.mktemp("jsonl")
    per = len(turns) // FILES
    paths = []
    for i in range(FILES):
        path = root / f"log-{i:02d}.jsonl"
        lc.jsonl.write(path, turns[i * per : (i + 1) * per])
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def sizes(
    log_files: list[Path], turns: list[lc.Turn], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, int]:
    """Bytes on disk of the log in each format."""
    import zstandard

    data = b"".join(p.read_bytes() for p in log_files)
    root = tmp_path_factory.mktemp("sizes")
    out = {
        "jsonl": len(data),
        "jsonl_gzip6": len(gzip.compress(data, compresslevel=6)),
        "jsonl_zstd3": len(zstandard.ZstdCompressor(level=3).compress(data)),
    }
    for codec in ("zstd", "snappy"):
        arrow.write_parquet(turns, root / f"{codec}.parquet", compression=codec)
        out[f"parquet_{codec}"] = os.path.getsize(root / f"{codec}.parquet")
    line = ", ".join(f"{k} {v / 1e6:.2f} MB ({v / out['jsonl']:.1%})" for k, v in out.items())
    print(f"\n[bytes on disk, {len(turns)} Turns] {line}")
    return out


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def client(request: pytest.FixtureRequest) -> Iterator[Any]:
    distributed = pytest.importorskip("distributed", reason="needs the 'dask' extra (dask[distributed])")
    cluster = distributed.LocalCluster(
        n_workers=request.param,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    client.run(gc.disable)
    try:
        yield client
    finally:
        client.run(gc.enable)
        client.close()
        cluster.close()


def _parquet_bytes(directory: Path) -> int:
    return sum(p.stat().st_size for p in directory.glob("*.parquet"))


def _check(directory: Path, turns: list[lc.Turn]) -> None:
    back = list(arrow.read_parquet(directory))
    assert [lc.encode(t) for t in back] == [lc.encode(t) for t in turns]


GROUP = "arrow: JSONL -> Parquet, 2,000 Turns in 8 files"


def test_jsonl_to_parquet_one_process(
    benchmark: Any, log_files: list[Path], turns: list[lc.Turn], sizes: dict[str, int], tmp_path: Path
) -> None:
    benchmark.group = GROUP
    benchmark.extra_info.update(lib="lmcodec", units=len(turns), unit="record", workers=1, **sizes)

    def run() -> int:
        return sum(
            arrow.write_parquet(lc.jsonl.read(path, lc.Turn), tmp_path / f"part-{i:05d}.parquet")
            for i, path in enumerate(log_files)
        )

    assert run() == len(turns)
    _check(tmp_path, turns)
    benchmark.extra_info["parquet_bytes"] = _parquet_bytes(tmp_path)
    benchmark(run)


def test_jsonl_to_parquet_dask_cluster(
    benchmark: Any,
    client: Any,
    log_files: list[Path],
    turns: list[lc.Turn],
    sizes: dict[str, int],
    tmp_path: Path,
) -> None:
    ld = pytest.importorskip("lmcodec.dask")
    benchmark.group = GROUP
    workers = len(client.scheduler_info()["workers"])
    lib = f"lmcodec+dask ({workers} worker{'s' if workers > 1 else ''})"
    benchmark.extra_info.update(lib=lib, units=len(turns), unit="record", workers=workers, **sizes)

    def run() -> int:
        return ld.convert(log_files, tmp_path, overwrite=True).records

    assert run() == len(turns)
    _check(tmp_path, turns)
    benchmark.extra_info["parquet_bytes"] = _parquet_bytes(tmp_path)
    benchmark(run)


def test_jsonl_to_parquet_duckdb_reference(
    benchmark: Any, log_files: list[Path], turns: list[lc.Turn], tmp_path: Path
) -> None:
    duckdb = pytest.importorskip("duckdb", reason="the reference needs duckdb")
    benchmark.group = GROUP
    benchmark.extra_info.update(lib="duckdb read_json (inferred schema)", units=len(turns), unit="record")
    con = duckdb.connect()
    con.execute("SET threads = 2")
    out = tmp_path / "duck.parquet"
    files = ", ".join(f"'{p}'" for p in log_files)
    source = f"read_json([{files}], format='newline_delimited')"
    sql = f"COPY (SELECT * FROM {source}) TO '{out}' (FORMAT parquet, COMPRESSION zstd)"

    def run() -> None:
        con.execute(sql)

    run()
    assert con.execute(f"SELECT count(*) FROM '{out}'").fetchone() == (len(turns),)
    benchmark.extra_info["parquet_bytes"] = out.stat().st_size
    benchmark(run)
    con.close()
