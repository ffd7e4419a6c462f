"""lc.dask.Partition travels between processes whatever the reader gave it (red team 12 F10): a
record read with ``lenient=True`` (a ``-Infinity`` or NaN logprob as lm15 writes it, a lone
surrogate as providers send it) encodes, but its partition did not unpickle (a strict decode), so
a task whose input moved to another worker failed on dask.distributed."""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from .turns import numbered_turns

ld = pytest.importorskip("lmcodec.dask")
dask = pytest.importorskip("dask", reason="lc.dask needs the 'dask' extra (dask[distributed])")

TURNS = numbered_turns(3)


def _as_lm15_writes(turn: lc.Turn, change: Any) -> bytes:
    record = json.loads(lc.encode(turn))
    change(record)
    return json.dumps(record).encode() + b"\n"


def _nonfinite(record: dict[str, Any]) -> None:
    record["response"]["logprobs"] = [
        {"token": "a", "logprob": float("-inf")},
        {"token": "b", "logprob": float("nan")},
    ]


def _lone_surrogate(record: dict[str, Any]) -> None:
    record["response"]["message"]["parts"][0]["text"] = "cut emoji \ud83e"


def _canonical(records: list[Any]) -> list[bytes]:
    return [lc.encode(r, include_provider_data=True) for r in records]


def test_a_partition_of_lenient_read_records_travels_and_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "log.jsonl"
    path.write_bytes(
        _as_lm15_writes(TURNS[0], _nonfinite)
        + _as_lm15_writes(TURNS[1], _lone_surrogate)
        + lc.encode(TURNS[2])
        + b"\n"
    )
    records = ld.read([str(path)], lenient=True).records.compute(scheduler="sync")
    assert len(records) == 3
    for part in (records[:1], records[1:2], records):
        partition = ld.Partition(part, errors=[ld.BadRecord(1, 0, "", "bad", b"x")])
        back = pickle.loads(pickle.dumps(partition))
        assert isinstance(back, ld.Partition) and back.type is lc.Turn
        assert _canonical(back) == _canonical(part)
        assert back.errors == partition.errors


def test_a_partition_of_strict_records_still_travels_as_one_canonical_array() -> None:
    partition = ld.Partition(TURNS)
    reduced = partition.__reduce__()
    assert reduced[1][1] == lc.encode(TURNS, include_provider_data=True)
    assert pickle.loads(pickle.dumps(partition)) == TURNS
