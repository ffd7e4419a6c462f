"""The records a bad JSONL line still holds: those a run of NULs or a UTF-8 byte order mark hides.

A crashed writer leaves a run of NULs where its last writes were (the file's size reached the disk,
its data did not); the restarted writer appends its next record straight after them, with no
newline between: ``rec1\\n<NULs>rec2\\n``, or ``<half a record><NULs>rec2\\n`` when the crash cut
a record. A raw NUL byte is never part of a JSON text (not even inside a string), so such a line
is cut at its NUL runs and each piece read as a line: the records found are kept, the spans
between them are bad regions (red team 56 F05). A UTF-8 byte order mark cannot begin JSON either:
one that starts a line (logs that each began with one, joined by ``cat``) is skipped as on line 1
(red team 56 F01). Only a line the decoder refused comes here: a good log pays nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from lmcodec.errors import LmcodecError

__all__ = ["BOM", "Bad", "Good", "salvaged"]

BOM = b"\xef\xbb\xbf"
_NUL_RUN = re.compile(rb"\x00+")


class Good(NamedTuple):
    """A record read from the line's bytes ``start`` to ``end``."""

    start: int
    end: int
    record: Any


class Bad(NamedTuple):
    """The line's bytes ``start`` to ``end``, no record: ``error`` the first piece's (None: only
    NULs and blank space), ``nuls`` the NUL bytes among them."""

    start: int
    end: int
    error: LmcodecError | None
    nuls: int


def salvaged(raw: bytes, decode: Callable[[bytes], Any]) -> list[Good | Bad] | None:
    """The records and bad regions of the bad line ``raw`` in order, once it is cut at its NUL runs
    (each piece read by ``decode``, which raises an LmcodecError for a bad one, after a leading
    byte order mark); None when no piece is a record (the line is one bad line, as it was)."""
    pieces: list[tuple[int, int]] = []
    start = 0
    for run in _NUL_RUN.finditer(raw):
        pieces.append((start, run.start()))
        start = run.end()
    pieces.append((start, len(raw)))
    outcomes: list[Good | Bad] = []
    found = False
    for start, end in pieces:
        piece = raw[start:end]
        if not piece.strip():
            continue
        try:
            record = decode(piece[len(BOM) :] if piece.startswith(BOM) else piece)
        except LmcodecError as err:
            outcomes.append(Bad(start, end, err, 0))
            continue
        outcomes.append(Good(start, end, record))
        found = True
    if not found:
        return None
    return _with_gaps(outcomes, raw)


def _with_gaps(outcomes: list[Good | Bad], raw: bytes) -> list[Good | Bad]:
    """``outcomes`` with each span between two records (or the line's ends) one :class:`Bad`
    region: the failed pieces, NULs and blank space in it joined."""
    regions: list[Good | Bad] = []
    at = 0
    error: LmcodecError | None = None
    for outcome in outcomes:
        if isinstance(outcome, Bad):
            error = error or outcome.error
            continue
        _add_gap(regions, raw, at, outcome.start, error)
        regions.append(outcome)
        at = outcome.end
        error = None
    _add_gap(regions, raw, at, len(raw), error)
    return regions


def _add_gap(regions: list[Good | Bad], raw: bytes, start: int, end: int, error: LmcodecError | None) -> None:
    gap = raw[start:end].rstrip(b"\r\n")  # (the line's end is no part of a region)
    nuls = gap.count(0)
    if error is not None or nuls:
        regions.append(Bad(start, start + len(gap), error, nuls))
