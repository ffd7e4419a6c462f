"""White space after an SSE ``data:`` prefix, as ``str.lstrip()`` sees it, over bytes: one value
stripped, and every prefix of a block with its white space removed by one substitution.

Helpers of :class:`lmcodec.stream.sse.SSEDecoder`; the grammar is described there.
"""

from __future__ import annotations

import re
from itertools import repeat
from typing import Final

__all__ = ["SPACE", "WS_CHAR", "WS_FIRST", "data_lines_event", "data_value", "lstrip_ws", "ws_prefixes"]

SPACE: Final = 0x20

# What ``str.lstrip()`` removes, as bytes: the ASCII whitespace (``str.isspace``
# also counts the separators \x1c-\x1f) and the UTF-8 encodings of the
# non-ASCII white space characters.
_ASCII_WS: Final = b"\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f "
_UNICODE_WS: Final = tuple(  # every c >= 0x80 with chr(c).isspace(), listed (not computed at import)
    c.encode("utf-8")
    for c in "\x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
)
# First bytes that may start white space: a ``data:`` value starting with any
# other byte is taken as is.
WS_FIRST: Final = frozenset(_ASCII_WS) | frozenset(w[0] for w in _UNICODE_WS)


# A run of that white space (the UTF-8 forms are alternatives, tried at each position).
_WS_RUN: Final = re.compile(
    b"(?:[\t\n\x0b\x0c\r\x1c-\x1f ]|" + b"|".join(map(re.escape, _UNICODE_WS)) + b")*"
)


_WS_WINDOW: Final = 4096  # bytes matched at a time: re keeps a backtracking mark per repetition


def lstrip_ws(value: bytes) -> bytes:
    """``value`` without the leading white space ``str.lstrip()`` would remove (one scan, one
    slice; matched a window at a time, so memory stays bounded: one match over megabytes of
    U+3000 held ~48x their size)."""
    end = 0
    while True:
        match = _WS_RUN.match(value, end, end + _WS_WINDOW)
        stop = match.end() if match is not None else end
        if stop == end:
            break
        end = stop
    return value[end:] if end else value


def data_value(line: bytes) -> bytes:
    """The value of a ``data:`` line, leading white space removed as ``str.lstrip()`` does."""
    if len(line) == 5:
        return b""
    c = line[5]
    if c == SPACE:
        if len(line) > 6 and line[6] in WS_FIRST:
            return lstrip_ws(line[6:])
        return line[6:]
    if c in WS_FIRST:
        return lstrip_ws(line[5:])
    return line[5:]


WS_CHAR: Final = b"(?:[\t\x0b\x0c\x1c-\x1f ]|" + b"|".join(map(re.escape, _UNICODE_WS)) + b")"
"""One white space character inside a line (the ASCII class without the line ends, or a UTF-8 form)."""

# Inside ``b"\n" + block``: a data line's prefix with the white space ``str.lstrip()`` removes after
# it (the ASCII class without the line ends: none is inside a line), up to 64 characters of it (sre
# keeps a backtracking mark per repetition: bounded, a match holds bounded memory); and a data line
# whose value is empty or white space only, or starts with more white space than that (the
# look-ahead takes the longest run, which the back reference then consumes: no stepping back).
_WS_DATA_PREFIX: Final = re.compile(b"\ndata:" + WS_CHAR + b"{0,64}")
_NOT_STRIPPED: Final = re.compile(b"\ndata:(?=(" + WS_CHAR + b"{0,64}))\\1(?:\n|" + WS_CHAR + b")")
# The same when no value starts with non-ASCII white space (the common case, found by one search):
# a one-byte class, repeated without a mark per byte and 5x cheaper a byte than the alternatives.
_NON_ASCII_WS_FIRST: Final = re.compile(b"\ndata:[\t\x0b\x0c\x1c-\x1f ]*[\xc2\xe1\xe2\xe3]")
_ASCII_WS_DATA_PREFIX: Final = re.compile(b"\ndata:[\t\x0b\x0c\x1c-\x1f ]*")
_ASCII_NOT_STRIPPED: Final = re.compile(b"\ndata:[\t\x0b\x0c\x1c-\x1f ]*\n")


def ws_prefixes(text: bytes) -> re.Pattern[bytes] | None:
    """The substitution that removes every data line's prefix with the white space after it in
    ``text`` (``b"\n" + block``, LF lines), when it gives each line's value exactly: None when a
    value is empty or white space only (its event's lines would run into a blank line) or starts
    with more than 64 non-ASCII white space characters (the bounded repetition)."""
    if _NON_ASCII_WS_FIRST.search(text) is None:
        return None if _ASCII_NOT_STRIPPED.search(text) is not None else _ASCII_WS_DATA_PREFIX
    return None if _NOT_STRIPPED.search(text) is not None else _WS_DATA_PREFIX


# The ASCII white space ``str.lstrip()`` removes that a line can hold (no line end).
_LINE_WS: Final = b"\t\x0b\x0c\x1c\x1d\x1e\x1f "


def data_lines_event(chunk: bytes, start: int) -> bytes | None:
    """The data of ``chunk`` when it is one event (LF line ends, no ``"\r"``) whose lines from
    ``start``, where its first data line starts, are all data lines up to its blank line, the last
    line, whatever their values start with (pretty-printed JSON one data line per line); the lines
    before ``start`` are ignored ones. Else None. One split cuts the values, each stripped by one
    ``bytes.lstrip`` (then by :func:`lstrip_ws` where non-ASCII white space may follow): ~0.6k
    instructions a line (callgrind), where a substitution of the prefixes cost ~1.5k a line."""
    if not chunk.endswith(b"\n\n"):
        return None
    values = chunk[start + 5 : -2].split(b"\ndata:")
    # Each line end between the first data line and the blank line starts a data line: no other line
    # (nor a blank one) is there.
    if len(values) != chunk.count(10, start) - 1:
        return None
    if chunk.isascii():
        return b"\n".join(map(bytes.lstrip, values, repeat(_LINE_WS, len(values))))
    stripped = [value.lstrip(_LINE_WS) for value in values]
    return b"\n".join([lstrip_ws(value) if value and value[0] in WS_FIRST else value for value in stripped])
