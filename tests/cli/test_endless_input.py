"""The command given /dev/zero, or a regular file whose hole runs far past --max-line-bytes, with
--rejects (read through the command's tap): /dev/zero is one line and status 1, where it ran for
ever (red team 16 F01); the regular file's hole is skipped whole and the records after it converted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli
from lmcodec.codecs.jsonl import ENDLESS_LINE_FACTOR

from ..turns import numbered_turns


def test_the_command_reports_dev_zero_in_one_line_and_status_1() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    for args in (["validate", "/dev/zero"], ["convert", "/dev/zero", os.devnull]):
        done = subprocess.run(
            [sys.executable, "-m", "lmcodec", *args, "--max-line-bytes", "4096"],
            capture_output=True,
            timeout=120,
        )
        err = done.stderr.decode()
        assert done.returncode == 1, err
        assert "line 1 (byte 0): the line is longer than --max-line-bytes (4096)" in err
        assert "Traceback" not in err


def test_a_hole_far_past_the_bound_in_a_regular_file_is_skipped_with_rejects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    turns = numbered_turns(2)
    src, dest, rejects = tmp_path / "log.jsonl", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    src.write_bytes(
        lc.encode(turns[0]) + b"\n" + bytes(64 * ENDLESS_LINE_FACTOR * 4096) + b"\n" + lc.encode(turns[1])
    )
    status = cli.main(["convert", str(src), str(dest), "--rejects", str(rejects), "--max-line-bytes", "4096"])
    assert status == 0, capsys.readouterr().err
    assert list(lc.jsonl.read(dest, lc.Turn)) == turns
