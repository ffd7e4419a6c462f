"""The SSE framer that counts the keep-alives it is fed, for :func:`lmcodec.stream.translate`.

A keep-alive's mark is a comment line's ``:`` (at a line start: after LF, CR, or at the stream's
start) and, from a source that sends them (Anthropic), an ``event: ping`` name line; it is counted
in the chunk its last byte arrives in, however chunks cut it (red team 21 F04,
:mod:`lmcodec.stream._keepalive`).

:class:`KeepAliveSSEDecoder` frames as :class:`~lmcodec.framing.sse.SSEDecoder` does and reads the
marks where it frames: a chunk of one whole event (a transport handing over one event at a time)
holds a mark only in the lines before its data line. An LF event of one data line is matched by
whole_event's pattern with lines that start with neither ``:`` nor ``event: ping`` before it (no
look of its own); another whole event is looked at (its first bytes, one search of its head) and
kept to count where it may hold a mark. Every other chunk (several events, part of one, CRLF framed
line by line) is kept as it came, and counted by :func:`keep_alive_marks` only where its count is
wanted (a chunk that wrote nothing): the caller reads :attr:`KeepAliveSSEDecoder.unscanned` after
each chunk and calls :meth:`~KeepAliveSSEDecoder.keep_alives` only when it holds something.
``SSEDecoder`` itself, which ``decode``, ``Decoder`` and ``assemble`` run, counts nothing.
"""

from __future__ import annotations

import re
from typing import Final

from lmcodec.framing._chunks import chunk_bytes
from lmcodec.framing._sse_fields import whole_event
from lmcodec.framing._sse_lines import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.framing._sse_long import LONG_LINE, VALUE_START
from lmcodec.framing.sse import SSEDecoder

__all__ = ["KeepAliveSSEDecoder", "keep_alive_marks"]

_PING: Final = b"event: ping"
# The bytes before a chunk a mark ending in it may start in: "\n" and the ping line but its last byte.
_SEAM: Final = len(_PING)
_LINE_START: Final = b"\n"  # what a stream, or a chunk fed where nothing is pending, starts after
# The most bytes an event of one data line and no other line has besides its value, LF and CRLF
# (a line before it has at least two, ":\n", three with CRLF: an LF event of a line and "data:" has 9).
_ONE_LINE_LF: Final = len(b"data: \n\n")
_ONE_LINE_CRLF: Final = len(b"data: \r\n\r\n")
# A mark after the first line of an event's head: only a head line may start with ":" or "event:",
# and the value starts after this search's end (its data lines start with "data:"); the end is past
# the value's start for several data lines, whose continuation lines start with "data:" too.
# One LF event of one data line, as whole_event's first match takes it, whose lines before the data
# line hold no mark (none starts with ":", nor, from a source that sends pings, "event: ping"):
# matched in its place, so the common event costs no look of its own.
_UNMARKED: Final = rb"(?:(?!:|data:)[^\n]+\n){0,4}data: ?()" + VALUE_START + rb"[^\n]*\n\n"
_UNMARKED_EVENT: Final = re.compile(_UNMARKED).fullmatch
_UNMARKED_PING_EVENT: Final = re.compile(_UNMARKED.replace(b"(?!:|", b"(?!:|event: ping|", 1)).fullmatch
_LATER_COMMENT: Final = re.compile(rb"\n:").search
_LATER_MARK: Final = re.compile(rb"\n(?::|event: ping)").search


def keep_alive_marks(data: bytes, pings: bool) -> int:
    """The keep-alive marks in ``data`` (each preceded, inside it, by its line end): comment lines,
    and ``event: ping`` lines when ``pings``. A lone CR ends a line only where the stream has no
    LF, a rare form: looked for only where ``data`` has a CR."""
    cr = 13 in data
    marks = data.count(b"\n:")
    if cr:
        marks += data.count(b"\r:")
    if pings:
        marks += data.count(b"\n" + _PING)
        if cr:
            marks += data.count(b"\r" + _PING)
    return marks


class KeepAliveSSEDecoder(SSEDecoder):
    """:class:`~lmcodec.framing.sse.SSEDecoder` keeping what it needs to count the keep-alives of
    each chunk (``pings``: the source sends ``event: ping``, Anthropic; comment lines from any)."""

    __slots__ = ("_later_mark", "_pings", "_seam", "_unmarked_event", "unscanned")

    def __init__(
        self,
        *,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
        pings: bool = False,
    ) -> None:
        super().__init__(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
        self._pings = pings
        self._later_mark = _LATER_MARK if pings else _LATER_COMMENT
        self._unmarked_event = _UNMARKED_PING_EVENT if pings else _UNMARKED_EVENT
        self._seam = _LINE_START  # the end of the stream before unscanned[0]
        self.unscanned: list[bytes] = []
        """The bytes fed since the last :meth:`keep_alives` that may hold a mark, in stream order."""

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """:meth:`SSEDecoder.feed_data <lmcodec.framing.sse.SSEDecoder.feed_data>`, the chunk's
        marks left to count (see the module's docstring)."""
        if type(data) is not bytes:
            data = chunk_bytes(data)
        size = len(data)
        if size <= self._whole_max:
            if size < LONG_LINE and 13 not in data:  # "\r"
                match = self._unmarked_event(data)
                if match is not None:  # (whole_event's first match, whose head holds no mark)
                    self._index += 1
                    self._offset += size
                    return [data[match.end(1) : -2]]
            value = whole_event(data)
            if value is not None:
                self._index += 1
                self._offset += size
                head = size - len(value)  # the bytes not of the value
                if (head > _ONE_LINE_CRLF or (head > _ONE_LINE_LF and data[-2] != 13)) and (
                    data[0] == 58  # ":"
                    or (data[7] == 112 and self._pings and data.startswith(_PING))  # "event: p"
                    or self._later_mark(data, 0, size - 2) is not None  # (lines after the data line too)
                ):
                    self.note_unscanned(data, True)
                return [value]
        self.note_unscanned(data, self._whole_max >= 0)
        events = self._frame_data(data)
        self._whole_max = self._bulk_max if self._clean and not self._tail and not self._skip_lf else -1
        return events

    @property
    def keep_alive_count(self) -> KeepAliveSSEDecoder:
        """What counts the keep-alives of the chunks fed (this framer; Gemini's holds one)."""
        return self

    def note_unscanned(self, data: bytes, line_start: bool) -> None:
        """Keep ``data``, the next bytes of the stream, to count; ``line_start``: a line starts
        before it (nothing was pending)."""
        unscanned = self.unscanned
        if not unscanned and line_start:
            self._seam = _LINE_START
        unscanned.append(data)

    def keep_alives(self, wanted: bool) -> int:
        """The marks that ended in the bytes fed since the last call when ``wanted`` (else 0: the
        bytes are dropped, only their end kept, as a mark may start there)."""
        unscanned = self.unscanned
        seam = self._seam
        last = unscanned[-1]
        if not wanted and len(unscanned) == 1 and len(last) >= _SEAM:
            self._seam = last[-_SEAM:]
            unscanned.clear()
            return 0
        data = seam + b"".join(unscanned)
        unscanned.clear()
        self._seam = data[-_SEAM:]
        if not wanted:
            return 0
        pings = self._pings
        return keep_alive_marks(data, pings) - keep_alive_marks(seam, pings)
