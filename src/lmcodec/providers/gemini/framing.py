"""Gemini's stream framing: SSE (``alt=sse``) or one JSON array of chunks, told by the first non-blank byte.

``streamGenerateContent`` without ``alt=sse`` answers one JSON array whose
elements are the chunks; :class:`ArrayFramer` cuts them out as they arrive and
:class:`Framer` (the framer the provider registry names for Gemini) picks
between it and the SSE framer. Both are linear in the bytes fed however they
are chunked, and bounded: an element is one event, held to ``max_event_bytes``.
"""

from __future__ import annotations

import re
from typing import Final

from lmcodec.errors import DecodeError
from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES, SSEDecoder

__all__ = ["ArrayFramer", "Framer"]

_JSON_WS: Final = b" \t\r\n"
_BOM: Final = b"\xef\xbb\xbf"
_STRUCTURAL: Final = re.compile(rb'["\[\]{},]')  # outside a string: what changes the state
# Inside a string with escapes: plain bytes and complete escapes, up to 512 escapes a match
# (an unbounded repeat makes the regex engine keep state per escape: 77 bytes of memory per
# byte of input). It stops at the closing quote, at a backslash (a next match goes on), or
# at the end; the classes are disjoint, so the match is linear in what it covers.
_STRING_REST: Final = re.compile(rb'[^"\\]*(?:\\.[^"\\]*){0,512}', re.DOTALL)


class ArrayFramer:
    """Cuts the elements out of a JSON array body fed in arbitrary chunks; each
    element is one ``GenerateContentResponse`` chunk, mapped like one SSE event's data.

    Same interface as the SSE framer's data-only methods: ``feed_data(bytes)
    -> list[bytes]`` and ``close_data() -> list[bytes]`` (the unfinished last
    element, if any: the stream decoder drops it when it is a truncated JSON
    text). A body that is not a JSON array raises :class:`DecodeError`, and so
    does an element over ``max_event_bytes``. The scan resumes where it stopped
    (inside a string, after an escape), so each byte is looked at once.
    """

    __slots__ = ("_buf", "_count", "_depth", "_done", "_escape", "_in_string", "_max", "_opened", "_pos")

    def __init__(self, max_element_bytes: int | None = DEFAULT_MAX_EVENT_BYTES) -> None:
        self._max = max_element_bytes
        self._reset()

    def _reset(self) -> None:
        self._buf = bytearray()  # the current element's bytes so far
        self._pos = 0  # where scanning resumes in _buf
        self._depth = 0  # nesting inside the current element
        self._in_string = False
        self._escape = False  # the byte before _pos was a backslash inside a string
        self._opened = False  # the array's "[" was seen
        self._done = False  # the array's "]" was seen
        self._count = 0  # elements cut so far

    @property
    def smallest_limit(self) -> int:
        """0: chunks are framed one by one (see ``Decoder.decode_into``)."""
        return 0

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        if self._done:
            if bytes(data).strip(_JSON_WS):
                raise DecodeError("gemini: data after the end of the JSON array body")
            return []
        chunk = bytes(data)
        if not self._opened:
            chunk = chunk.lstrip(_JSON_WS)
            if not chunk:
                return []
            if chunk[0] != 0x5B:  # "["
                raise DecodeError("gemini: the body is neither SSE nor a JSON array")
            self._opened = True
            chunk = chunk[1:]
        buf = self._buf
        buf += chunk
        out: list[bytes] = []
        pos = self._pos
        depth = self._depth
        end = len(buf)
        start = 0  # start of the current element in buf
        while pos < end:
            if self._in_string:
                if self._escape:
                    self._escape = False
                    pos += 1
                    continue
                quote = buf.find(b'"', pos)
                if quote >= 0 and buf.find(b"\\", pos, quote) < 0:  # no escape before the end
                    pos = quote + 1
                    self._in_string = False
                    continue
                while True:
                    pos = _STRING_REST.match(buf, pos).end()  # type: ignore[union-attr]  # matches ""
                    if pos == end:
                        break
                    if buf[pos] == 0x22:  # the closing quote
                        self._in_string = False
                        pos += 1
                        break
                    pos += 2  # an escape the match had no room for
                    if pos > end:  # a backslash fed last: the next chunk's first byte is escaped
                        self._escape = True
                        pos = end
                        break
                continue
            m = _STRUCTURAL.search(buf, pos)
            if m is None:
                pos = end
                break
            at = m.start()
            pos = at + 1
            c = buf[at]
            if c == 0x22:  # '"'
                self._in_string = True
            elif c == 0x7B or c == 0x5B:  # "{" "["
                depth += 1
            elif depth:
                if c == 0x7D or c == 0x5D:  # "}" "]"
                    depth -= 1
            elif c == 0x2C or c == 0x5D:  # "," or "]" closing an element of the array
                element = bytes(buf[start:at]).strip(_JSON_WS)
                if element:
                    out.append(element)
                    self._count += 1
                elif c == 0x2C or self._count:
                    raise DecodeError("gemini: empty element in the JSON array body")
                start = pos
                if c == 0x5D:
                    self._done = True
                    if bytes(buf[pos:]).strip(_JSON_WS):
                        raise DecodeError("gemini: data after the end of the JSON array body")
                    self._buf = bytearray()
                    self._pos = 0
                    return out
            else:
                raise DecodeError("gemini: unbalanced JSON array body")
        if start:
            del buf[:start]
            pos -= start
        self._pos = pos
        self._depth = depth
        if self._max is not None and len(buf) > self._max:
            raise DecodeError(
                f"gemini: JSON array element of {len(buf)}+ bytes exceeds max_event_bytes={self._max}"
            )
        return out

    def close_data(self) -> list[bytes]:
        element = bytes(self._buf).strip(_JSON_WS) if self._opened and not self._done else b""
        self._reset()
        return [element] if element else []


