"""The line-by-line SSE framer: lm15's field grammar over complete lines, with the limits.

:class:`SSELines` is the base of :class:`lmcodec.stream.sse.SSEDecoder` (the grammar and the
limits are described there): ``feed``/``close`` cut :class:`SSEEvent` values from any chunking,
line by line, keeping a partial line in a ``bytearray``. The bulk framing of ``feed_data``, which
hands the bytes it cannot take in bulk to ``feed``, is the subclass's.
"""

from __future__ import annotations

from typing import Any, Final, NoReturn

import msgspec

from lmcodec.errors import DecodeError
from lmcodec.framing._chunks import chunk_bytes
from lmcodec.framing._sse_space import SPACE, WS_FIRST, lstrip_ws

__all__ = ["DEFAULT_MAX_EVENT_BYTES", "DEFAULT_MAX_LINE_BYTES", "NOTHING_KEPT", "SSEEvent", "SSELines"]

#: Default cap on one line (line end excluded). Gemini sends a 4K image as a
#: single 29.7 MB SSE line (lm15-contract INV-056), so the cap sits well above.
DEFAULT_MAX_LINE_BYTES: Final = 64 * 1024 * 1024
#: Default cap on all the lines of one event (line ends excluded).
DEFAULT_MAX_EVENT_BYTES: Final = 128 * 1024 * 1024
# What a framer kept of the call that raised, before any call raised (shared: never mutated).
NOTHING_KEPT: Final[list[Any]] = []


class SSEEvent(msgspec.Struct, frozen=True, gc=False):
    """One dispatched SSE event: its ``event:`` name (``None`` when the event
    had no ``event:`` line) and its data lines joined with ``\\n``."""

    event: str | None
    data: bytes


_D: Final = ord("d")
_E: Final = ord("e")


def _check_limit(name: str, value: int | None) -> int | None:
    if value is None or (type(value) is int and value >= 0):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a non-negative int or None, got {value!r}")
    return value


