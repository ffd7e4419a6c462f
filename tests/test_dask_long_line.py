"""lc.dask.read/convert and a line longer than ``max_line_bytes`` (review 14 F02): since every
JSONL line is bounded (red team 23 F03) a record past the bound is a bad line, and lc.dask had no
way to lift the bound, so a record lc.jsonl.write wrote (a request with a large video) could not be
read there at all. The bound is handed to ``lc.jsonl.read``, None lifts it; a small bound stands in
for the 64 MiB default."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import lmcodec as lc

from .turns import numbered_turns

ld = pytest.importorskip("lmcodec.dask")
dask = pytest.importorskip("dask", reason="lc.dask needs the 'dask' extra (dask[distributed])")
pytest.importorskip("pyarrow.parquet", reason="lc.dask writes Parquet with the 'arrow' extra (pyarrow)")

TURNS = numbered_turns(3)
LONG = lc.Turn(request=lc.Request("m", [lc.Message.user("v" * 5000)]), response=TURNS[0].response)


@pytest.fixture
def log(tmp_path: Path) -> Path:
    """Three short records and one long one (the third line)."""
    path = tmp_path / "log.jsonl"
    lc.jsonl.write(path, [TURNS[0], TURNS[1], LONG, TURNS[2]])
    return path


BOUND = 1000  # over every short line, under the long one


def test_the_bound_is_jsonl_reads(log: Path) -> None:
    """The same default as lc.jsonl.read, for read and convert; the long line is over BOUND only."""
    jsonl_default = inspect.signature(lc.jsonl.read).parameters["max_line_bytes"].default
    for function in (ld.read, ld.convert):
        assert inspect.signature(function).parameters["max_line_bytes"].default == jsonl_default
    assert jsonl_default == 64 << 20
    lengths = sorted(len(line) for line in log.read_bytes().splitlines())
    assert lengths[-2] < BOUND < lengths[-1]


def test_a_longer_line_is_a_bad_line_without_its_raw(log: Path) -> None:
    """Under "collect" the bad line says why and keeps no raw (the module docstring says so)."""
    with dask.config.set(scheduler="sync"):
        read = ld.read(log, max_line_bytes=BOUND)
        records, errors = dask.compute(read.records, read.errors)
    assert [lc.encode(r) for r in records] == [lc.encode(t) for t in TURNS]
    assert [(e.line, e.raw, e.file) for e in errors] == [(3, b"", str(log))]
    assert f"longer than max_line_bytes ({BOUND})" in errors[0].message


def test_none_lifts_the_bound_for_read_and_convert(log: Path, tmp_path: Path) -> None:
    """max_line_bytes=None reads the long record, as lc.jsonl.read(..., max_line_bytes=None)."""
    expected = [lc.encode(t) for t in lc.jsonl.read(log, lc.Turn, max_line_bytes=None)]
    with dask.config.set(scheduler="sync"):
        unbounded = ld.read(log, max_line_bytes=None)
        records, errors = dask.compute(unbounded.records, unbounded.errors)
        result = ld.convert(log, tmp_path / "out", max_line_bytes=None)
        bounded = ld.convert(log, tmp_path / "bounded", max_line_bytes=BOUND)
        with pytest.raises(lc.RecordError, match=r"longer than max_line_bytes \(1000\)"):
            ld.convert(log, tmp_path / "raise", on_error="raise", max_line_bytes=BOUND)
    assert [lc.encode(r) for r in records] == expected and len(expected) == 4 and errors == []
    assert (result.counts, result.errors) == ([4], [])
    assert [lc.encode(t) for t in lc.arrow.read_parquet(tmp_path / "out" / "part-00000.parquet")] == expected
    assert bounded.counts == [3] and [e.line for e in bounded.errors] == [3]


@pytest.mark.parametrize("bound", [0, -1, True, 1.5, "64"])
def test_a_bound_that_is_no_positive_int_is_refused_before_any_task(log: Path, bound: object) -> None:
    """As lc.jsonl.read refuses it, when the graph is built (not in a worker later)."""
    with pytest.raises(ValueError, match="max_line_bytes must be a positive int or None"):
        ld.read(log, max_line_bytes=bound)  # type: ignore[arg-type]
