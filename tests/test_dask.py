"""lc.dask on a 2-worker LocalCluster (separate processes): a multi-file log with bad lines
converted to Parquet in parallel, compared record by record with the single-process result."""

from __future__ import annotations

import gzip
import logging
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

dask = pytest.importorskip("dask", reason="lc.dask needs the 'dask' extra (dask[distributed])")
distributed = pytest.importorskip("distributed", reason="lc.dask needs the 'dask' extra (dask[distributed])")
pq = pytest.importorskip("pyarrow.parquet", reason="lc.dask writes Parquet with the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")
ld = pytest.importorskip("lmcodec.dask")

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(40, seed=5)]


def _line(turn: lc.Turn) -> bytes:
    return lc.encode(turn) + b"\n"


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Four log files: clean; gzip with bad lines and blank lines; a cut-off last line; empty."""
    root = tmp_path_factory.mktemp("logs")
    a = b"".join(_line(t) for t in TURNS[:12])
    b = b"".join(
        [
            *map(_line, TURNS[12:15]),
            b"{not json\n",
            b"\n",
            b'{"request": 1, "response": 2}\n',
            *map(_line, TURNS[15:20]),
            b"   \n",
            b"\xff\xfe not utf-8\n",
            _line(TURNS[20]),
        ]
    )
    c = b"".join(map(_line, TURNS[21:40])) + _line(TURNS[0])[:50]
    paths = [root / "a.jsonl", root / "b.jsonl.gz", root / "c.jsonl", root / "d.jsonl"]
    paths[0].write_bytes(a)
    paths[1].write_bytes(gzip.compress(b))
    paths[2].write_bytes(c)
    paths[3].write_bytes(b"")
    return paths


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


def _single_process(paths: list[Path]) -> tuple[list[list[Any]], list[tuple[Any, ...]]]:
    """lc.jsonl.read, file by file: the records and the bad lines (file, line, offset, path, message, raw)."""
    records, errors = [], []
    for path in paths:
        reader = lc.jsonl.read(path, lc.Turn, on_error="collect")
        records.append(list(reader))
        errors += [(str(path), e.line, e.offset, e.path, e.message, e.raw) for e in reader.errors]
    return records, errors


def _canonical(records: list[Any]) -> list[bytes]:
    return [lc.encode(r, include_provider_data=True) for r in records]


def test_convert_on_the_cluster_matches_the_single_process_result(
    client: Any, logs: list[Path], tmp_path: Path
) -> None:
    expected, expected_errors = _single_process(logs)
    assert [len(r) for r in expected] == [12, 9, 19, 0] and len(expected_errors) == 4

    result = ld.convert(str(logs[0].parent / "*"), tmp_path / "out", row_group_size=8)

    assert result.files == [str(tmp_path / "out" / f"part-{i:05d}.parquet") for i in range(4)]
    assert result.counts == [len(r) for r in expected] and result.records == 40
    # each file streamed a row group at a time
    assert [pq.ParquetFile(f).metadata.num_row_groups for f in result.files] == [2, 2, 3, 0]
    # record by record, file by file, in order
    for file, records in zip(result.files, expected, strict=True):
        assert _canonical(list(arrow.read_parquet(file))) == _canonical(records)
    flat = [r for records in expected for r in records]
    assert _canonical(list(arrow.read_parquet(tmp_path / "out"))) == _canonical(flat)
    # and the same bytes of records as one single-process Parquet file
    arrow.write_parquet(flat, tmp_path / "single.parquet")
    assert _canonical(list(arrow.read_parquet(tmp_path / "single.parquet"))) == _canonical(flat)
    # every bad line, with file, line, byte offset, JSON path, message and raw bytes
    got = [(e.file, e.line, e.offset, e.path, e.message, e.raw) for e in result.errors]
    assert got == expected_errors
    assert [(Path(e.file).name, e.line) for e in result.errors] == [
        ("b.jsonl.gz", 4),
        ("b.jsonl.gz", 6),
        ("b.jsonl.gz", 13),
        ("c.jsonl", 20),
    ]
    assert result.errors[1].path == "$.request"
    assert "truncated" in result.errors[-1].message
    cut = result.errors[-1]
    assert logs[2].read_bytes()[cut.offset : cut.offset + len(cut.raw)] == cut.raw


def test_read_gives_a_bag_of_records_and_a_bag_of_errors(client: Any, logs: list[Path]) -> None:
    expected, expected_errors = _single_process(logs)
    log = ld.read(logs)
    assert log.npartitions == 4 and log.files == [str(p) for p in logs]
    encoded, errors, tokens = dask.compute(
        log.records.map(lc.encode, include_provider_data=True),
        log.errors,
        log.records.map(lambda t: t.response.usage.output_tokens).sum(),
    )
    flat = [r for records in expected for r in records]
    assert encoded == _canonical(flat)
    assert [(e.file, e.line, e.offset, e.path, e.message, e.raw) for e in errors] == expected_errors
    assert tokens == sum(t.response.usage.output_tokens for t in flat)


def test_to_parquet_of_a_filtered_bag(client: Any, logs: list[Path], tmp_path: Path) -> None:
    expected, _ = _single_process(logs)
    even = ld.read(logs).records.filter(lambda t: t.response.usage.output_tokens % 2 == 0)
    result = ld.to_parquet(even, tmp_path / "even", type=lc.Turn)
    wanted = [r for records in expected for r in records if r.response.usage.output_tokens % 2 == 0]
    assert 0 < result.records == len(wanted) and result.errors == []
    assert _canonical(list(arrow.read_parquet(tmp_path / "even"))) == _canonical(wanted)


def test_on_error_raise_and_skip(client: Any, logs: list[Path], tmp_path: Path) -> None:
    with pytest.raises(lc.RecordError) as info:
        ld.convert(logs[:2], tmp_path / "raise", on_error="raise")
    assert (Path(info.value.file).name, info.value.line) == ("b.jsonl.gz", 4)
    assert "b.jsonl.gz" in str(info.value) and "line 4" in str(info.value)
    result = ld.convert(logs, tmp_path / "skip", on_error="skip")
    assert result.records == 40
    assert [(e.line, e.raw) for e in result.errors] == [(4, b""), (6, b""), (13, b""), (20, b"")]


def test_dest_with_parquet_files_needs_overwrite(logs: list[Path], tmp_path: Path) -> None:
    with dask.config.set(scheduler="sync"):  # any scheduler runs the same graph
        first = ld.convert(logs[0], tmp_path / "out")
        with pytest.raises(FileExistsError, match="overwrite=True"):
            ld.convert(logs[0], tmp_path / "out")
        again = ld.convert(logs[0], tmp_path / "out", overwrite=True, compression="gzip")
    assert first.counts == again.counts == [12]


def test_partitions_travel_as_canonical_json() -> None:
    """Records cross process boundaries through the codec, not through the lm15 constructors."""
    bad = lc.BadRecord(3, 10, "$.request", "wrong", b"{}", "f.jsonl")
    part = ld.Partition(TURNS[:3], type=lc.Turn, errors=[bad])
    back = pickle.loads(pickle.dumps(part))
    assert type(back) is ld.Partition and back.errors == [bad] and back.type is lc.Turn
    assert _canonical(back) == _canonical(TURNS[:3])
    assert pickle.loads(pickle.dumps(lc.RecordError("m", file="f", line=1, offset=2, path="$"))).offset == 2


def test_llm_format_needs_to_turn(logs: list[Path]) -> None:
    from lmcodec import llm

    if hasattr(llm, "to_turn"):  # pragma: no cover - once lmcodec.llm maps llm records to Turns
        assert ld.read(logs, format="llm").npartitions == len(logs)
    else:
        with pytest.raises(NotImplementedError, match="only lm15 logs"):
            ld.read(logs, format="llm")


def test_no_input_files_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        ld.read(str(tmp_path / "*.jsonl"))


def test_a_damaged_or_missing_file_is_reported_and_the_job_goes_on(logs: list[Path], tmp_path: Path) -> None:
    """One truncated .gz, one corrupt .zst and one missing file among good ones: every good
    record is kept (those before the damage too), each bad file is one BadRecord."""
    whole = gzip.compress(b"".join(map(_line, TURNS)))
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    zst = tmp_path / "flip.jsonl.zst"
    lc.jsonl.write(zst, TURNS[:5])
    flipped = bytearray(zst.read_bytes())
    flipped[len(flipped) // 2] ^= 0x01
    zst.write_bytes(bytes(flipped))
    missing = tmp_path / "missing.jsonl"
    files = [logs[0], cut, zst, missing]
    with dask.config.set(scheduler="sync"):
        log = ld.read(files, on_error="collect")
        records, errors = dask.compute(log.records, log.errors)
        result = ld.convert(files, tmp_path / "out", on_error="skip")
        with pytest.raises(lc.RecordError, match=r"cut\.jsonl\.gz.*truncated"):
            ld.convert(files[:2], tmp_path / "raise", on_error="raise")
    assert [e.file for e in errors] == [str(cut), str(zst), str(missing)]
    assert "truncated file?" in errors[0].message and "fails its check" in errors[1].message
    assert "FileNotFoundError" in errors[2].message
    kept = len(records) - 12
    assert 0 < kept < len(TURNS) and _canonical(records[12:]) == _canonical(TURNS[:kept])
    assert result.counts[0] == 12 and result.counts[1] == kept and result.counts[2:] == [0, 0]
    assert [Path(e.file).name for e in result.errors] == ["cut.jsonl.gz", "flip.jsonl.zst", "missing.jsonl"]


def test_compressed_files_through_fsspec_are_read_and_checked_as_local_ones(tmp_path: Path) -> None:
    """URLs go through fsspec: a good .zst/.gz is read whole (fsspec's own zstd reader cannot be
    iterated: every record was lost), a damaged one keeps its good records and is one BadRecord
    naming the damage (a ZstdError/EOFError escaped or said nothing), as for a local path."""
    pytest.importorskip("fsspec", reason="URLs are read through fsspec")
    pytest.importorskip("zstandard", reason=".zst needs the 'zstd' extra")
    good_zst, good_gz = tmp_path / "good.jsonl.zst", tmp_path / "good.jsonl.gz"
    lc.jsonl.write(good_zst, TURNS)
    lc.jsonl.write(good_gz, TURNS)
    flip = tmp_path / "flip.jsonl.zst"
    lc.jsonl.write(flip, TURNS[:5])
    flipped = bytearray(flip.read_bytes())
    flipped[len(flipped) // 2] ^= 0x01
    flip.write_bytes(bytes(flipped))
    cut = tmp_path / "cut.jsonl.zst"
    cut.write_bytes(good_zst.read_bytes()[:-7])
    urls = [f"file://{p}" for p in (good_zst, good_gz, flip, cut)]
    with dask.config.set(scheduler="sync"):
        log = ld.read(urls, on_error="collect")
        records, errors = dask.compute(log.records, log.errors)
        with pytest.raises(lc.RecordError, match=r"flip\.jsonl\.zst.*fails its check"):
            dask.compute(ld.read(urls[2:3], on_error="raise").records)
    assert _canonical(records[: 2 * len(TURNS)]) == _canonical(TURNS + TURNS)
    assert [e.file for e in errors] == urls[2:]
    assert "fails its check" in errors[0].message and "truncated file?" in errors[1].message
    assert _canonical(records[2 * len(TURNS) :]) == _canonical(TURNS[: len(records) - 2 * len(TURNS)])


@pytest.mark.thorough
def test_overwrite_touches_dest_only_once_every_part_is_written(logs: list[Path], tmp_path: Path) -> None:
    """overwrite=True removed DEST's *.parquet as the graph was built (red team 23 F02): with
    compute=False though nothing ran, before a conversion that then failed (DEST left empty), and
    the user's own files. Now the parts are written under temporary names and renamed into place
    once all are written; only lmcodec's ``part-NNNNN.parquet`` an earlier run left are removed."""
    out = tmp_path / "out"
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(_line(TURNS[0]) + b'{"request": 1}\n')
    with dask.config.set(scheduler="sync"):
        ld.convert([logs[0], logs[2]], out)
        arrow.write_parquet(TURNS[:2], out / "curated.parquet")
        before = {p.name: p.read_bytes() for p in out.iterdir()}
        assert sorted(before) == ["curated.parquet", "part-00000.parquet", "part-00001.parquet"]
        ld.to_parquet(ld.read(logs[0]), out, overwrite=True, compute=False)
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before
        with pytest.raises(lc.RecordError):
            ld.convert([logs[0], bad], out, on_error="raise", overwrite=True)
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # no temporary left either
        again = ld.convert(logs[2], out, overwrite=True)
    assert sorted(p.name for p in out.iterdir()) == ["curated.parquet", "part-00000.parquet"]
    assert (out / "curated.parquet").read_bytes() == before["curated.parquet"]
    assert again.files == [f"{out}/part-00000.parquet"] and again.counts == [19]
    assert list(arrow.read_parquet(out / "part-00000.parquet")) == TURNS[21:40]
