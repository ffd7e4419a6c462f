"""lc.arrow.write_parquet to a path writes a temporary file beside it, renamed over it once the
writer closed (red team 12 F06): pyarrow truncated the path at once, so a Parquet log filtered in
place lost every row group after the first batch ("p is damaged after record N", blaming the
input), and a write the disk refused left no Parquet file at all where a good one was."""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.arrow import read_parquet, write_parquet

from ..turns import numbered_turns


def test_a_parquet_log_filtered_in_place_keeps_every_kept_record(tmp_path: Path) -> None:
    path = tmp_path / "log.parquet"
    turns = numbered_turns(9000)  # three row groups of the default 4,096: read after the write began
    write_parquet(turns, path)
    kept = write_parquet((t for t in read_parquet(path, lc.Turn) if t.response.id != "r3"), path)
    assert kept == 8999
    assert list(read_parquet(path, lc.Turn)) == [t for t in turns if t.response.id != "r3"]
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def _incompressible() -> Iterator[lc.Turn]:
    response = numbered_turns(1)[0].response
    while True:
        yield lc.Turn(request=lc.Request("m", [lc.Message.user(os.urandom(256).hex())]), response=response)


def test_a_rewrite_the_disk_refuses_keeps_the_old_file(tmp_path: Path, small_disk: int) -> None:
    path = tmp_path / "log.parquet"
    old = numbered_turns(20)
    write_parquet(old, path)
    before = path.read_bytes()
    records = _incompressible()
    with pytest.raises(OSError):
        write_parquet((next(records) for _ in range(20_000)), path, row_group_size=256)
    assert path.read_bytes() == before
    assert list(read_parquet(path, lc.Turn)) == old
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_an_interrupted_rewrite_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "log.parquet"
    old = numbered_turns(20)
    write_parquet(old, path)

    def interrupted() -> Iterable[Any]:
        yield from numbered_turns(5)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_parquet(interrupted(), path, row_group_size=2)
    assert list(read_parquet(path, lc.Turn)) == old
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def _past_int64() -> lc.Turn:
    """A Turn Arrow cannot hold (a count past 64 bits)."""
    usage = lc.Usage(input_tokens=1, output_tokens=1)
    line = lc.encode(
        lc.Turn(
            request=lc.Request("m", [lc.Message.user("hi")]),
            response=lc.Response("r", "m", lc.Message.assistant("ok"), "stop", usage),
        )
    )
    return lc.decode(line.replace(b'"input_tokens":1', b'"input_tokens":%d' % (2**63 + 1)), lc.Turn)


def test_an_error_of_the_records_over_an_existing_file_keeps_the_old_file(tmp_path: Path) -> None:
    """Review 9: the old file holds the records the writing did not reach; it stays."""
    path = tmp_path / "log.parquet"
    write_parquet(numbered_turns(20), path)
    before = path.read_bytes()
    with pytest.raises(lc.EncodeError, match="record 3"):
        write_parquet([*numbered_turns(3), _past_int64()], path, row_group_size=2)
    assert path.read_bytes() == before
    with pytest.raises(lc.RecordError):
        write_parquet(
            itertools.chain(numbered_turns(3), lc.jsonl.read(b"{bad\n", lc.Turn)), path, row_group_size=2
        )
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_an_error_of_the_records_on_a_new_path_leaves_the_records_before_it(tmp_path: Path) -> None:
    """As documented: the records before one that raises are written (and are the file)."""
    path = tmp_path / "log.parquet"
    with pytest.raises(lc.EncodeError, match="record 3"):
        write_parquet([*numbered_turns(3), _past_int64()], path, row_group_size=2)
    assert list(read_parquet(path, lc.Turn)) == numbered_turns(3)
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_new_file_takes_the_umask_mode_and_a_rewritten_one_keeps_its_own(tmp_path: Path) -> None:
    path = tmp_path / "log.parquet"
    with open(tmp_path / "plain", "wb"):
        pass
    write_parquet(numbered_turns(2), path)
    assert path.stat().st_mode & 0o7777 == (tmp_path / "plain").stat().st_mode & 0o7777
    path.chmod(0o640)
    write_parquet(numbered_turns(1), path)
    assert path.stat().st_mode & 0o7777 == 0o640
