"""codecs/jsonl.py: a line past ``max_line_bytes`` (a record or not) is skipped to
its end only where the source surely has one (bytes, a regular file: a sparse file's hole however
long); from a device, FIFO, pipe or a file object that can tell no size, it ends the reading with a
RecordError once it runs past ENDLESS_LINE_FACTOR times the bound (red team 16 F01: /dev/zero given
as the log was skipped for ever: no line, no status). Every source here fails the test, rather than
hanging it, when it is read far past that bound."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.codecs.jsonl import ENDLESS_LINE_FACTOR

from ..turns import numbered_turns

TURNS = numbered_turns(2)
LINES = [lc.encode(t) + b"\n" for t in TURNS]
BOUND = 1000
READ_AT_MOST = 64 * ENDLESS_LINE_FACTOR * BOUND + (4 << 20)  # a few read buffers past the stop


class _Endless(io.RawIOBase):
    """Good lines, then NULs for ever: fails (AssertionError) once read far past the bound."""

    def __init__(self, head: bytes) -> None:
        super().__init__()
        self._head = head
        self.read_so_far = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        assert self.read_so_far < READ_AT_MOST, "the endless line was read on past its bound"
        size = min(len(view), 1 << 16)
        done = min(size, max(0, len(self._head) - self.read_so_far))
        view[:done] = self._head[self.read_so_far : self.read_so_far + done]
        view[done:size] = bytes(size - done)
        self.read_so_far += size
        return size


@pytest.mark.parametrize("on_error", ["raise", "skip", "collect"])
def test_an_endless_line_from_a_stream_ends_the_reading_after_the_records_before_it(on_error: Any) -> None:
    source = io.BufferedReader(_Endless(LINES[0] + LINES[1]))
    reader = lc.jsonl.read(source, lc.Turn, on_error=on_error, max_line_bytes=BOUND)
    got: list[Any] = []
    with pytest.raises(lc.RecordError) as raised:
        got.extend(reader)
    assert got == TURNS
    assert (raised.value.line, raised.value.offset) == (3, len(LINES[0]) + len(LINES[1]))
    assert str(raised.value).startswith(
        f"line 3 (byte {len(LINES[0]) + len(LINES[1])}): the line is longer than max_line_bytes (1000): "
        f"more than {ENDLESS_LINE_FACTOR * BOUND} bytes without a newline from a source that is not a "
        "regular file"
    )


def test_dev_zero_given_as_the_log_ends_with_a_record_error() -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    script = (
        "import lmcodec as lc\n"
        "try:\n"
        f"    list(lc.jsonl.read('/dev/zero', lc.Turn, on_error='skip', max_line_bytes={BOUND}))\n"
        "except lc.RecordError as err:\n"
        "    print(err)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=120)  # it never ended
    assert done.returncode == 0, done.stderr.decode()
    assert re.match(r"line 1 \(byte 0\): .* not a regular file", done.stdout.decode())


def test_a_fifo_fed_an_endless_line_ends_the_reading(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "log.jsonl"
    os.mkfifo(fifo)
    stop = threading.Event()

    def feed() -> None:
        with open(fifo, "wb") as fh:
            fh.write(LINES[0])
            try:
                for _ in range(READ_AT_MOST >> 16):  # then the FIFO ends: an unbounded skip would end too
                    if stop.is_set():
                        break
                    fh.write(bytes(1 << 16))
            except BrokenPipeError:
                pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    try:
        reader = lc.jsonl.read(fifo, lc.Turn, on_error="skip", max_line_bytes=BOUND)
        got: list[Any] = []
        with pytest.raises(lc.RecordError, match="not a regular file"):
            got.extend(reader)
        assert got == TURNS[:1]
    finally:
        stop.set()
        feeder.join(10)


@pytest.mark.parametrize("kind", ["path", "bytes", "BytesIO", "file object"])
def test_a_line_far_past_the_bound_from_a_source_that_ends_is_skipped_to_its_end(
    tmp_path: Path, kind: str
) -> None:
    """A regular file's run of NULs (a hole) is finite: skipped whole, the records after it read."""
    hole = 64 * ENDLESS_LINE_FACTOR * BOUND
    data = LINES[0] + bytes(hole) + b"\n" + LINES[1]
    path = tmp_path / "log.jsonl"
    path.write_bytes(data)
    with open(path, "rb") as fh:
        src: Any = {"path": path, "bytes": data, "BytesIO": io.BytesIO(data), "file object": fh}[kind]
        reader = lc.jsonl.read(src, lc.Turn, on_error="collect", max_line_bytes=BOUND)
        assert list(reader) == TURNS
    assert [(e.line, e.offset) for e in reader.errors] == [(2, len(LINES[0]))]
    assert f": {hole + 1} bytes, skipped unread" in reader.errors[0].message


def test_an_endless_record_line_from_a_stream_ends_the_reading() -> None:
    """``(printf '{'; cat /dev/zero) | lmcodec validate -`` grew until the OOM killer (red team 23
    F03): a line starting with ``{`` was read whole. It is bounded as any other line."""
    source = io.BufferedReader(_Endless(LINES[0] + b'{"request": "'))
    got: list[Any] = []
    with pytest.raises(lc.RecordError) as raised:
        got.extend(lc.jsonl.read(source, lc.Turn, on_error="skip", max_line_bytes=BOUND))
    assert got == TURNS[:1]
    assert (raised.value.line, raised.value.offset) == (2, len(LINES[0]))
