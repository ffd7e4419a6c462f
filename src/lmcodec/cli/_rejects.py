"""What ``lmcodec convert`` did not write, and ``--rejects``: problems tallied for the report
in bounded memory, and each record not written kept verbatim in the rejects file.

The rejects file is written atomically, as DEST is, and finished before DEST is renamed
(``_convert``), so a run that fails on it leaves DEST as it was; a write that fails names it.
"""

from __future__ import annotations

import struct
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

import lmcodec as lc
from lmcodec.cli._output import atomic_path
from lmcodec.codecs.files import open_write

__all__ = ["SHOWN", "BadRecords", "RejectsFile", "Tally", "open_rejects"]

SHOWN = 20
"""Bad records reported one by one; the rest are summed up by message."""
_MESSAGES = 1_000
"""Distinct messages counted for the summary; the bad records beyond them are counted together."""
_LENGTH = struct.Struct(">I")


def _named(exc: OSError, path: str) -> OSError:
    """``exc`` naming ``path`` (a failed write or flush names no file: "No space left on device")."""
    if exc.filename is not None:
        return exc
    return OSError(exc.errno, exc.strerror or str(exc), path)


class RejectsFile:
    """``--rejects`` open for writing: each record verbatim, framed as the input frames it (a
    line; a MessagePack record after its length prefix), so that the rejects read back as
    records: a MessagePack record's bytes hold 0x0a wherever a value is 10, and followed by a
    newline they could not be split apart again (red team 12 F07)."""

    def __init__(self, fh: IO[bytes], path: str, length_prefixed: bool) -> None:
        self._fh = fh
        self.path = path
        self._length_prefixed = length_prefixed
        self.failed = False
        """A write failed: the file's closing fails too, and whatever it raises is about it."""

    def add(self, raw: bytes) -> None:
        try:
            self._fh.write(_LENGTH.pack(len(raw)) + raw if self._length_prefixed else raw + b"\n")
        except OSError as exc:
            self.failed = True
            raise _named(exc, self.path) from exc


@contextmanager
def open_rejects(path: str | None, length_prefixed: bool) -> Iterator[RejectsFile | None]:
    """``--rejects`` (None: not asked for), .gz/.zst by its suffix, renamed into place when the
    block succeeds; a failure to finish it (its buffered tail, a full disk) names it."""
    if path is None:
        yield None
        return
    with atomic_path(path) as tmp:
        rejects = None
        body_done = False
        try:
            with open_write(tmp) as fh:
                rejects = RejectsFile(fh, path, length_prefixed)
                yield rejects
                body_done = True
        except OSError as exc:
            if body_done or (rejects is not None and rejects.failed):
                raise _named(exc, path) from exc
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


class BadRecords(Tally):
    """The input's bad records, handed over by the reader as it finds them (its ``on_error``):
    tallied, the first one kept (for the hint), and each written verbatim to ``rejects``."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit
        self.rejects: RejectsFile | None = None
        self.earliest: lc.BadRecord | None = None

    def __call__(self, bad: lc.BadRecord) -> None:
        if self.earliest is None:
            self.earliest = bad
        where = f"{self.unit} {bad.line} (byte {bad.offset})" + (f" at {bad.path}" if bad.path else "")
        self.add(where, bad.message)
        if self.rejects is not None:
            self.rejects.add(bad.raw)
