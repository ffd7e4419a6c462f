"""A command started with standard output closed (``>&-``: Python sets ``sys.stdout`` to None) says
so in one ``lmcodec:`` line with status 2 where it would write there, and runs as usual where it
writes a file (red team 40 F02: an AttributeError traceback before)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import lmcodec as lc


def _run_without_stdout(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lmcodec", *args],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: os.close(1),  # the child's fd 1 closed, as `>&-` does
        timeout=60,
        check=False,
    )


def _turns(path: Path) -> Path:
    user = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
    answer = lc.Message(role="assistant", parts=(lc.TextPart(text="yo"),))
    response = lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage())
    lc.jsonl.write(path, [lc.Turn(request=lc.Request(model="m", messages=(user,)), response=response)])
    return path


def test_convert_to_a_closed_stdout_is_one_message(tmp_path: Path) -> None:
    done = _run_without_stdout("convert", str(_turns(tmp_path / "in.jsonl")), "-")
    err = done.stderr.decode()
    assert done.returncode == 2
    assert (
        err == "lmcodec: cannot write standard output: it is closed (the process has no file descriptor 1)\n"
    )


def test_convert_to_a_file_with_stdout_closed_runs(tmp_path: Path) -> None:
    src = _turns(tmp_path / "in.jsonl")
    done = _run_without_stdout("convert", str(src), str(tmp_path / "out.jsonl"))
    assert done.returncode == 0, done.stderr.decode()
    assert (tmp_path / "out.jsonl").read_bytes() == src.read_bytes()


def test_assemble_to_a_closed_stdout_is_one_message(tmp_path: Path) -> None:
    stream = tmp_path / "gemini.sse"
    stream.write_bytes(
        b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"finishReason":"STOP"}],'
        b'"modelVersion":"gemini-2.0"}\n\n'
    )
    done = _run_without_stdout("assemble", "gemini", str(stream))
    assert done.returncode == 2
    assert done.stderr.decode().endswith(
        "lmcodec: cannot write standard output: it is closed (the process has no file descriptor 1)\n"
    )