class SSELines:
    """The line-by-line SSE framer (see :class:`lmcodec.stream.sse.SSEDecoder`, its one subclass,
    for the grammar and the limits); it holds the state of the bulk framing too, which
    :meth:`feed` takes over from."""

    __slots__ = (
        "_buf",
        "_bulk_max",
        "_clean",
        "_data",
        "_event_bytes",
        "_failed",
        "_has_data",
        "_index",
        "_kept",
        "_kept_data",
        "_max_event",
        "_max_line",
        "_name",
        "_offset",
        "_skip_lf",
        "_tail",
        "_whole_max",
    )

    # Set by a call that raises, before it (the getters default to nothing: no cost per stream)
    _kept: list[SSEEvent]  # the events feed()/close() had cut
    _kept_data: list[bytes]  # those of feed_data()/close_data()

    def __init__(
        self,
        *,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
    ) -> None:
        # _check_limit's first test inline: a limit it returns unchanged costs no call
        if max_line_bytes is not None and (type(max_line_bytes) is not int or max_line_bytes < 0):
            max_line_bytes = _check_limit("max_line_bytes", max_line_bytes)
        if max_event_bytes is not None and (type(max_event_bytes) is not int or max_event_bytes < 0):
            max_event_bytes = _check_limit("max_event_bytes", max_event_bytes)
        self._max_line = max_line_bytes
        self._max_event = max_event_bytes
        self._buf = bytearray()  # the partial (unterminated) last line
        self._offset = 0  # stream offset of self._buf[0]
        self._skip_lf = False  # the last byte seen was a line-ending \r
        self._name: str | None = None  # event name of the pending event
        self._data = bytearray()  # the data lines of the pending event, joined with "\n" as they come
        self._has_data = False  # the pending event has a data line
        self._event_bytes = 0  # line bytes of the pending event so far
        self._index = 0  # index of the pending event (= events dispatched)
        self._failed = False
        self._tail: bytes | bytearray = b""  # feed_data(): the unfinished last event, not yet framed
        self._clean = True  # feed_data(): nothing pending line by line (_skip_lf aside: a bulk "\r")
        # feed_data() frames in bulk only chunks that cannot hold a line or an event over a limit.
        line, event = self._max_line, self._max_event
        if line is None:
            self._bulk_max = 1 << 62 if event is None else event
        else:
            self._bulk_max = line if event is None else min(line, event)
        # feed_data() takes a chunk of at most this length holding exactly one whole event of the
        # common shape straight from its bytes; -1 while anything is pending.
        self._whole_max = self._bulk_max

    @property
    def event_count(self) -> int:
        """Events dispatched so far (also the index of the next event)."""
        return self._index

    @property
    def smallest_limit(self) -> int:
        """The smaller of ``max_line_bytes`` and ``max_event_bytes`` (2**62 when neither is set):
        a chunk no longer than this cannot hold a line or an event over a limit on its own."""
        return self._bulk_max

    def lineless_room(self) -> int:
        """How many more bytes holding no line end (``\\n``, ``\\r``) this framer takes before one
        could be refused: such bytes complete no event, so a caller may hold that many and feed
        them joined to the next chunk, with the same frames and the same refusal at the same call.
        Counted as the framer counts them: the raw unfinished event against the smaller limit in
        bulk, the partial line against each limit line by line."""
        if self._failed:
            return -1
        if self._clean:
            return self._bulk_max - len(self._tail)
        pending = len(self._buf)
        room = 1 << 62
        if self._max_line is not None:
            room = self._max_line - pending
        if self._max_event is not None:
            room = min(room, self._max_event - self._event_bytes - pending)
        return room

    @property
    def bytes_fed(self) -> int:
        """Bytes fed so far (since construction or the last :meth:`close`)."""
        return self._offset + len(self._buf) + len(self._tail)

    def feed(self, data: bytes | bytearray | memoryview) -> list[SSEEvent]:
        """Take the next chunk of the body; return the events it completed."""
        self._clean = False  # feed_data() re-checks the line-by-line state
        self._whole_max = -1
        if self._failed:
            self._kept = NOTHING_KEPT
            raise DecodeError("SSE decoder used after a framing error")
        chunk = data if type(data) is bytes else chunk_bytes(data)
        if self._tail:
            # Bytes kept raw by feed_data(): frame them first.
            tail = self._tail
            self._tail = b""
            return self.feed(tail + chunk)
        if not chunk:
            return []
        if self._skip_lf:
            # The previous chunk ended with a \r already taken as a line end:
            # a \n right after it belongs to that line end.
            self._skip_lf = False
            if chunk[0] == 0x0A:
                self._offset += 1
                if len(chunk) == 1:
                    return []
                chunk = chunk[1:]
        buf = self._buf
        if buf:
            # Only the new bytes need searching: the partial line has no line end.
            scan = len(buf)
            buf += chunk
            lf = buf.rfind(b"\n", scan)
            cr = buf.rfind(b"\r", scan)
            last = lf if lf > cr else cr
            if last < 0:
                self._check_partial([])
                return []
            end = last + 1
            if end == len(buf):
                block = bytes(buf)
                buf.clear()
            else:
                block = bytes(buf[:end])
                del buf[:end]
        else:
            # Nothing pending: split the chunk itself, no copy into the buffer.
            lf = chunk.rfind(b"\n")
            cr = chunk.rfind(b"\r")
            last = lf if lf > cr else cr
            if last < 0:
                buf += chunk
                self._check_partial([])
                return []
            end = last + 1
            if end == len(chunk):
                block = chunk
            else:
                block = chunk[:end]
                buf += chunk[end:]
        if cr == last and not buf:
            self._skip_lf = True
        events = self._lines(block.splitlines(), block)
        self._offset += end
        if buf:
            self._check_partial(events)
        return events

    def events_before_error(self) -> list[SSEEvent]:
        """The good events the :meth:`feed` or :meth:`close` call that raised had cut before the refusal."""
        return list(getattr(self, "_kept", NOTHING_KEPT))

    def close(self) -> list[SSEEvent]:
        """End of input: process an unterminated last line and flush pending
        data as a last event. The decoder is then reset for a new stream."""
        if self._failed:
            self._kept = NOTHING_KEPT
            raise DecodeError("SSE decoder used after a framing error")
        events: list[SSEEvent] = self.feed(b"") if self._tail else []
        if self._buf:
            line = bytes(self._buf)
            self._buf.clear()
            try:
                events += self._lines([line], line)
            except DecodeError:
                self._kept = events + self._kept
                raise
        if self._has_data:
            events.append(SSEEvent(self._name, bytes(self._data)))
        self._reset()
        return events

    def _reset(self) -> None:
        """The state of a new stream (after :meth:`close`)."""
        self._offset = 0
        self._skip_lf = False
        self._name = None
        self._data = bytearray()
        self._has_data = False
        self._event_bytes = 0
        self._index = 0
        self._clean = True
        self._whole_max = self._bulk_max

    # -- internals ---------------------------------------------------------

    def _lines(self, lines: list[bytes], block: bytes) -> list[SSEEvent]:
        """Apply the field grammar to complete lines (line ends removed)."""
        out: list[SSEEvent] = []
        name = self._name
        data = self._data
        has_data = self._has_data
        size = self._event_bytes
        index = self._index
        max_line = self._max_line
        if max_line is not None and len(block) <= max_line:
            max_line = None  # no line of this block can be longer
        max_event = self._max_event
        for i, line in enumerate(lines):
            if not line:
                if has_data:
                    out.append(SSEEvent(name, bytes(data)))
                    data.clear()
                    has_data = False
                    index += 1
                name = None
                size = 0
                continue
            if max_line is not None or max_event is not None:
                size += len(line)
                if max_line is not None and len(line) > max_line:
                    what = f"line of {len(line)} bytes exceeds max_line_bytes={max_line}"
                    self._fail_in_block(out, lines, i, block, index, what)
                if max_event is not None and size > max_event:
                    what = f"event of {size} bytes exceeds max_event_bytes={max_event}"
                    self._fail_in_block(out, lines, i, block, index, what)
            first = line[0]
            if first == _D:
                if line.startswith(b"data:"):
                    if has_data:
                        data += b"\n"
                    has_data = True
                    if len(line) == 5:
                        continue
                    c = line[5]
                    if c == SPACE:
                        if len(line) > 6 and line[6] in WS_FIRST:
                            data += lstrip_ws(line[6:])
                        else:
                            data += memoryview(line)[6:]
                    elif c in WS_FIRST:
                        data += lstrip_ws(line[5:])
                    else:
                        data += memoryview(line)[5:]
            elif first == _E and line.startswith(b"event:"):
                name = line[6:].decode("utf-8", "replace").strip()
            # ":" comments, "id:", "retry:" and unknown fields are ignored.
        self._name = name
        self._has_data = has_data
        self._event_bytes = size
        self._index = index
        return out

    def _check_partial(self, cut: list[SSEEvent]) -> None:
        """Bound the buffered partial line by both limits (``cut``: the events the call cut before it)."""
        pending = len(self._buf)
        if self._max_line is not None and pending > self._max_line:
            self._kept = cut
            self._fail(
                f"unterminated line of {pending}+ bytes exceeds max_line_bytes={self._max_line}",
                self._index,
                self._offset,
            )
        if self._max_event is not None and self._event_bytes + pending > self._max_event:
            self._kept = cut
            self._fail(
                f"event of {self._event_bytes + pending}+ bytes exceeds max_event_bytes={self._max_event}",
                self._index,
                self._offset,
            )

    def _fail_in_block(
        self, cut: list[SSEEvent], lines: list[bytes], lineno: int, block: bytes, index: int, what: str
    ) -> NoReturn:
        # Error path only: keep the events cut before the refused line, locate the start of line
        # ``lineno`` of the block.
        self._kept = cut
        pos = 0
        for line in lines[:lineno]:
            pos += len(line)
            pos += 2 if block.startswith(b"\r\n", pos) else 1
        self._fail(what, index, self._offset + pos)

    def _fail(self, what: str, index: int, offset: int) -> NoReturn:
        self._failed = True
        raise DecodeError(f"SSE event #{index} (line at byte offset {offset}): {what}")
