"""cli/_hints.py: a JSON Lines or Parquet file read as MessagePack is named (red team 38 F01).
Its first 4 bytes (``{"re``, ``PAR1``) were read as a length prefix of about 2 GB: "truncated
record (416 of 2065855077 bytes)", and no hint, where every other mix-up ends with one."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import pytest

import lmcodec as lc
from lmcodec import cli

from ..turns import numbered_turns

TURNS = numbered_turns(3)
JSONL_HINT = (
    "hint: no record was read; the input looks like JSON Lines ({} lm15, or {} llm for llm's records)"
)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = cli.main(list(argv))
    return code, capsys.readouterr().err


@pytest.fixture
def jsonl_log(tmp_path: Path) -> Path:
    path = tmp_path / "log.jsonl"
    lc.jsonl.write(path, TURNS)
    return path


@pytest.mark.parametrize("extra", [[], ["--on-error", "raise"], ["--rejects", "bad.msgpack"]])
def test_jsonl_converted_as_msgpack_gets_the_json_lines_hint(
    jsonl_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    extra = [str(tmp_path / a) if a.endswith(".msgpack") else a for a in extra]
    code, err = _run(
        capsys, "convert", str(jsonl_log), str(tmp_path / "out.jsonl"), "--from", "msgpack", *extra
    )
    assert code == 1 and "truncated record" in err
    assert JSONL_HINT.format("--from", "--from") in err, err
    assert not (tmp_path / "out.jsonl").exists()


def test_jsonl_validated_as_msgpack_gets_the_json_lines_hint(
    jsonl_log: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _run(capsys, "validate", str(jsonl_log), "--format", "msgpack")
    assert code == 1 and JSONL_HINT.format("--format", "--format") in err, err


def test_jsonl_under_a_msgpack_name_gets_the_json_lines_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A BOM and blank space before the first ``{`` are still JSON Lines; the suffix .gz is read through."""
    misnamed = tmp_path / "log.msgpack.gz"
    lc.jsonl.write(tmp_path / "plain.jsonl.gz", TURNS)
    misnamed.write_bytes((tmp_path / "plain.jsonl.gz").read_bytes())
    code, err = _run(capsys, "convert", str(misnamed), str(tmp_path / "out.jsonl"))
    assert code == 1 and JSONL_HINT.format("--from", "--from") in err, err
    bom = tmp_path / "bom.msgpack"
    bom.write_bytes(b"\xef\xbb\xbf \n{}\n")
    code, err = _run(capsys, "validate", str(bom))
    assert code == 1 and JSONL_HINT.format("--format", "--format") in err, err


def test_jsonl_piped_in_as_msgpack_gets_the_json_lines_hint(
    jsonl_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.BufferedReader(io.BytesIO(jsonl_log.read_bytes()))  # type: ignore[arg-type]
    monkeypatch.setattr("sys.stdin", SimpleNamespace(buffer=stdin))
    code, err = _run(capsys, "convert", "-", str(tmp_path / "out.jsonl"), "--from", "msgpack")
    assert code == 1 and JSONL_HINT.format("--from", "--from") in err, err


def test_parquet_read_as_msgpack_gets_the_parquet_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Parquet's magic bytes, read as a length prefix (no pyarrow needed to see them)."""
    fake = tmp_path / "log.parquet"
    fake.write_bytes(b"PAR1" + bytes(range(256)) * 4 + b"PAR1")
    code, err = _run(capsys, "convert", str(fake), str(tmp_path / "out.jsonl"), "--from", "msgpack")
    assert code == 1 and "hint: no record was read; the input is Parquet (--from parquet)" in err, err
    code, err = _run(capsys, "validate", str(fake), "--format", "msgpack")
    assert code == 1 and "the input is Parquet (--format parquet)" in err, err


def test_a_msgpack_log_cut_after_its_first_records_gets_no_format_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint looks at the input's head only when the first record could not be framed."""
    path = tmp_path / "cut.msgpack"
    lc.msgpack.write_stream(path, TURNS)
    path.write_bytes(path.read_bytes() + b'{"re')
    code, err = _run(capsys, "validate", str(path))
    assert code == 1 and "3 good records" in err and "hint" not in err, err
    other = tmp_path / "other.msgpack"
    other.write_bytes(b"\x00\x00\x10\x00" + b"\x81" * 10)  # no JSON, no Parquet: a cut record only
    code, err = _run(capsys, "validate", str(other))
    assert code == 1 and "truncated record" in err and "hint" not in err, err


def test_a_huge_length_prefix_allocates_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 4 GiB length prefix before 1 KiB: read in bounded chunks (the hint reads 64 bytes)."""
    path = tmp_path / "forged.msgpack"
    path.write_bytes(b"\xff\xff\xff\xff" + b"{" * 1024)
    tracemalloc.start()
    try:
        code, err = _run(capsys, "validate", str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 1 and "truncated record (1024 of 4294967295 bytes)" in err, err
    assert peak < 16 << 20, peak


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_read_as_msgpack_is_not_opened_again_for_the_hint(tmp_path: Path) -> None:
    """The hint reopens a regular file only: a FIFO opened again would wait for a writer forever
    (a subprocess, so that a regression fails on its timeout instead of hanging the suite)."""
    fifo = tmp_path / "in.msgpack"
    os.mkfifo(fifo)
    src = Path(__file__).resolve().parents[2] / "src"
    proc = subprocess.Popen(
        [sys.executable, "-W", "ignore", "-m", "lmcodec", "validate", str(fifo)],
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(src)},
    )
    try:
        fifo.write_bytes(b'{"request": {}}\n')
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 1 and b"truncated record" in err and b"hint" not in err, err