class Framer:
    """Gemini's framer: SSE, or a JSON array when the body's first non-blank byte is ``[``.

    Until that byte arrives, the blank bytes go to the SSE framer (they frame
    nothing there, and its limits bound them); after :meth:`close_data` the
    framing is chosen again for the next stream. A UTF-8 byte order mark at the
    very start of the body is not a byte of the choice (a JSON array after it is
    an array, as ``json.loads`` reads it); before SSE it goes to the SSE framer,
    which treats it as lm15 does.
    """

    __slots__ = ("_array", "_at_start", "_held", "_limits", "_sniffing", "_sse")

    def __init__(
        self,
        *,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
    ) -> None:
        self._limits = (max_line_bytes, max_event_bytes)
        self._sse = SSEDecoder(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
        self._array: ArrayFramer | None = None
        self._sniffing = True
        self._at_start = True  # no byte of this stream seen yet
        self._held = b""  # the start of a byte order mark, cut by the chunking

    @property
    def smallest_limit(self) -> int:
        """How many bytes of chunks may be framed as one: 0 until the framing is known and for an array."""
        if self._sniffing or self._array is not None:
            return 0
        return self._sse.smallest_limit

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        if self._sniffing:
            data = self._held + bytes(data)
            self._held = b""
            head = data
            if self._at_start:
                if len(data) < len(_BOM) and _BOM.startswith(data):
                    self._held = data
                    return []
                self._at_start = False
                head = data[len(_BOM) :] if data.startswith(_BOM) else data
            head = head.lstrip(_JSON_WS)
            if not head:
                return self._sse.feed_data(data)
            self._sniffing = False
            if head[0] == 0x5B:  # "["
                self._array = ArrayFramer(self._limits[1])
                return self._array.feed_data(head)
        if self._array is not None:
            return self._array.feed_data(data)
        return self._sse.feed_data(data)

    def close_data(self) -> list[bytes]:
        framer = self._array
        held = self._held
        self._array = None
        self._sniffing = True
        self._at_start = True
        self._held = b""
        if held:
            self._sse.feed_data(held)  # part of a mark and nothing after it: frames nothing
        if framer is not None:
            self._sse.close_data()  # blank lines only
            return framer.close_data()
        return self._sse.close_data()
