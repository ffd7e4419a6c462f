"""Incremental, bytes-level Server-Sent Events framing (public as lmcodec.sse and lmcodec.stream.sse).

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

import copy
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator

from lmcodec.errors import DecodeError
from lmcodec.framing._chunks import chunk_bytes
from lmcodec.framing._sse_fields import bulk_events, crlf_events, whole_event
from lmcodec.framing._sse_lines import (
    DEFAULT_MAX_EVENT_BYTES,
    DEFAULT_MAX_LINE_BYTES,
    NOTHING_KEPT,
    SSEEvent,
    SSELines,
)
from lmcodec.framing._sse_long import last_blank_line
from lmcodec.framing._sse_space import WS_FIRST

__all__ = [
    "DEFAULT_MAX_EVENT_BYTES",
    "DEFAULT_MAX_LINE_BYTES",
    "SSEDecoder",
    "SSEEvent",
    "aiter_sse",
    "iter_sse",
]


def _blank_line_at(tail: bytes | bytearray, chunk: bytes) -> bool:
    """Whether ``chunk`` may end a line that is blank after ``tail``, an unfinished event with no
    blank line: a line end right after another (``\\n\\n``, ``\\r\\r``, ``\\n\\r``; a
    ``\\r\\n`` is one line end) at the seam or in the chunk. Only the chunk and the tail's last
    byte are read."""
    lf = chunk.find(10)  # (the first line ends: one memchr each)
    cr = chunk.find(13)
    if lf < 0 and cr < 0:
        return False
    last, first = tail[-1], chunk[0]
    if (last == 10 and (first == 10 or first == 13)) or (last == 13 and first == 13):
        return True
    # Searched from the first line end: not through the rest of a long line before it.
    at = lf if cr < 0 or 0 <= lf < cr else cr
    return chunk.find(b"\n\n", at) >= 0 or chunk.find(b"\r\r", at) >= 0 or chunk.find(b"\n\r", at) >= 0


def _first_blank_line_end(chunk: bytes) -> int:
    """Where the first blank line of ``chunk`` ends (``"\\n\\n"``, ``"\\n\\r"``, ``"\\r\\r"``: a line end
    right after another; for a blank line ended by a ``"\\r"``, the ``"\\n"`` that may follow it is not
    counted), or -1. Lines ended before ``chunk`` are not looked at."""
    lf = chunk.find(b"\n\n")
    ends = [lf + 2] if lf >= 0 else []
    cr = chunk.find(13)
    if cr >= 0:
        ends += [at + 2 for at in (chunk.find(b"\n\r", max(cr - 1, 0)), chunk.find(b"\r\r", cr)) if at >= 0]
    return min(ends) if ends else -1


class SSEDecoder(SSELines):
    """Incremental SSE framer: ``feed()`` bytes in any chunking, get events.

    >>> d = SSEDecoder()
    >>> d.feed(b"event: ping\\ndata: {}\\n")
    []
    >>> d.feed(b"\\n")
    [SSEEvent(event='ping', data=b'{}')]

    Work is linear in the bytes fed however they are chunked: a partial line is
    kept in a ``bytearray`` and only the newly fed bytes are searched for a line
    end. After a :class:`DecodeError` the decoder is unusable; after
    :meth:`close` it is reset and can frame a new stream. ``copy.copy`` gives an independent
    decoder, as ``copy.deepcopy`` does (a shallow copy shared the partial line: red team 48 F03).
    """

    __slots__ = ()

    def __copy__(self) -> SSEDecoder:
        return copy.deepcopy(self)

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """:meth:`feed` returning each completed event's ``data`` only.

        Equivalent to ``[e.data for e in self.feed(data)]`` (the event name is
        not decoded: a provider decoder never reads it), but the common shape
        of a stream is framed in bulk: when nothing is pending, a chunk that is
        exactly one ``[event:] data:`` event (a transport handing over one
        event at a time) is matched whole (one with lone-CR line ends too, once a
        chunk has ended at one); otherwise, when nothing is pending
        line by line and the bytes' line ends are all ``\n``, all ``\r\n`` or
        all a lone ``\r`` (read as ``\n``), everything up to the last blank
        line is cut into events at once (several by one regular-expression
        split), and the unfinished last event is kept as raw bytes until a
        chunk completes it (appended to a ``bytearray``, only the new bytes
        searched for a blank line: linear in any chunking; past the smaller
        limit it goes line by line). A chunk that ends at a blank line's
        ``\r`` hands its event over at once, and a ``\n`` first in the next
        chunk is taken as that line end's second byte.
        """
        if type(data) is not bytes:
            data = chunk_bytes(data)
        size = len(data)
        if size <= self._whole_max:
            # One event of the common shape, the chunk a transport hands over: one match (half the
            # cost of finding its blank line and checking its lines one by one).
            value = whole_event(data)
            if value is not None:
                self._index += 1
                self._offset += size
                return [value]
        elif (
            self._skip_lf
            and self._clean
            and size <= self._bulk_max
            and 10 not in data
            and data.endswith(b"\r\r")
        ):
            # The last chunk ended at a blank line's lone "\r" and nothing else is pending: one event
            # with lone-CR line ends (no "\n": a chunk that starts with that line end's is framed
            # below, the "\n" dropped), matched with them read as "\n" (one replacement, the same
            # length; a value holds no "\r", each is a line end: its bytes are the chunk's). It ends
            # at a "\r" too: _skip_lf stays.
            value = whole_event(data.replace(b"\r", b"\n"))
            if value is not None:
                self._index += 1
                self._offset += size
                return [value]
        events = self._frame_data(data)
        self._whole_max = self._bulk_max if self._clean and not self._tail and not self._skip_lf else -1
        return events

    def _frame_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """:meth:`feed_data` past its one-whole-event match."""
        chunk = data if type(data) is bytes else chunk_bytes(data)
        tail = self._tail
        joined = False  # the chunk completes the event held raw (small reads): likely one event
        if tail:
            size = len(tail) + len(chunk)
            if size <= self._bulk_max and not _blank_line_at(tail, chunk):
                # Nothing to cut yet: the chunk is appended, and only it is searched (with the byte
                # before it), so an event fed in chunks costs time linear in its size; a long one is
                # framed in bulk once its blank line comes, as it would be fed whole.
                if type(tail) is bytes:
                    self._tail = tail = bytearray(tail)
                tail += chunk
                return []
            chunk = tail + chunk if type(tail) is bytes else b"".join((tail, chunk))
            self._tail = tail = b""  # (the event is held once while it is framed)
            joined = True
        out: list[bytes] | None = None
        if not self._clean:
            if self._failed:
                self._kept_data = NOTHING_KEPT
                raise DecodeError("SSE decoder used after a framing error")
            if self._skip_lf:
                chunk = self._after_cr(chunk)
            if self._buf or self._has_data or self._name is not None or self._event_bytes:
                # Finish the pending event line by line, up to the first blank line (its lines so
                # far count against max_event_bytes, comments and ignored fields too).
                first = _first_blank_line_end(chunk)
                if first < 0:
                    return self._fed_data(None, chunk)
                out = self._fed_data(None, chunk[:first])
                chunk = chunk[first:]
                if self._skip_lf:  # (that blank line ended at a "\r")
                    chunk = self._after_cr(chunk)
            self._clean = True
        elif self._skip_lf:  # the last chunk ended at a blank line's "\r", framed in bulk
            chunk = self._after_cr(chunk)
        # (Integer arguments: ``13 in chunk`` and ``find(10)`` are plain memchr
        # calls, several times cheaper per call than their one-byte-bytes forms.)
        if len(chunk) > self._bulk_max:  # over a limit: the line-by-line path checks them
            return self._fed_data(out, chunk)
        lone_cr_ends = 13 in chunk  # "\r"
        if lone_cr_ends and 10 in chunk:  # and "\n": CRLF framing
            bulk, end = crlf_events(chunk, joined)
            if bulk is None:
                if not chunk.endswith(b"\n\r"):  # a lone "\r" line end too: line by line
                    return self._fed_data(out, chunk)
                # Cut between a blank line's "\r" and its "\n": framed with that "\n", which the
                # next chunk may start with (then dropped as this line end's).
                bulk, end = crlf_events(chunk + b"\n", joined)
                if bulk is None or end != len(chunk) + 1:
                    return self._fed_data(out, chunk)
                end -= 1
                self._skip_lf = True
        else:
            # LF framing; a chunk whose line ends are all a lone "\r" is read with them as "\n" (the
            # same length: its offsets hold), its unfinished event kept as it came.
            text = chunk.replace(b"\r", b"\n") if lone_cr_ends else chunk
            if text.endswith(b"\n\n"):
                end = len(text)
                first = text.find(10)  # the first "\n"
                if first == end - 2:  # one line: "data: {...}\n\n"?
                    if text.startswith(b"data: ") and text[6] not in WS_FIRST:
                        bulk = [text[6:-2]]
                    else:
                        bulk = bulk_events(text)
                elif text.find(10, first + 1) == end - 2 and text.startswith(b"event:"):
                    at = first + 1  # two lines: "event: name\ndata: {...}\n\n"?
                    if text.startswith(b"data: ", at) and text[at + 6] not in WS_FIRST:
                        bulk = [text[at + 6 : -2]]
                    else:
                        bulk = bulk_events(text)
                else:
                    bulk = bulk_events(text)
                if lone_cr_ends:  # the chunk ends at a "\r": a "\n" first in the next is that line end's
                    self._skip_lf = True
            else:
                end = last_blank_line(text, b"\n\n", 0, len(text)) + 2  # (not through a long last line)
                if end == 1:  # no blank line yet
                    end = 0
                    bulk = []
                else:
                    # (the event held and the chunk that completed it: one match, not the block's split)
                    value = whole_event(text[:end]) if joined else None
                    bulk = bulk_events(text[:end]) if value is None else [value]
        if end:
            self._index += len(bulk)
            self._offset += end
            chunk = chunk[end:]
        if chunk:
            self._tail = chunk  # not longer than a limit: the whole chunk is not
        if out:
            out += bulk
            return out
        return bulk

    def _after_cr(self, chunk: bytes) -> bytes:
        """``chunk`` after a chunk that ended at a ``"\\r"`` line end: without its first byte when it
        is that line end's ``"\\n"`` (a ``"\\r\\n"`` cut in two is one line end)."""
        self._skip_lf = False
        if chunk[:1] == b"\n":
            self._offset += 1
            return chunk[1:]
        return chunk

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

    def frames_before_error(self) -> list[bytes]:
        """:meth:`events_before_error` of a :meth:`feed_data` or :meth:`close_data` call (their data)."""
        return list(getattr(self, "_kept_data", NOTHING_KEPT))

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
