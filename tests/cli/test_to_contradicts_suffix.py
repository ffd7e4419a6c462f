"""cli/_names.py ``check_suffix``: a ``--to`` that contradicts DEST's suffix is said on stderr,
and still wins (an explicit format wins over the suffix: test_formats_by_suffix) (red team 54 F10:
``--to parquet`` into ``out.msgpack`` wrote Parquet under that name silently, and ``validate
out.msgpack`` then read it as MessagePack)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli

from ..turns import numbered_turns

TURNS = numbered_turns(2)


@pytest.mark.parametrize(
    ("dest", "to", "says"),
    [
        ("out.msgpack", "parquet", "msgpack"),
        ("out.msgpack.gz", "lm15", "msgpack"),
        ("out.parquet", "msgpack", "parquet"),
        ("out.parquet", "llm", "parquet"),
        ("out.jsonl", "msgpack", "JSON Lines"),
        ("out.NDJSON", "parquet", "JSON Lines"),
    ],
)
def test_a_contradicting_to_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], dest: str, to: str, says: str
) -> None:
    src = tmp_path / "log.jsonl"
    lc.jsonl.write(src, TURNS)
    code = cli.main(["convert", str(src), str(tmp_path / dest), "--to", to])
    err = capsys.readouterr().err
    assert code == 0
    assert f"lmcodec: warning: --to {to} writes {to} under {tmp_path / dest}, whose name says {says}" in err
    assert (tmp_path / dest).exists()


@pytest.mark.parametrize(
    ("dest", "to"),
    [
        ("out.msgpack", "msgpack"),
        ("out.jsonl", "llm"),
        ("out.jsonl.gz", "lm15"),
        ("out.bin", "msgpack"),
        ("-", "llm"),
    ],
)
def test_a_to_that_agrees_or_a_neutral_name_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], dest: str, to: str
) -> None:
    src = tmp_path / "log.jsonl"
    lc.jsonl.write(src, TURNS)
    target = dest if dest == "-" else str(tmp_path / dest)
    assert cli.main(["convert", str(src), target, "--to", to]) == 0
    assert "warning" not in capsys.readouterr().err
