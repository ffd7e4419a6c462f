"""``convert`` writes DEST, and ``--rejects``, through one temporary file each: the command's own
beside DEST, written in place by the writer. The writers' own renaming (``lc.jsonl.write`` and
``lc.arrow.write_parquet`` to a path) made a second one beside the first, renamed over it before
the command renamed the first over DEST (an extra file created and renamed per output).

Watched from outside: a convert reading a FIFO the test holds open is mid-run while the test
lists the directory."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import lmcodec as lc

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")

LINE = lc.encode(lc.Message.user("question " * 20)) + b"\n"
BAD = b'{"role": "nobody"}\n'
RECORDS = 5000  # more than a Parquet row group of the command (4096): the first one is written


def _temporary_files(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".partial" in p.name)


def _mid_run(tmp_path: Path, dest: str, *options: str) -> tuple[list[str], str]:
    """The temporary files beside DEST while the convert waits for more input, and its stderr
    once the input ended."""
    fifo = tmp_path / "in.jsonl"
    os.mkfifo(fifo)
    command = [
        sys.executable,
        "-m",
        "lmcodec",
        "convert",
        str(fifo),
        str(tmp_path / dest),
        "--type",
        "Message",
    ]
    proc = subprocess.Popen([*command, *options], stderr=subprocess.PIPE)
    with open(fifo, "wb") as writer:
        writer.write(BAD + LINE * RECORDS)
        writer.flush()
        deadline = time.monotonic() + 60
        seen: list[str] = []
        while time.monotonic() < deadline:  # until every file the run makes so far is there
            now = _temporary_files(tmp_path)
            if now and now == seen:
                break
            seen = now
            time.sleep(0.3)
    err = proc.communicate(timeout=60)[1].decode()
    assert proc.returncode == 0, err
    return seen, err


@pytest.mark.parametrize("dest", ["out.jsonl", "out.jsonl.gz", "out.msgpack.zst", "out.parquet"])
def test_convert_writes_dest_through_one_temporary_file(tmp_path: Path, dest: str) -> None:
    seen, err = _mid_run(tmp_path, dest, "--on-error", "skip")
    assert len(seen) == 1 and seen[0].startswith(f".{dest}."), seen
    assert f"{RECORDS} records converted" in err
    assert _temporary_files(tmp_path) == []
    if dest.endswith(".parquet"):
        assert sum(1 for _ in lc.arrow.read_parquet(tmp_path / dest)) == RECORDS
    elif ".msgpack" in dest:
        assert sum(1 for _ in lc.msgpack.read_stream(tmp_path / dest, lc.Message)) == RECORDS
    else:
        assert sum(1 for _ in lc.jsonl.read(tmp_path / dest, lc.Message)) == RECORDS


def test_convert_writes_rejects_through_one_temporary_file(tmp_path: Path) -> None:
    rejects_path = str(tmp_path / "bad.jsonl.zst")
    seen, err = _mid_run(tmp_path, "out.jsonl.gz", "--on-error", "skip", "--rejects", rejects_path)
    assert len(seen) == 2, seen
    named = sorted(name.split(".partial")[0].rsplit(".", 1)[0] for name in seen)
    assert named == [".bad.jsonl.zst", ".out.jsonl.gz"]
    assert _temporary_files(tmp_path) == []
    rejects = lc.jsonl.read(tmp_path / "bad.jsonl.zst", lc.Message, on_error="collect")
    assert list(rejects) == [] and [bad.raw for bad in rejects.errors] == [BAD.rstrip(b"\n")]
    assert "5000 records converted, 1 bad record" in err
