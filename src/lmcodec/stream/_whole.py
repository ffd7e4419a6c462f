"""A stream body held whole (one chunk, or a list of them): framed at once, without a framer.

A short stream decoded from memory (Gemini's common one-event answer, a corpus body) would spend
more on making, feeding and closing a framer than on framing it: when the body is small enough that
no line or event of it can be over a limit, it is cut as every framer of the registry cuts it. The
commonest shape, events of one ``data: `` line (Chat's, Gemini's), is cut by a few bytes operations
proven to hold only for that shape (:func:`common_events`); any other body by the framer's bulk
paths.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from lmcodec.framing._sse_fields import whole_body_events
from lmcodec.framing._sse_long import last_blank_line

__all__ = ["BLOCK_BYTES", "common_events", "event_slices", "whole_body", "whole_frames", "whole_limit"]

BLOCK_BYTES: Final = 1 << 16
"""The most bytes framed at once: a longer chunk is framed this many bytes at a time, shorter
chunks are joined up to it (the engine's batches), and a body held whole is framed at once only up
to it. A larger block runs slower, the framer's passes over it out of the CPU cache: a varied 2.8 MB
stream framed a MiB at a time took 1.14-1.36x as long as 64 KiB at a time, a 512 KB body framed at
once 1.04-1.25x (interleaved, each dialect); a 1 MB list of one-event chunks 1.04-1.07x."""

_FIELD_STARTS: Final = (b"data:", b"event:", b":", b"id:", b"retry:")
_NOT_FIRST: Final = frozenset(b"\t\x0b\x0c\x1c\x1d\x1e\x1f " + bytes(range(0x80, 0x100)))
"""The first bytes of a data value the framer does not take as they are (white space it strips, or a
byte that may start Unicode white space): a body of such a value is left to it (``VALUE_START``)."""


def common_events(body: bytes) -> list[bytes] | None:
    """The data of ``body`` when it is events of one ``data: `` line each (Chat's and Gemini's SSE
    shape), with LF line ends and values that start with a byte the framer takes as it is; else
    None. Three bytes operations and a loop over the values, where the framer's bulk split walks
    every byte by a regular expression (~35 instructions a byte).

    Why the result is the framer's: ``body`` is ``data: `` + the values joined by ``\\n\\ndata: ``
    + ``\\n\\n``; with no ``\\r`` in it and no ``\\n`` in any value, each event is one data line."""
    # (the first test leaves a body of another shape at once; "13 in" is a memchr over the body)
    if not body.startswith(b"data: ") or 13 in body or not body.endswith(b"\n\n"):
        return None
    values = body[6:-2].split(b"\n\ndata: ")
    if 10 in b"".join(values):
        return None
    for value in values:
        if not value or value[0] in _NOT_FIRST:
            return None
    return values


def whole_body(body: bytes) -> list[bytes] | None:
    """The frames of a whole body of complete events that starts with an SSE field or comment, as
    every framer of the registry cuts it when no line or event of it is over a limit (the caller's
    check): the SSE framer's (Gemini's framer frames such a body as SSE; a JSON array starts with
    ``[``); else ``None``."""
    if not body.startswith(_FIELD_STARTS):
        return None
    events = common_events(body) if body.startswith(b"data: ") else None
    return events if events is not None else whole_body_events(body)


def whole_limit(max_line: int | None, max_event: int | None) -> int:
    """The bytes a whole body may hold to be framed at once: no line or event of it can then be
    over a limit, and it is at most :data:`BLOCK_BYTES`."""
    limit = BLOCK_BYTES
    if max_line is not None and max_line < limit:
        limit = max_line
    if max_event is not None and max_event < limit:
        limit = max_event
    return limit


def whole_frames(
    chunks: list[Any] | tuple[Any, ...], max_line: int | None, max_event: int | None
) -> list[bytes] | None:
    """The frames of the body held in ``chunks`` (a list or tuple: all of it is in memory), cut by
    :func:`whole_body`, when its chunks are bytes and it is within :func:`whole_limit`; else None
    (the caller feeds them to a framer, which names a wrong chunk)."""
    if len(chunks) == 1:
        body = chunks[0]
        if type(body) is not bytes:
            return None
    else:
        try:
            if sum(map(len, chunks)) > whole_limit(max_line, max_event):
                return None
            body = b"".join(chunks)
        except (TypeError, ValueError):  # (ValueError: a released memoryview)
            return None
    size = len(body)  # (the joined length: a memoryview's len counts its items)
    if (
        size > BLOCK_BYTES
        or (max_line is not None and size > max_line)
        or (max_event is not None and size > max_event)
        or not body.startswith(_FIELD_STARTS)
    ):
        return None
    # (tested here: a body of another shape, Anthropic's or Responses', pays no call)
    events = common_events(body) if body.startswith(b"data: ") else None
    return events if events is not None else whole_body_events(body)


def event_slices(data: bytes | bytearray, window: int) -> Iterator[memoryview]:
    """``data``, a chunk over :data:`BLOCK_BYTES`, in the slices a framer takes in turn: each ends at
    the last blank line of the next block when it has one, so every slice holds whole events and
    none is longer than a block; an event longer than a block is one slice up to the blank line
    that ends it when that is within ``window`` bytes (the framer's smallest limit: a longer one is
    framed line by line), else a block. Such an event is so framed whole, in bulk, instead of
    pending line by line across blocks (its blank line searched for in each, its lines split and
    copied out of a buffer). Any cut gives the same frames: the framer's are the same at every
    chunking. The blank line is ``\\n\\n``, or ``\\r\\n\\r\\n`` when the first line ends with a
    ``\\r\\n``, or ``\\r\\r`` when no line ends with ``\\n`` (lone-CR line ends: cut elsewhere, an
    event would be held and joined to the next block); a byte is searched forward at most once,
    backward at most once."""
    view = memoryview(data)
    size = len(data)
    first = data.find(10)
    if first < 0 and 13 in data:
        line_end, after = b"\r", b"\r"  # what a blank line's first line end is, what follows it
    else:
        line_end, after = b"\n", b"\r\n" if first > 0 and data[first - 1] == 13 else b"\n"
    blank = line_end + after
    at = 0
    searched = 0  # no blank line ends before this offset, past the slices cut
    while size - at > BLOCK_BYTES:
        end = last_blank_line(data, blank, at, at + BLOCK_BYTES)
        if end >= 0:
            end += len(blank)
        else:  # inside an event longer than a block: to its end
            stop = min(at + window, size)
            end = _blank_line_end(data, max(at + BLOCK_BYTES - len(blank), searched), stop, blank)
            if end < 0:
                searched = max(stop, searched)
                end = at + BLOCK_BYTES
        yield view[at:end]
        at = end
    if at < size:
        yield view[at:]


def _blank_line_end(data: bytes | bytearray, start: int, stop: int, blank: bytes) -> int:
    """Where the first ``blank`` (a line end, then the blank line's) after ``start`` ends, when its
    line end is before ``stop``, or -1: the first line end found by ``memchr`` (one search over a
    long line, several times faster than a search for the two-byte ``\\n\\n``), the rest, short
    lines, by one search."""
    at = data.find(blank[0], start, stop)
    if at < 0 or data.startswith(blank[1:], at + 1):
        return at if at < 0 else at + len(blank)
    at = data.find(blank, at + 1, stop)
    return at if at < 0 else at + len(blank)
