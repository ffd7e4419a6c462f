"""``--type`` of ``lmcodec validate`` and ``lmcodec convert`` (red-team reqcli 3).

A public name that is not a record type (UnknownPart, an error class, JsonValue, a Literal, a
constant) printed a traceback (exit 1); it is one ``lmcodec:`` line and exit 2, as ``lmcodec
schema`` answers a type with no JSON Schema. A Struct whose every field is optional (Config,
Usage; a lone Struct's tag is not required either: StreamEndEvent) reads any JSON object: every
Turn record of a log was "good" and converted to ``{}``, exit 0. It is refused the same way:
nothing could be checked. A record type the other side cannot hold (Parquet tables hold Turn,
Request, Response and Message) is refused before anything is read or written, where it was a
traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

import lmcodec as lc
from lmcodec.cli.main import main
from lmcodec.cli.workload import turn_dicts

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(3)]
PUBLIC = sorted(name for name in lc.__all__ if name[0].isupper())


def _record_type(tp: object) -> bool:
    """A msgspec Struct, or a union of them (what a JSON Lines record can be)."""
    try:
        info = msgspec.inspect.type_info(tp)
    except TypeError:
        return False
    members = info.types if isinstance(info, msgspec.inspect.UnionType) else (info,)
    return all(isinstance(m, msgspec.inspect.StructType) for m in members)


def _reads_any_object(tp: object) -> bool:
    """A lone Struct with no required field (msgspec reads a lone tagged Struct without its tag)."""
    info = msgspec.inspect.type_info(tp)
    return isinstance(info, msgspec.inspect.StructType) and not any(f.required for f in info.fields)


NOT_RECORDS = [name for name in PUBLIC if not _record_type(getattr(lc, name))]
ANY_OBJECT = [
    name for name in PUBLIC if _record_type(getattr(lc, name)) and _reads_any_object(getattr(lc, name))
]
RECORDS = [name for name in PUBLIC if name not in NOT_RECORDS and name not in ANY_OBJECT]


@pytest.fixture
def log(tmp_path: Path) -> Path:
    path = tmp_path / "turns.jsonl"
    lc.jsonl.write(path, TURNS)
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    """The command in process (an exception escaping it fails the test: a traceback)."""
    status = main(list(argv))
    lines = capsys.readouterr().err.splitlines()
    return status, lines


def test_the_lists_hold_what_the_red_team_named() -> None:
    assert {"UnknownPart", "DecodeError", "JsonValue", "FinishReason", "Unknown"} <= set(NOT_RECORDS)
    assert {"Config", "Usage", "StreamEndEvent", "StreamStartEvent"} <= set(ANY_OBJECT)
    assert {"Turn", "Request", "Response", "Message", "Part", "StreamEvent"} <= set(RECORDS)


@pytest.mark.parametrize("name", NOT_RECORDS)
def test_a_name_that_is_no_record_type_is_one_line_and_status_2(
    name: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "out.jsonl"
    for argv in (("validate", str(log), "--type", name), ("convert", str(log), str(dest), "--type", name)):
        status, lines = _run(capsys, *argv)
        assert (status, len(lines)) == (2, 1), lines
        assert lines[0].startswith(f"lmcodec: --type {name}: not a record type"), lines
    assert not dest.exists()


@pytest.mark.parametrize("name", ANY_OBJECT)
def test_a_type_any_object_reads_as_is_refused_before_anything_is_written(
    name: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "out.jsonl"
    for fmt in ("lm15", "msgpack"):
        src = log
        if fmt == "msgpack":
            src = tmp_path / "turns.msgpack"
            lc.msgpack.write_stream(src, TURNS)
        for argv in (
            ("validate", str(src), "--format", fmt, "--type", name),
            ("convert", str(src), str(dest), "--from", fmt, "--type", name),
        ):
            status, lines = _run(capsys, *argv)
            assert (status, len(lines)) == (2, 1), lines
            assert f"every field of {name} is optional" in lines[0], lines
    assert not dest.exists()


@pytest.mark.parametrize("name", RECORDS)
def test_a_record_type_reads_or_reports_the_records_bad(
    name: str, log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every other public Struct or union is taken: a Turn log is good as Turn, bad as the rest
    (each record reported, status 1), never a traceback."""
    status, lines = _run(capsys, "validate", str(log), "--type", name)
    if name == "Turn":
        assert (status, lines) == (0, ["lmcodec: 3 good records, 0 bad"])
    else:
        assert status == 1 and "lmcodec: 0 good records, 3 bad" in lines, lines


def test_a_log_of_stream_events_validates_as_stream_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The union types stay: ``assemble --events`` writes a log of StreamEvent records."""
    events = [
        lc.StreamStartEvent(id="r1", model="m"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="Hi", part_index=0)),
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    path = tmp_path / "events.jsonl"
    lc.jsonl.write(path, events)
    assert _run(capsys, "validate", str(path), "--type", "StreamEvent") == (
        0,
        ["lmcodec: 3 good records, 0 bad"],
    )


@pytest.mark.parametrize("name", ["Part", "StreamEvent", "ToolCallPart"])
def test_a_record_type_parquet_cannot_hold_is_refused_before_anything_is_written(
    name: str, log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyarrow")
    table = tmp_path / "turns.parquet"
    assert _run(capsys, "convert", str(log), str(table), "--to", "parquet")[0] == 0
    dest = tmp_path / "out.parquet"
    for argv in (
        ("convert", str(log), str(dest), "--to", "parquet", "--type", name),
        ("convert", str(table), str(tmp_path / "out.jsonl"), "--from", "parquet", "--type", name),
        ("validate", str(table), "--format", "parquet", "--type", name),
    ):
        status, lines = _run(capsys, *argv)
        assert (status, len(lines)) == (2, 1), lines
        assert "Parquet tables hold Turn, Request, Response, Message records" in lines[0], lines
    assert not dest.exists() and not (tmp_path / "out.jsonl").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["turns.jsonl", "turns.parquet"]


def test_as_a_user_runs_it(log: Path, tmp_path: Path) -> None:
    """In a subprocess: the red team's two commands, one line each and status 2."""
    for name, says in (("UnknownPart", "not a record type"), ("Config", "every field of Config is optional")):
        dest = tmp_path / "out.jsonl"
        out = subprocess.run(
            [sys.executable, "-m", "lmcodec", "convert", str(log), str(dest), "--type", name],
            capture_output=True,
            timeout=120,
            check=False,
        )
        err = out.stderr.decode()
        assert out.returncode == 2 and err.count("\n") == 1 and says in err and "Traceback" not in err, err
        assert not dest.exists()


@pytest.mark.parametrize("command", ["convert", "validate"])
def test_the_help_says_what_type_takes(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "every field is optional" in text and "StreamEvent" in text, text


def test_the_schema_command_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "Config"]) == 0
    assert json.loads(capsys.readouterr().out)["$ref"] == "#/$defs/Config"
