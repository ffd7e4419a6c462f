"""What ``lmcodec convert`` did not write, and ``--rejects``: problems tallied for the report
in bounded memory, and every record not written (bad on input, or one the output format
cannot hold) kept verbatim in the rejects file, so DEST and the rejects hold every record.

The bytes of a record the reader took as good are kept by a :class:`Tap` between the file
and the reader, until the next record is read. The rejects file is written atomically, as
DEST is, and finished before DEST is renamed (``_convert``), so a run that fails on it
leaves DEST as it was; a write that fails names it.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import IO, Any

import lmcodec as lc
from lmcodec.cli._output import atomic_file, named
from lmcodec.codecs.files import Source, checked, compressing, open_read
from lmcodec.codecs.jsonl import DEFAULT_MAX_LINE_BYTES

__all__ = [
    "SHOWN",
    "BadRecords",
    "Refused",
    "RejectsFile",
    "Tally",
    "Tap",
    "in_command_words",
    "open_rejects",
    "say_where_kept",
]

SHOWN = 20
"""Bad records reported one by one; the rest are summed up by message."""
_MESSAGES = 1_000
"""Distinct messages counted for the summary; the bad records beyond them are counted together."""
_LENGTH = struct.Struct(">I")


def in_command_words(message: str) -> str:
    """A library message, its advice given as the command's option (``--lenient``, not
    ``lenient=True``: red team 12 F13; ``--max-line-bytes``, not ``max_line_bytes``: review 9)."""
    return (
        message.replace("decode with lenient=True to read it", "rerun with --lenient to read it")
        .replace("longer than max_line_bytes (", "longer than --max-line-bytes (")
        .replace("read with max_line_bytes=None", "read with --max-line-bytes 0")
    )


class Tap:
    """SRC opened (decompressed and checked) as a reader would open it, handed to the reader
    in its place: it keeps the line the reader took last (``jsonl.Reader`` iterates or reads lines), or
    the bytes it read since the last :meth:`take` (``msgpack.StreamReader`` reads a length
    prefix, then the record), so that the record yielded last can be written verbatim."""

    def __init__(self, src: Source, length_prefixed: bool) -> None:
        self._src = src
        self._length_prefixed = length_prefixed
        self._stack = ExitStack()
        self._fh: Any = None
        self._fd: int | None = None
        self._line: bytes | None = None
        self._read: list[bytes] = []
        self._started = False

    def _opened(self) -> Any:
        if self._fh is None:
            if isinstance(self._src, (str, os.PathLike)):  # as open_read opens a path, its descriptor kept
                raw = self._stack.enter_context(open(self._src, "rb"))
                self._fd = raw.fileno()
                self._fh = self._stack.enter_context(checked(raw, str(self._src)))
            else:
                self._fh = self._stack.enter_context(open_read(self._src))
        return self._fh

    def fileno(self) -> int:
        """The descriptor SRC is read from: ``jsonl.read`` skips a long line of a regular file to its
        end, and stops one from a device or pipe (which may never end it) after a bound."""
        self._opened()
        if self._fd is not None:
            return self._fd
        src = self._src
        if isinstance(src, (str, os.PathLike, bytes, bytearray, memoryview)):
            raise io.UnsupportedOperation("bytes have no descriptor")
        return src.fileno()

    def peek(self, size: int = 0) -> bytes:
        """Nothing before the first read: the reader sniffs a file object for gzip/zstd magic
        bytes then, and SRC was decompressed when the tap opened it, as the reader opens a path
        (a .gz holding gzip bytes is not decompressed twice, and nothing is read to sniff).
        After it, what the opened SRC shows ahead (``msgpack.StreamReader`` looks over a run of
        zero-length records without reading past it)."""
        if not self._started:
            return b""
        peek = getattr(self._opened(), "peek", None)
        return peek(size) if peek is not None else b""

    def read(self, size: int = -1) -> bytes:
        self._started = True
        data: bytes = self._opened().read(size)
        self._read.append(data)
        return data

    def readline(self, size: int = -1) -> bytes:
        """The line read last (a line past the bound is skipped in pieces: none is kept)."""
        line: bytes = self._opened().readline(size)
        self._line = line
        return line

    def __iter__(self) -> Iterator[bytes]:
        for line in self._opened():
            self._line = line
            yield line

    def take(self) -> bytes | None:
        """The bytes of the record read last, as the input holds it (a line without its line
        end; a MessagePack record without its length prefix), and forgets them. None when the
        reader did not read through this tap as it reads a file (see ``_sniffed``)."""
        read, self._read = self._read, []
        if self._length_prefixed:
            return self._last_frame(b"".join(read))
        line, self._line = self._line, None
        if line is None:
            return None
        end = 2 if line.endswith(b"\r\n") else 1 if line.endswith(b"\n") else 0
        return line[: len(line) - end]

    def forget(self) -> None:
        """Forget every byte read so far: the record yielded last is not where the tap's framing
        puts it (the reader's ``recovered``: a record of a bad line's pieces, or found after a run
        of NULs whose length is not a multiple of 4)."""
        self._read = []
        self._line = None

    def _last_frame(self, data: bytes) -> bytes:
        """The body of the last whole length-prefixed record in ``data``; the bytes after it (a
        length prefix the reader read to see a run of zero-length records end) are kept for
        the next :meth:`take`."""
        start = end = 0
        while end + 4 <= len(data):
            (size,) = _LENGTH.unpack_from(data, end)
            if end + 4 + size > len(data):
                break
            start, end = end, end + 4 + size
        if end < len(data):
            self._read.append(data[end:])
        return data[start + 4 : end]

    def close(self) -> None:
        self._stack.close()


class RejectsFile:
    """``--rejects`` open for writing: each record verbatim, framed as the input frames it (a
    line; a MessagePack record after its length prefix), so that the rejects read back as
    records: a MessagePack record's bytes hold 0x0a wherever a value is 10, and followed by a
    newline they could not be split apart again (red team 12 F07)."""

    def __init__(self, fh: IO[bytes], path: str, length_prefixed: bool) -> None:
        self._fh = fh
        self.path = path
        self.length_prefixed = length_prefixed
        self.failed = False
        """A write failed: the file's closing fails too, and whatever it raises is about it."""

    def add(self, raw: bytes) -> None:
        try:
            self._fh.write(_LENGTH.pack(len(raw)) + raw if self.length_prefixed else raw + b"\n")
        except OSError as exc:
            self.failed = True
            raise named(exc, self.path) from exc


