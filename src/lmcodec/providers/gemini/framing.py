"""Gemini's stream framing: SSE (``alt=sse``) or one JSON array of chunks, told by the first non-blank byte.

``streamGenerateContent`` without ``alt=sse`` answers one JSON array whose
elements are the chunks; :class:`ArrayFramer` cuts them out as they arrive and
:class:`Framer` (the framer the provider registry names for Gemini) picks
between it and the SSE framer. Both are linear in the bytes fed however they
are chunked, and bounded: an element is one event, held to ``max_event_bytes``.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

import msgspec

from lmcodec.errors import DecodeError
from lmcodec.framing._sse_keepalive import KeepAliveSSEDecoder
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES, SSEDecoder
from lmcodec.providers.gemini._array_cut import elements_before_a_comma
from lmcodec.wire._float_literals import float_literal

__all__ = ["ArrayFramer", "Framer", "KeepAliveFramer", "ScanningArrayFramer"]

_JSON_WS: Final = b" \t\r\n"
_BOM: Final = b"\xef\xbb\xbf"
_BLANK: Final = frozenset(_JSON_WS)
_NOT_SSE_FIRST: Final = frozenset(_JSON_WS + b"[" + _BOM[:1])
"""The first bytes of a body that do not decide SSE at once: blank, a JSON array, a byte order mark."""
_SPACE: Final = re.compile(rb"[ \t\r\n]*")
_RAW: Final = msgspec.json.Decoder(msgspec.Raw, float_hook=float_literal)
_RAW_LIST: Final = msgspec.json.Decoder(list[msgspec.Raw], float_hook=float_literal)
# msgspec's message for bytes after a whole value names the first of them, counted from 1.
_TRAILING: Final = re.compile(r"JSON is malformed: trailing characters \(byte (\d+)\)")
_STRUCTURAL: Final = re.compile(rb'["\[\]{},]')  # outside a string: what changes the state
# Inside a string with escapes: plain bytes and complete escapes, up to 512 escapes a match
# (an unbounded repeat makes the regex engine keep state per escape: 77 bytes of memory per
# byte of input). It stops at the closing quote, at a backslash (a next match goes on), or
# at the end; the classes are disjoint, so the match is linear in what it covers.
_NOTHING_KEPT: Final[list[bytes]] = []  # what a framer kept before any call raised (shared: never mutated)
_STRING_REST: Final = re.compile(rb'[^"\\]*(?:\\.[^"\\]*){0,512}', re.DOTALL)


def _over(size: int, limit: int, *, held: bool = False) -> DecodeError:
    """The refusal of an element over ``max_event_bytes`` (``held``: ``size`` is what arrived of it)."""
    return DecodeError(
        f"gemini: JSON array element of {size}{'+' if held else ''} bytes exceeds max_event_bytes={limit}"
    )


class ScanningArrayFramer:
    """Cuts the elements out of a JSON array body fed in arbitrary chunks; each
    element is one ``GenerateContentResponse`` chunk, mapped like one SSE event's data.

    Same interface as the SSE framer's data-only methods: ``feed_data(bytes)
    -> list[bytes]`` and ``close_data() -> list[bytes]`` (the unfinished last
    element, if any: the stream decoder drops it when it is a truncated JSON
    text). A body that is not a JSON array raises :class:`DecodeError`, and so
    does an element over ``max_event_bytes``; the elements the refused call had cut before the
    refused one are good and kept for :meth:`frames_before_error`. The scan resumes where it stopped
    (inside a string, after an escape), so each byte is looked at once; it looks
    at every structural byte in Python, which :class:`ArrayFramer` avoids.
    """

    __slots__ = (
        "_buf",
        "_count",
        "_depth",
        "_done",
        "_escape",
        "_in_string",
        "_kept",
        "_max",
        "_opened",
        "_pos",
    )

    _kept: list[bytes]  # set by a feed_data() that raises: the elements it had cut before the refusal

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
                self._kept = _NOTHING_KEPT
                raise DecodeError("gemini: data after the end of the JSON array body")
            return []
        chunk = bytes(data)
        if not self._opened:
            chunk = chunk.lstrip(_JSON_WS)
            if not chunk:
                return []
            if chunk[0] != 0x5B:  # "["
                self._kept = _NOTHING_KEPT
                raise DecodeError("gemini: the body is neither SSE nor a JSON array")
            self._opened = True
            chunk = chunk[1:]
        buf = self._buf
        buf += chunk
        out: list[bytes] = []
        framed = len(buf)
        try:
            # Only a top-level "," or "]" ends an element (or the array): a chunk with neither (a small
            # read inside an element) is held, unframed, and the probe that parses the element held so
            # far is not run again at every such chunk (red team 57 F01: 1-byte chunks cost ~10k
            # instructions a byte); the scanner resumes from where it stopped, so the work stays linear.
            if 44 in chunk or 93 in chunk:
                self._frame(buf, out)
            if self._max is not None and framed > self._max:
                self._check_elements(out)
            if self._done:
                self._buf = bytearray()
                self._pos = 0
                return out
            buf = self._buf
            if self._max is not None and len(buf) > self._max:
                self._drop_leading_blanks(buf)
                if len(buf) > self._max:
                    raise _over(len(buf), self._max, held=True)
        except DecodeError:
            self._kept = self._before_refusal(out)
            raise
        return out

    def _before_refusal(self, out: list[bytes]) -> list[bytes]:
        """The elements of ``out`` before the first one over the limit (all when none is)."""
        limit = self._max
        if limit is None:
            return out
        for at, element in enumerate(out):
            if len(element) > limit:
                return out[:at]
        return out

    def frames_before_error(self) -> list[bytes]:
        """The elements the :meth:`feed_data` call that raised had cut before the refused one (or
        the malformed bytes): complete and good, for the caller to hand on before the error."""
        return list(getattr(self, "_kept", _NOTHING_KEPT))

    def _check_elements(self, out: list[bytes]) -> None:
        """Hold every element cut to ``max_event_bytes``, whatever the chunking: the check of the
        bytes held across a chunk boundary sees only an element a boundary cut after the cap.
        Called only when the bytes framed (what was held and the chunk: a bound on any element
        cut from them) are over the cap: one comparison per chunk otherwise."""
        longest = max(map(len, out), default=0)
        if self._max is not None and longest > self._max:
            raise _over(longest, self._max)

    def _drop_leading_blanks(self, buf: bytearray) -> None:
        """Drop the blanks before the element held: they are not its bytes, so the limit and the
        count in its error do not depend on where the blanks between two elements were cut (each
        blank is dropped once: the check stays linear)."""
        blanks = _SPACE.match(buf).end()  # type: ignore[union-attr]  # matches ""
        if blanks:
            del buf[:blanks]
            self._shift(blanks)

    def _shift(self, removed: int) -> None:
        """Move the positions kept in the buffer back by the ``removed`` bytes dropped at its start."""
        self._pos = max(0, self._pos - removed)

    def close_data(self) -> list[bytes]:
        element = bytes(self._buf).strip(_JSON_WS) if self._opened and not self._done else b""
        self._reset()
        return [element] if element else []

    def _frame(self, buf: bytearray, out: list[bytes]) -> None:
        self._scan(buf, out, False)

    def _cut(self, element: bytes, delimiter: int) -> None:
        """The element before a top-level ``,`` or ``]``."""
        if not element:
            if delimiter == 0x2C or self._count:
                raise DecodeError("gemini: empty element in the JSON array body")
        else:
            self._count += 1
        if delimiter == 0x5D:
            self._done = True

    @staticmethod
    def _check_end(rest: bytes | bytearray | memoryview) -> None:
        """Refuse ``rest``, the bytes after the array's ``]``, unless blank; called once the last
        element is handed on, so that it is among the frames before the error at any chunking."""
        if bytes(rest).strip(_JSON_WS):
            raise DecodeError("gemini: data after the end of the JSON array body")

    def _scan(self, buf: bytearray, out: list[bytes], one: bool) -> bool:
        """Scan from ``_pos`` to the end of ``buf`` (with ``one``, until one element is cut: then
        True, ``buf`` holding what follows it), appending the elements cut to ``out``."""
        pos = self._pos
        depth = self._depth
        end = len(buf)
        start = 0  # start of the current element in buf
        cut = False
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
                self._cut(element, c)
                if element:
                    out.append(element)
                start = pos
                if self._done:
                    self._check_end(buf[pos:])
                    return True
                if one:
                    cut = True
                    break
            else:
                raise DecodeError("gemini: unbalanced JSON array body")
        if start:
            del buf[:start]
            pos -= start
        self._pos = pos
        self._depth = depth
        return cut


class ArrayFramer(ScanningArrayFramer):
    """:class:`ScanningArrayFramer` that lets msgspec find where each whole element ends.

    At an element's start, msgspec parses the buffered bytes as one JSON value: it stops at the
    value's end and names the first byte after it ("trailing characters"), which must be a
    top-level ``,`` or ``]`` for the cut (a buffer ending the array is parsed as the array's
    rest, all its elements at once; another, up to its last comma, as the elements before it,
    which holds where that comma is a top-level one); an element the parse cannot delimit (cut short by the
    chunking, not JSON, nested too deep) is scanned by the base class, which goes back to the
    parse after the cut. The element bytes are the scanner's (a differential test holds them
    equal); the scan in Python costs 6-8x the SSE framing of the same chunks.
    """

    __slots__ = ("_value_end",)

    def _reset(self) -> None:
        super()._reset()
        self._value_end: int | None = None  # a whole value ends here; its delimiter is to come

    def _shift(self, removed: int) -> None:
        super()._shift(removed)
        if self._value_end is not None:
            self._value_end -= removed

    def _frame(self, buf: bytearray, out: list[bytes]) -> None:
        while True:
            start = self._whole_elements(buf, out)
            if self._done:
                return
            if start:
                del buf[:start]
                if self._value_end is not None:
                    self._value_end -= start
            if self._value_end is not None or not buf:
                return
            if not self._scan(buf, out, True) or self._done:
                return

    def _whole_elements(self, buf: bytearray, out: list[bytes]) -> int:
        """Cut the whole elements at the start of ``buf``; the index where the rest begins."""
        if self._pos or self._depth or self._in_string:  # the scanner is inside an element
            return 0
        first = 0
        size = len(buf)
        if self._value_end is None and buf.rstrip(_JSON_WS).endswith(b"]"):
            try:  # the array's whole rest (a body fed whole): every element in one parse
                elements = _RAW_LIST.decode(b"[" + buf)
            except (msgspec.DecodeError, RecursionError):
                pass
            else:
                if not elements and self._count:
                    raise DecodeError("gemini: empty element in the JSON array body")
                out += map(bytes, elements)  # (no generator: a frame an element, ~1k instructions)
                self._count += len(elements)
                self._done = True
                return size
        if self._value_end is None:
            cut, elements = elements_before_a_comma(buf)
            if elements:
                out += map(bytes, elements)  # (no generator: a frame an element, ~1k instructions)
                self._count += len(elements)
                return cut + 1
        view = memoryview(buf)
        try:
            while True:
                after = self._value_end
                if after is None:
                    at = first  # (the blanks' match only where one is: a regex call is ~1.4k)
                    if at < size and buf[at] in _BLANK:
                        at = _SPACE.match(buf, at).end()  # type: ignore[union-attr]  # matches ""
                    if at == size:
                        return size  # blanks only: dropped (an element is cut stripped of them)
                    if buf[at] == 0x2C or buf[at] == 0x5D:
                        return first  # an empty element: the scanner's case
                    try:
                        _RAW.decode(view[at:])
                    except msgspec.DecodeError as exc:
                        trailing = _TRAILING.fullmatch(str(exc))
                        if trailing is None:
                            return first  # cut short, or not JSON: the scanner delimits it
                        after = at + int(trailing[1]) - 1
                    except RecursionError:
                        return first
                    else:
                        after = size
                delimiter_at = after
                if after < size and buf[after] in _BLANK:
                    delimiter_at = _SPACE.match(buf, after).end()  # type: ignore[union-attr]
                if delimiter_at == size:
                    self._value_end = size  # past the blanks seen: each is looked at once
                    return first
                self._value_end = None
                delimiter = buf[delimiter_at]
                if delimiter != 0x2C and delimiter != 0x5D:
                    return first  # something after the value: the scanner's element
                element = bytes(view[first:delimiter_at]).strip(_JSON_WS)
                self._cut(element, delimiter)
                out.append(element)
                first = delimiter_at + 1
                if self._done:
                    self._check_end(view[first:])
                    return first
        finally:
            view.release()


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

    _sse_framer: ClassVar[type[SSEDecoder]] = SSEDecoder  # what frames an SSE body

    def __init__(
        self,
        *,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
    ) -> None:
        self._limits = (max_line_bytes, max_event_bytes)
        self._sse = self._sse_framer(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
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

    def lineless_room(self) -> int:
        """The SSE framer's :meth:`~lmcodec.stream.sse.SSEDecoder.lineless_room`; 0 until the framing
        is known and for an array (whose elements do not end at line ends)."""
        if self._sniffing or self._array is not None:
            return 0
        return self._sse.lineless_room()

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        if self._sniffing:
            if (
                self._at_start
                and not self._held
                and type(data) is bytes
                and data
                and data[0] not in _NOT_SSE_FIRST
            ):  # the body's first byte is no mark, blank or "[": SSE (what the tests below find)
                self._sniffing = self._at_start = False
                return self._sse.feed_data(data)
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
                return self._array_data(data, head)
        if self._array is not None:
            return self._array_data(data, data)
        return self._sse.feed_data(data)

    def _array_data(
        self, data: bytes | bytearray | memoryview, elements: bytes | bytearray | memoryview
    ) -> list[bytes]:
        """The array framer fed ``elements``, the array's bytes of ``data`` (a chunk of the body)."""
        assert self._array is not None
        return self._array.feed_data(elements)

    def frames_before_error(self) -> list[bytes]:
        """The frames the call that raised had cut before the refusal (see the framer's own)."""
        if self._array is not None:
            return self._array.frames_before_error()
        return self._sse.frames_before_error()

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


class KeepAliveFramer(Framer):
    """:class:`Framer` keeping what it needs to count the keep-alives (comment lines) of each chunk,
    as :class:`~lmcodec.framing._sse_keepalive.KeepAliveSSEDecoder` does, for stream.translate: an
    SSE body's through that framer, an array body's chunks kept whole (an array has no comment
    line but as the bytes' scan reads one)."""

    __slots__ = ()

    _sse_framer = KeepAliveSSEDecoder
    _sse: KeepAliveSSEDecoder

    @property
    def keep_alive_count(self) -> KeepAliveSSEDecoder:
        """What counts the keep-alives of the chunks fed: the SSE framer, which keeps an array's too."""
        return self._sse

    def _array_data(
        self, data: bytes | bytearray | memoryview, elements: bytes | bytearray | memoryview
    ) -> list[bytes]:
        self._sse.note_unscanned(bytes(data), False)  # (the bytes before it went to the SSE framer)
        return super()._array_data(data, elements)
