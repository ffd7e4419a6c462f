"""SIGTERM and SIGHUP mid-convert: the temporary file beside DEST is removed, as on SIGINT, and
the status is 128 + the signal (red team F02: ``timeout``, ``kill``, ``docker stop`` and a closed
terminal left ``.DEST.XXXX.partial`` behind, megabytes of it, hidden by the dot). A signal the
caller ignores (``nohup`` ignores SIGHUP) stays ignored."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import BinaryIO

import pytest

import lmcodec as lc

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs and signals")

LINE = lc.encode(lc.Message.user("question " * 20)) + b"\n"


def _start(tmp_path: Path, ignore_hup: bool = False) -> tuple[subprocess.Popen[bytes], BinaryIO]:
    """A convert reading a FIFO the test holds open: it is mid-run until the test lets it end."""
    fifo = tmp_path / "in.jsonl"
    os.mkfifo(fifo)

    def child_setup() -> None:
        # The dispositions each test assumes, whatever the suite inherited (nohup ignores SIGHUP, a
        # shell's background job SIGINT): an ignored signal stays ignored in the child.
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            signal.signal(sig, signal.SIG_DFL)
        if ignore_hup:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "lmcodec",
            "convert",
            str(fifo),
            str(tmp_path / "out.jsonl.gz"),
            "--type",
            "Message",
        ],
        stderr=subprocess.PIPE,
        preexec_fn=child_setup,
    )
    writer = open(fifo, "wb")
    writer.write(LINE * 1000)
    writer.flush()
    deadline = time.monotonic() + 60
    while not _leftovers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert _leftovers(tmp_path), "the convert did not start writing"
    time.sleep(0.2)
    return proc, writer


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".partial" in p.name)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=lambda s: s.name)
def test_a_signal_removes_the_temporary_file(tmp_path: Path, sig: signal.Signals) -> None:
    proc, writer = _start(tmp_path)
    proc.send_signal(sig)
    try:
        err = proc.communicate(timeout=60)[1].decode()
    finally:
        try:
            writer.close()
        except BrokenPipeError:
            pass
    assert proc.returncode == 128 + sig, err
    assert err.startswith("lmcodec: ") and "Traceback" not in err, err
    assert _leftovers(tmp_path) == [] and not (tmp_path / "out.jsonl.gz").exists()


def test_an_ignored_sighup_stays_ignored(tmp_path: Path) -> None:
    proc, writer = _start(tmp_path, ignore_hup=True)
    proc.send_signal(signal.SIGHUP)
    time.sleep(0.3)
    writer.write(LINE)
    writer.close()
    err = proc.communicate(timeout=60)[1].decode()
    assert proc.returncode == 0, err
    assert "1001 records converted" in err
    assert len(list(lc.jsonl.read(tmp_path / "out.jsonl.gz", lc.Message))) == 1001
