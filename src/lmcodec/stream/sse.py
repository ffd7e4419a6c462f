"""Incremental, bytes-level Server-Sent Events framing.

:class:`SSEDecoder` cuts SSE events out of arbitrarily chunked bytes and
returns them as :class:`SSEEvent` values whose ``data`` stays ``bytes``, so a
provider decoder can hand it straight to ``msgspec.json.Decoder.decode``
without ever building a ``str``.

The field grammar is lm15 1.5.0's (``lm15/sse.py`` ``parse_sse`` over
``body.splitlines(keepends=True)``, the contract harness path):

- A line ends at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (``bytes.splitlines``); a
  ``\\r\\n`` split across two chunks is one line end.
- A blank line dispatches the pending event when it has at least one data line,
  then resets both the data lines and the event name.
- A line starting with ``:`` is a comment; ``id:``, ``retry:`` and any other
  field are ignored. Only the exact prefixes ``data:`` and ``event:`` count
  (no space before the colon, case-sensitive; a bare ``data`` is ignored).
- ``event:`` sets the name to the rest of the line, decoded as UTF-8 with
  replacement and ``str.strip()``-ped (so ``event:`` alone gives ``""``).
- ``data:`` appends the rest of the line with **all** leading whitespace
  removed, as ``str.lstrip()`` does: the ASCII whitespace including
  ``\\x1c``-``\\x1f`` and the Unicode white space characters (U+0085, U+00A0,
  U+2028, U+3000, ...) in their UTF-8 form. Several data lines are joined
  with ``\\n``.
- At end of input (:meth:`SSEDecoder.close`) an unterminated last line is
  processed and pending data is flushed as a last event.

``data`` is never decoded: invalid UTF-8 stays as it was sent (lm15 would turn
it into U+FFFD; the JSON decoder downstream rejects it). Decoding ``data`` with
``errors="replace"`` gives exactly lm15's ``SSEEvent.data``.

Limits (not in lm15, whose parser is unbounded by default, INV-056):
``max_line_bytes`` caps one line, line end excluded; ``max_event_bytes`` caps
the bytes of all lines of one event (data, event, comment and ignored lines,
line ends excluded). Both are checked on the buffered partial line as well,
so memory stays bounded whatever the chunking. Going over raises
:class:`lmcodec.errors.DecodeError` naming the event index and the byte
offset of the offending line. ``None`` disables a limit. The events the
refused call had cut before the refusal are good and are not lost: they
are kept for :meth:`SSEDecoder.events_before_error` (``feed``/``close``) and
:meth:`SSEDecoder.frames_before_error` (``feed_data``/``close_data``), and
:func:`iter_sse` / :func:`aiter_sse` yield them before the error.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Final, NoReturn

import msgspec

from lmcodec.errors import DecodeError
from lmcodec.stream._sse_fields import (
    SPACE,
    WS_FIRST,
    bulk_events,
    crlf_events,
    lstrip_ws,
    whole_event,
)

__all__ = [
    "DEFAULT_MAX_EVENT_BYTES",
    "DEFAULT_MAX_LINE_BYTES",
    "SSEDecoder",
    "SSEEvent",
    "aiter_sse",
    "iter_sse",
]

#: Default cap on one line (line end excluded). Gemini sends a 4K image as a
#: single 29.7 MB SSE line (lm15-contract INV-056), so the cap sits well above.
DEFAULT_MAX_LINE_BYTES: Final = 64 * 1024 * 1024
#: Default cap on all the lines of one event (line ends excluded).
DEFAULT_MAX_EVENT_BYTES: Final = 128 * 1024 * 1024
# feed_data() keeps an unfinished last event as raw bytes up to this size (then frames it line by line).
_TAIL_MAX: Final = 64 * 1024
# What a framer kept of the call that raised, before any call raised (shared: never mutated).
_NOTHING_KEPT: Final[list[Any]] = []


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


class SSEDecoder:
    """Incremental SSE framer: ``feed()`` bytes in any chunking, get events.

    >>> d = SSEDecoder()
    >>> d.feed(b"event: ping\\ndata: {}\\n")
    []
    >>> d.feed(b"\\n")
    [SSEEvent(event='ping', data=b'{}')]

    Work is linear in the bytes fed however they are chunked: a partial line is
    kept in a ``bytearray`` and only the newly fed bytes are searched for a line
    end. After a :class:`DecodeError` the decoder is unusable; after
    :meth:`close` it is reset and can frame a new stream.
    """

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
        self._tail = b""  # feed_data(): the unfinished last event, not yet framed
        self._clean = True  # feed_data(): nothing pending line by line
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

    @property
    def bytes_fed(self) -> int:
        """Bytes fed so far (since construction or the last :meth:`close`)."""
        return self._offset + len(self._buf) + len(self._tail)

    def feed(self, data: bytes | bytearray | memoryview) -> list[SSEEvent]:
        """Take the next chunk of the body; return the events it completed."""
        self._clean = False  # feed_data() re-checks the line-by-line state
        self._whole_max = -1
        if self._failed:
            self._kept = _NOTHING_KEPT
            raise DecodeError("SSE decoder used after a framing error")
        if self._tail:
            # Bytes kept raw by feed_data(): frame them first.
            tail = self._tail
            self._tail = b""
            return self.feed(tail + bytes(data))
        if not data:
            return []
        chunk = data if type(data) is bytes else bytes(data)
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

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """:meth:`feed` returning each completed event's ``data`` only.

        Equivalent to ``[e.data for e in self.feed(data)]`` (the event name is
        not decoded: a provider decoder never reads it), but the common shape
        of a stream is framed in bulk: when nothing is pending, a chunk that is
        exactly one ``[event:] data:`` event (a transport handing over one
        event at a time) is matched whole; otherwise, when nothing is pending
        line by line and the bytes have no ``\r``, everything up to the last
        blank line is cut into events at once (several by one
        regular-expression split), and the unfinished last event is kept as
        raw bytes until a chunk completes it.
        """
        size = len(data)
        if size <= self._whole_max and type(data) is bytes:
            # One event of the common shape, the chunk a transport hands over: one match (half the
            # cost of finding its blank line and checking its lines one by one).
            value = whole_event(data)
            if value is not None:
                self._index += 1
                self._offset += size
                return [value]
        events = self._frame_data(data)
        self._whole_max = self._bulk_max if self._clean and not self._tail else -1
        return events

    def _frame_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """:meth:`feed_data` past its one-whole-event match."""
        chunk = data if type(data) is bytes else bytes(data)
        if self._tail:
            chunk = self._tail + chunk
            self._tail = b""
        out: list[bytes] | None = None
        if not self._clean:
            if self._failed:
                self._kept_data = _NOTHING_KEPT
                raise DecodeError("SSE decoder used after a framing error")
            if self._buf or self._has_data or self._name is not None or self._skip_lf or self._event_bytes:
                # Finish the pending event line by line, up to the first blank line (its lines so
                # far count against max_event_bytes, comments and ignored fields too).
                lf = chunk.find(b"\n\n")
                crlf = chunk.find(b"\n\r\n")
                ends = [at + n for at, n in ((lf, 2), (crlf, 3)) if at >= 0]
                if not ends:
                    return self._fed_data(None, chunk)
                first = min(ends)
                out = self._fed_data(None, chunk[:first])
                chunk = chunk[first:]
            self._clean = True
        # (Integer arguments: ``13 in chunk`` and ``find(10)`` are plain memchr
        # calls, several times cheaper per call than their one-byte-bytes forms.)
        if len(chunk) > self._bulk_max:  # over a limit: the line-by-line path checks them
            return self._fed_data(out, chunk)
        if 13 in chunk:  # "\r": CRLF framing
            bulk, end = crlf_events(chunk)
            if bulk is None:  # a lone "\r" line end: line by line
                return self._fed_data(out, chunk)
            self._index += len(bulk)
            self._offset += end
            chunk = chunk[end:]
        elif chunk.endswith(b"\n\n"):
            end = len(chunk)
            first = chunk.find(10)  # the first "\n"
            if first == end - 2:  # one line: "data: {...}\n\n"?
                if chunk.startswith(b"data: ") and chunk[6] not in WS_FIRST:
                    bulk = [chunk[6:-2]]
                else:
                    bulk = bulk_events(chunk)
            elif chunk.find(10, first + 1) == end - 2 and chunk.startswith(b"event:"):
                at = first + 1  # two lines: "event: name\ndata: {...}\n\n"?
                if chunk.startswith(b"data: ", at) and chunk[at + 6] not in WS_FIRST:
                    bulk = [chunk[at + 6 : -2]]
                else:
                    bulk = bulk_events(chunk)
            else:
                bulk = bulk_events(chunk)
            self._index += len(bulk)
            self._offset += end
            chunk = b""
        else:
            end = chunk.rfind(b"\n\n") + 2
            if end == 1:  # no blank line yet
                bulk = []
            else:
                bulk = bulk_events(chunk[:end])
                chunk = chunk[end:]
                self._index += len(bulk)
                self._offset += end
        if chunk:
            if len(chunk) > _TAIL_MAX:
                # A long unfinished event goes line by line (its partial line into the
                # bytearray buffer), so later chunks do not re-copy it: linear, not quadratic.
                if out:
                    bulk, out = out + bulk, None
                bulk = self._fed_data(bulk, chunk)
            else:
                self._tail = chunk  # not longer than a limit: the whole chunk is not
        if out:
            out += bulk
            return out
        return bulk

    def _fed_data(self, before: list[bytes] | None, chunk: bytes) -> list[bytes]:
        """``before`` (the frames this call cut already) and the data of ``chunk``'s events,
        framed line by line by :meth:`feed`; on its refusal, what was cut before it is kept
        (:meth:`frames_before_error`)."""
        try:
            events = self.feed(chunk)
        except DecodeError:
            self._kept_data = (before or []) + [e.data for e in self._kept]
            raise
        data = [e.data for e in events]
        return before + data if before else data

    def events_before_error(self) -> list[SSEEvent]:
        """The good events the :meth:`feed` or :meth:`close` call that raised had cut before the refusal."""
        return list(getattr(self, "_kept", _NOTHING_KEPT))

    def frames_before_error(self) -> list[bytes]:
        """:meth:`events_before_error` of a :meth:`feed_data` or :meth:`close_data` call (their data)."""
        return list(getattr(self, "_kept_data", _NOTHING_KEPT))

    def close_data(self) -> list[bytes]:
        """:meth:`close` returning the flushed events' ``data`` only."""
        if self._tail or self._buf or self._has_data or self._failed:
            try:
                events = self.close()
            except DecodeError:
                self._kept_data = [e.data for e in self._kept]
                raise
            return [e.data for e in events]
        self._reset()  # nothing pending (the common end): close() flushes nothing
        return []

    def close(self) -> list[SSEEvent]:
        """End of input: process an unterminated last line and flush pending
        data as a last event. The decoder is then reset for a new stream."""
        if self._failed:
            self._kept = _NOTHING_KEPT
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


def iter_sse(
    chunks: Iterable[bytes],
    *,
    max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
    max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
) -> Iterator[SSEEvent]:
    """Frame an iterable of body chunks into SSE events."""
    decoder = SSEDecoder(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
    try:
        for chunk in chunks:
            yield from decoder.feed(chunk)
        yield from decoder.close()
    except DecodeError:
        yield from decoder.events_before_error()  # the good events the refused call had cut
        raise


async def aiter_sse(
    chunks: AsyncIterable[bytes],
    *,
    max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
    max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
) -> AsyncIterator[SSEEvent]:
    """Frame an async iterable of body chunks into SSE events."""
    decoder = SSEDecoder(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
    try:
        async for chunk in chunks:
            for event in decoder.feed(chunk):
                yield event
        for event in decoder.close():
            yield event
    except DecodeError:
        for event in decoder.events_before_error():  # the good events the refused call had cut
            yield event
        raise
