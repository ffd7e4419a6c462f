"""lc.dask.read(..., format="llm") reads llm logs as ``lmcodec convert --from llm`` and lc.llm do
(red team 12 F04): (a) a record lc.llm.to_turn refuses is one BadRecord for its line, the other
records kept (its ValidationError failed the whole compute: every record of every file lost);
(b) lines are read by llm's own rules (lc.llm.decode: NaN/-Infinity, lone surrogate escapes, which
llm's json.dumps writes), where they were bad lines."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
import lmcodec.llm as llm

from .turns import numbered_turns

ld = pytest.importorskip("lmcodec.dask")
dask = pytest.importorskip("dask", reason="lc.dask needs the 'dask' extra (dask[distributed])")

GOOD = [llm.encode(llm.from_turn(t)) for t in numbered_turns(3)]


def _with_middle(tmp_path: Path, change: Any) -> Path:
    middle = json.loads(GOOD[1])
    change(middle)
    path = tmp_path / "log.llm.jsonl"
    path.write_bytes(b"\n".join([GOOD[0], json.dumps(middle).encode(), GOOD[2]]) + b"\n")
    return path


def _no_model(record: dict[str, Any]) -> None:
    record["model"] = ""


def _read(path: Path, on_error: str) -> tuple[list[Any], list[Any]]:
    log = ld.read([str(path)], format="llm", on_error=on_error)  # type: ignore[arg-type]
    records, errors = dask.compute(log.records, log.errors, scheduler="sync")
    return list(records), list(errors)


@pytest.mark.parametrize("on_error", ["collect", "skip"])
def test_a_record_to_turn_refuses_is_one_bad_record_and_the_others_are_kept(
    tmp_path: Path, on_error: str
) -> None:
    path = _with_middle(tmp_path, _no_model)
    records, errors = _read(path, on_error)
    assert records == [llm.to_turn(llm.decode(GOOD[0])), llm.to_turn(llm.decode(GOOD[2]))]
    [bad] = errors
    assert (bad.line, bad.offset, bad.file, bad.path) == (2, len(GOOD[0]) + 1, str(path), "$.model")
    assert "model must be a non-empty string" in bad.message
    assert bad.raw == (
        llm.encode(llm.decode(path.read_bytes().split(b"\n")[1])) if on_error == "collect" else b""
    )


def test_under_raise_a_record_to_turn_refuses_is_a_record_error_naming_the_file(tmp_path: Path) -> None:
    path = _with_middle(tmp_path, _no_model)
    log = ld.read([str(path)], format="llm", on_error="raise")
    with pytest.raises(lc.RecordError, match="model must be a non-empty string") as raised:
        log.records.compute(scheduler="sync")
    assert (raised.value.line, raised.value.file) == (2, str(path))


def _nonfinite(record: dict[str, Any]) -> None:
    record["response_json"] = {"logprob": float("-inf"), "other": float("nan")}


def _lone_surrogate(record: dict[str, Any]) -> None:
    record["prompt"]["messages"][0]["parts"][0]["text"] = "hi \udc80"


@pytest.mark.parametrize("change", [_nonfinite, _lone_surrogate], ids=["nonfinite", "lone surrogate"])
def test_lines_are_read_by_llms_rules_as_the_command_reads_them(tmp_path: Path, change: Any) -> None:
    path = _with_middle(tmp_path, change)
    middle = path.read_bytes().split(b"\n")[1]
    expected = [llm.to_turn(llm.decode(line)) for line in (GOOD[0], middle, GOOD[2])]
    records, errors = _read(path, "collect")
    assert errors == []
    assert [lc.encode(r) for r in records] == [lc.encode(t) for t in expected]
