"""Events with long data lines, cut by searching for line ends instead of matching each byte.

The bulk paths of :mod:`lmcodec.framing._sse_fields` match an event's lines with regular
expressions, whose repetition costs ~5 instructions a byte of the line (callgrind): cheapest for
the short events of a stream, several times the JSON decode of a long one (a 40 KB server-tool
result, a MB image). Here only an event's head is matched (the ignored lines before its data line,
``data:``, the first byte of the value); the value's end is found by ``bytes.find`` of the line end
(``memchr``: ~0.1 instructions a byte).

Helpers of :class:`lmcodec.stream.sse.SSEDecoder`; the grammar is described there.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["LONG_LINE", "VALUE_START", "last_blank_line", "long_line_event", "long_line_events"]

VALUE_START: Final = rb"[^\t\n\x0b\x0c\r\x1c-\x1f \x80-\xff]"
"""The first byte of a data value the bulk paths take as is: one that cannot start white space."""

LONG_LINE: Final = 2048
"""A data line this long or longer is cut here: a line-end search and a head match cost ~1.5k
instructions an event more than the regular expressions' walk, which costs ~5 a byte."""

# The head of an event of the common shape: at most four lines that are neither data nor blank (the
# ``event:`` line, ``id:``, ``retry:``, comments), ``data:``, an optional space, the value's first byte.
_HEAD: Final = re.compile(rb"(?:(?!data:)[^\n]+\n){0,4}data: ?" + VALUE_START).match
_CRLF_HEAD: Final = re.compile(rb"(?:(?!data:)[^\r\n]+\r\n){0,4}data: ?" + VALUE_START).match

# The lines last_blank_line() steps back over by line-end searches before a substring search.
_LINES_BACK: Final = 8

# The fewest bytes an event the walk takes on average: below, the rest of the block is left to the
# caller's split, which costs less than a head match and a search an event over short events.
_AVERAGE_EVENT: Final = 512


def long_line_event(chunk: bytes) -> tuple[bytes | None, bool]:
    """The data of ``chunk`` when it is exactly one event of one data line (the shape of
    ``_sse_fields.whole_event``; LF or CRLF line ends), and whether it may be an event of that
    shape's other form, a JSON object continued over more data lines (its first data line is
    followed by one). Each line end is found by one search: nothing walks the value."""
    if 13 not in chunk:  # "\r"
        head = _HEAD(chunk)
        if head is None:
            return None, False
        start = head.end() - 1
        end = chunk.find(10, start)
        if end == len(chunk) - 2 and chunk[-1] == 10:
            return chunk[start:end], False
        return None, end >= 0 and chunk.startswith(b"data:", end + 1)
    head = _CRLF_HEAD(chunk)
    if head is None:
        return None, False
    start = head.end() - 1
    end = chunk.find(13, start)
    if end == len(chunk) - 4 and chunk.endswith(b"\r\n\r\n") and chunk.find(10, start) == end + 1:
        return chunk[start:end], False
    return None, end >= 0 and chunk.startswith(b"\ndata:", end + 1)


def long_line_events(block: bytes) -> tuple[list[bytes], int] | None:
    """The data of the events at the start of ``block`` (complete lines without ``"\\r"``, ending
    with a blank line) while each is one data line after at most four ignored lines and they are
    long on average, and where they end (the block's length when they are all of it): the caller
    frames the rest its way. None when the first event is of another shape. Each event costs its
    head's match and one search for its line end, whatever its length."""
    out: list[bytes] = []
    head = _HEAD
    find = block.find
    size = len(block)
    at = 0
    while at < size:
        match = head(block, at)
        if match is None:
            break
        start = match.end() - 1
        end = find(10, start)
        if end < 0:
            break
        blank = end + 1
        if not block.startswith(b"\n", blank):
            blank = _after_ignored_lines(block, blank)  # (id:, event: lines after the data line)
            if blank < 0:  # a continuation line, an unended line: the split frames it
                break
        out.append(block[start:end])
        at = blank + 1
        if at < len(out) * _AVERAGE_EVENT:  # short events: the split takes the rest
            break
    return (out, at) if out else None


def _after_ignored_lines(block: bytes, at: int) -> int:
    """Where the blank line is after at most four ignored lines starting at ``at`` (lines neither
    blank nor data: an ``id:``, ``event:`` written after the data line), each found by a line-end
    search; -1 when a data line, a fifth line or the block's end comes first."""
    for _ in range(4):
        if block.startswith(b"data:", at):
            return -1
        end = block.find(10, at)
        if end < 0:
            return -1
        at = end + 1
        if block.startswith(b"\n", at):
            return at
    return -1


def last_blank_line(data: bytes | bytearray, blank: bytes, start: int, stop: int) -> int:
    """``data.rfind(blank, start, stop)`` for ``blank`` ``b"\\n\\n"``, ``b"\\n\\r\\n"`` or ``b"\\r\\r"``:
    the lines before ``stop`` stepped back over by their line ends (``memrchr``), a few of them, then
    the substring search (~4 instructions a byte), which a long line would cost in full."""
    n = len(blank)
    line_end = blank[-1]
    for _ in range(_LINES_BACK):
        end = data.rfind(line_end, start + n - 1, stop)  # a blank line's last byte
        if end < 0:
            return -1
        if data.startswith(blank, end - n + 1):
            return end - n + 1
        stop = end
    return data.rfind(blank, start, stop)
