"""What ``lc.arrow.read_parquet`` is pointed at: a directory with no Parquet file in it is a
``FileNotFoundError`` naming it, as a missing file is (``open``'s), and as ``lc.dask`` answers a
pattern that matches no file. It read as 0 records, silently: a directory of partitions
(``year=2026/part-0.parquet``, which only the files directly in it are read from) or one the
export had not filled yet gave an empty log (pyarrow's ``read_table`` answers an empty table)."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

import lmcodec as lc

pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

TURN = lc.Message.user("hi")


def _refused(path: Path) -> FileNotFoundError:
    with pytest.raises(FileNotFoundError) as caught:
        list(arrow.read_parquet(path))
    assert caught.value.errno == errno.ENOENT and caught.value.filename == str(path)
    assert str(path) in str(caught.value)
    return caught.value


def test_an_empty_directory_is_a_file_not_found_error_naming_it(tmp_path: Path) -> None:
    assert "no .parquet file" in str(_refused(tmp_path))


def test_a_directory_of_partitions_only_says_its_subdirectories_are_not_read(tmp_path: Path) -> None:
    (tmp_path / "year=2026").mkdir()
    arrow.write_parquet([TURN], tmp_path / "year=2026" / "part-0.parquet")
    (tmp_path / "notes.txt").write_text("not parquet")
    assert "subdirectories are not read" in str(_refused(tmp_path))


def test_a_pattern_or_a_missing_file_is_refused_as_open_refuses_it(tmp_path: Path) -> None:
    arrow.write_parquet([TURN], tmp_path / "a.parquet")
    _refused(tmp_path / "*.parquet")  # no glob: a name no file has
    _refused(tmp_path / "missing.parquet")


def test_a_directory_holding_parquet_files_reads_them_in_name_order(tmp_path: Path) -> None:
    arrow.write_parquet([lc.Message.user("b")], tmp_path / "b.parquet")
    arrow.write_parquet([lc.Message.user("a")], tmp_path / "a.parquet")
    arrow.write_parquet([], tmp_path / "c.parquet", type=lc.Message)  # an empty file is no error
    assert list(arrow.read_parquet(tmp_path)) == [lc.Message.user("a"), lc.Message.user("b")]
