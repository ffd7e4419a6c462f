"""Gemini ``streamGenerateContent`` without ``alt=sse``: one JSON array of chunks, cut into elements."""

from __future__ import annotations

import re
from typing import Final

from lmcodec.errors import DecodeError

__all__ = ["ArrayFramer"]

# A complete string, a lone quote (a string not finished yet), or a structural byte.
_ARRAY_TOKEN: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|"|[\[\]{},]')
_JSON_WS: Final = b" \t\r\n"


class ArrayFramer:
    """Cuts the elements out of a JSON array body fed in arbitrary chunks
    (``streamGenerateContent`` without ``alt=sse``): each element is one
    ``GenerateContentResponse`` chunk, mapped like one SSE event's data.

    Same interface as the SSE framer's data-only methods: ``feed_data(bytes)
    -> list[bytes]`` and ``close_data() -> list[bytes]`` (the unfinished last
    element, if any: the stream decoder drops it when it is a truncated JSON
    text). A body that is not a JSON array raises :class:`DecodeError`.
    """

    __slots__ = ("_buf", "_count", "_depth", "_done", "_opened", "_pos", "_start")

    def __init__(self) -> None:
        self._buf = b""
        self._pos = 0  # where scanning resumes
        self._start = 0  # start of the current element
        self._depth = 0  # nesting inside the current element
        self._opened = False  # the array's "[" was seen
        self._done = False  # the array's "]" was seen
        self._count = 0  # elements cut so far

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        if self._done:
            if bytes(data).strip(_JSON_WS):
                raise DecodeError("gemini: data after the end of the JSON array body")
            return []
        buf = self._buf + bytes(data)
        pos = self._pos
        if not self._opened:
            stripped = buf.lstrip(_JSON_WS)
            if not stripped:
                self._buf = b""
                return []
            if stripped[0] != 0x5B:  # "["
                raise DecodeError("gemini: the body is neither SSE nor a JSON array")
            self._opened = True
            pos = len(buf) - len(stripped) + 1
            self._start = pos
        out: list[bytes] = []
        depth = self._depth
        start = self._start
        search = _ARRAY_TOKEN.search
        while True:
            m = search(buf, pos)
            if m is None:
                pos = len(buf)
                break
            t0 = m.start()
            c = buf[t0]
            if c == 0x22:  # '"'
                if m.end() - t0 == 1:  # unfinished string: rescan it with more data
                    pos = t0
                    break
            elif c == 0x7B or c == 0x5B:  # "{" "["
                depth += 1
            elif depth:
                if c == 0x7D or c == 0x5D:  # "}" "]"
                    depth -= 1
            elif c == 0x2C or c == 0x5D:  # "," or "]" closing an element of the array
                element = buf[start:t0].strip(_JSON_WS)
                if element:
                    out.append(element)
                    self._count += 1
                elif c == 0x2C or self._count:
                    raise DecodeError("gemini: empty element in the JSON array body")
                if c == 0x5D:
                    self._done = True
                    rest = buf[t0 + 1 :]
                    self._buf = b""
                    if rest.strip(_JSON_WS):
                        raise DecodeError("gemini: data after the end of the JSON array body")
                    return out
                start = t0 + 1
            else:
                raise DecodeError("gemini: unbalanced JSON array body")
            pos = m.end()
        # Keep only the unfinished element.
        self._buf = buf[start:]
        self._pos = pos - start
        self._start = 0
        self._depth = depth
        return out

    def close_data(self) -> list[bytes]:
        element = self._buf.strip(_JSON_WS) if self._opened and not self._done else b""
        self.__init__()  # type: ignore[misc]
        return [element] if element else []