@contextmanager
def open_rejects(path: str | None, length_prefixed: bool) -> Iterator[RejectsFile | None]:
    """``--rejects`` (None: not asked for), .gz/.zst by its suffix, renamed into place when the
    block succeeds; a failure to finish it (its buffered tail, a full disk) names it."""
    if path is None:
        yield None
        return
    rejects = None
    body_done = False
    try:
        with atomic_file(path) as raw, compressing(raw, path) as fh:
            rejects = RejectsFile(fh, path, length_prefixed)
            yield rejects
            body_done = True
    except OSError as exc:
        if body_done or (rejects is not None and rejects.failed):
            raise named(exc, path) from exc
        raise


class Tally:
    """Problems of a run seen one at a time: the first SHOWN kept to be reported one by one,
    the rest counted by message. Its memory is bounded whatever their number."""

    def __init__(self) -> None:
        self.count = 0
        self.first: list[tuple[str, str]] = []
        self.rest: Counter[str] = Counter()
        self.other = 0
        """Problems past SHOWN whose message came after _MESSAGES distinct ones."""

    def add(self, where: str, message: str) -> None:
        self.count += 1
        if len(self.first) < SHOWN:
            self.first.append((where, message))
        elif message in self.rest or len(self.rest) < _MESSAGES:
            self.rest[message] += 1
        else:
            self.other += 1

    def report(self, head: str, what: str, tail: str = "") -> None:
        """The first ones one a line (``head``, where, ``tail``, message), then the rest by message."""
        for where, message in self.first:
            print(f"lmcodec: {head}{where}{tail}: {message}", file=sys.stderr)
        total = sum(self.rest.values()) + self.other
        if not total:
            return
        print(f"lmcodec: ... and {total} {what}:", file=sys.stderr)
        for message, count in self.rest.most_common(5):
            print(f"lmcodec:   {count} x {message}", file=sys.stderr)
        if self.other:
            print(f"lmcodec:   {self.other} with messages past the first {_MESSAGES} kinds", file=sys.stderr)


class Refused(Tally):
    """Records read but not written (the output format cannot hold them), with why: tallied,
    and each written to ``rejects`` as the input held it."""

    def __init__(self) -> None:
        super().__init__()
        self.rejects: RejectsFile | None = None

    def reject(self, where: str, error: Exception, raw: bytes | None) -> None:
        self.add(where, str(error))
        if self.rejects is not None and raw is not None:
            self.rejects.add(raw)


class BadRecords(Tally):
    """The input's bad records, handed over by the reader as it finds them (its ``on_error``):
    tallied, the first one kept (for the hint), and each written verbatim to ``rejects``."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit
        self.rejects: RejectsFile | None = None
        self.earliest: lc.BadRecord | None = None
        self.too_long = 0
        """Lines past ``jsonl.read``'s ``max_line_bytes``: skipped unread, so not in the rejects."""

    def __call__(self, bad: lc.BadRecord) -> None:
        if self.earliest is None:
            self.earliest = bad
        where = f"{self.unit} {bad.line} (byte {bad.offset})" + (f" at {bad.path}" if bad.path else "")
        self.add(where, in_command_words(bad.message))
        if self.rejects is None:
            return
        if not bad.raw and not self.rejects.length_prefixed:  # (a blank line is no bad line)
            self.too_long += 1
            return
        self.rejects.add(bad.raw)


def say_where_kept(
    bad: BadRecords | None, refused: Refused, path: str, max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES
) -> None:
    """The run's last word on ``--rejects``: every record not written is there, the ones named
    above and the ones only counted; a line too long to keep (skipped unread) is not."""
    too_long = 0 if bad is None else bad.too_long
    kept = (0 if bad is None else bad.count) + refused.count - too_long
    if kept:
        records = f"{kept} record" if kept == 1 else f"{kept} records"
        print(f"lmcodec: the {records} not written {'is' if kept == 1 else 'are'} in {path}", file=sys.stderr)
    if too_long:
        lines = f"{too_long} line" if too_long == 1 else f"{too_long} lines"
        bound = (
            f"{max_line_bytes >> 20} MiB"
            if max_line_bytes and not max_line_bytes % (1 << 20)
            else f"{max_line_bytes} bytes"
        )
        print(
            f"lmcodec: {lines} longer than {bound} {'is' if too_long == 1 else 'are'} not (skipped unread)",
            file=sys.stderr,
        )
