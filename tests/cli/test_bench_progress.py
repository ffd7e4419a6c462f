"""``lmcodec bench`` says what it is doing on stderr as each stage starts (red team 54 F11: it
printed nothing for about a minute); its stdout, the table, holds none of it, and ``bench.run``
called as a function prints nothing."""

from __future__ import annotations

import pytest

from lmcodec import cli
from lmcodec.cli import bench


def test_bench_prints_a_line_per_stage_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", "--records", "3", "--repeat", "2", "--quick"]) == 0
    out, err = capsys.readouterr()
    lines = [line for line in err.splitlines() if line.startswith("lmcodec: bench: ")]
    assert lines[0] == "lmcodec: bench: building the workload: 3 Turn records"
    for task in ("encode", "decode"):
        assert f"lmcodec: bench: {task}: round 1 of 2" in lines
        assert f"lmcodec: bench: {task}: round 2 of 2" in lines
        assert any(line.startswith(f"lmcodec: bench: {task}: warming up ") for line in lines)
    assert "lmcodec: bench:" not in out and "Turns" in out


def test_bench_run_as_a_function_prints_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    said: list[str] = []
    bench.run(records=2, repeat=1, progress=said.append)
    assert said[0] == "building the workload: 2 Turn records" and "decode: round 1 of 1" in said
    bench.run(records=2, repeat=1)
    assert capsys.readouterr() == ("", "")
