"""A log reader iterated again counts that pass only (red team 12 F15): over a path a second pass
re-reads the file, and ``good``/``bad``/``errors`` added up across the passes (a log of 5 good
and 3 bad lines reported good=10, bad=6, every BadRecord twice)."""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from ..turns import numbered_turns

TURNS = numbered_turns(5)


def _jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "log.jsonl"
    lines = [lc.encode(t) + b"\n" for t in TURNS]
    path.write_bytes(b"".join([lines[0], b"{bad\n", lines[1], lines[2], b"[]\n", lines[3], b"1\n", lines[4]]))
    return path


def _msgpack(tmp_path: Path) -> Path:
    path = tmp_path / "log.msgpack"
    records = [lc.msgpack.encode(t) for t in TURNS]
    bad = [msgspec.msgpack.encode({"not": "a turn"}), msgspec.msgpack.encode([1]), msgspec.msgpack.encode(3)]
    ordered = [records[0], bad[0], records[1], records[2], bad[1], records[3], bad[2], records[4]]
    path.write_bytes(b"".join(struct.pack(">I", len(r)) + r for r in ordered))
    return path


READERS: dict[str, tuple[Any, Any]] = {
    "jsonl": (_jsonl, lc.jsonl.read),
    "msgpack": (_msgpack, lc.msgpack.read_stream),
}


@pytest.mark.parametrize("fmt", READERS)
def test_each_pass_over_a_path_counts_itself(tmp_path: Path, fmt: str) -> None:
    make, read = READERS[fmt]
    reader = read(make(tmp_path), lc.Turn, on_error="collect")
    assert list(reader) == TURNS
    first = reader.errors
    assert (reader.good, reader.bad, len(first)) == (5, 3, 3)
    assert list(reader) == TURNS
    assert (reader.good, reader.bad, len(reader.errors)) == (5, 3, 3)
    assert reader.errors == first and len(first) == 3  # the first pass's list is left as it was


@pytest.mark.parametrize("fmt", READERS)
def test_a_second_pass_over_a_file_object_reads_nothing_and_counts_nothing(tmp_path: Path, fmt: str) -> None:
    make, read = READERS[fmt]
    reader = read(io.BytesIO(make(tmp_path).read_bytes()), lc.Turn, on_error="skip")
    assert list(reader) == TURNS and (reader.good, reader.bad) == (5, 3)
    assert list(reader) == [] and (reader.good, reader.bad) == (0, 0)
