"""One SSE event matched whole: the chunk a transport hands over one event at a time (``[event:]
data:``, or one JSON object continued over several data lines; LF or CRLF line ends), cut by one
match, and the continuation lines' ``data:`` prefixes removed by bulk replacements.

Helpers of :class:`lmcodec.stream.sse.SSEDecoder` (the grammar is described there) and of the block
paths of :mod:`lmcodec.framing._sse_fields`, which join continuation lines the same way.
"""

from __future__ import annotations

import re
from typing import Final

from lmcodec.framing._sse_long import LONG_LINE, VALUE_START, long_line_event
from lmcodec.framing._sse_space import data_lines_event

__all__ = ["MAX_CONTINUATIONS", "continued_data", "replaced_prefixes", "whole_event"]

MAX_CONTINUATIONS: Final = 64
"""The most continuation lines an event of the bulk paths has: sre keeps a backtracking record per
repetition of a group, so an event of more lines (a pretty-printed object, hostile input) is left to
the per-event paths, and a match holds bounded memory (an unbounded one held 40x a 1 MB event of
short data lines, tracemalloc)."""

# Exactly one event of the common shape (one data line whose value starts with VALUE_START, at most four
# lines that are neither data nor blank before it and four after it, then the blank line) and nothing
# else, LF or CRLF: what a chunk handed over one event at a time holds. The empty group marks where the
# value starts (a group around the value would stand between its repetition and the line end, and a chunk
# of several events, whose match fails after its first event, would be stepped back through that event's
# value several times more slowly). The second empty group marks ignored lines after the data line, where
# the value ends before them (absent, the match's ``lastindex`` is 1 and the value ends at the blank
# line).
_WHOLE_EVENT: Final = re.compile(
    rb"(?:(?!data:)[^\n]+\n){0,4}data: ?()" + VALUE_START + rb"[^\n]*\n(?:\n|()(?:(?!data:)[^\n]+\n){1,4}\n)"
).fullmatch
# (The value is matched up to its "\n", by a one-byte class several times faster over a long value
# than one that excludes "\r" too: whole_event checks that its only "\r" is its line end's.)
_WHOLE_CRLF_EVENT: Final = re.compile(
    rb"(?:(?!data:)[^\r\n]+\r\n){0,4}data: ?()"
    + VALUE_START
    + rb"[^\n]*\n(?:\r\n|()(?:(?!data:)[^\r\n]+\r\n){1,4}\r\n)"
).fullmatch
# The same with continuation lines after the first data line (each line's repetition followed by its
# line end, which sre looks for before it steps back into the repetition). Tried only where the
# one-line shape failed: its repetition costs every one-line event ~8% more.
_CONTINUED: Final = rb"(?:data: ?(?!data:)" + VALUE_START + rb"[^\n]*\n){1,%d}" % MAX_CONTINUATIONS
_WHOLE_CONTINUED_EVENT: Final = re.compile(
    rb"(?:(?!data:)[^\n]+\n){0,4}data: ?()" + VALUE_START + rb"[^\n]*\n" + _CONTINUED + rb"\n"
).fullmatch
_WHOLE_CONTINUED_CRLF_EVENT: Final = re.compile(
    rb"(?:(?!data:)[^\r\n]+\r\n){0,4}data: ?()" + VALUE_START + rb"[^\n]*\n" + _CONTINUED + rb"\r\n"
).fullmatch


def whole_event(chunk: bytes) -> bytes | None:
    """The data of ``chunk`` when it is exactly one event of the common shape (one ``data:`` line as
    ``_sse_fields``' block split takes it, or one JSON object over up to 65 such lines, after at most four
    ignored lines, then the blank line; LF or CRLF line ends), else None. One match, which fails
    within the first event of a longer chunk; the continuation lines' prefixes removed by
    replacements (the lines joined by ``"\n"``, as the grammar joins them). An LF event of data
    lines only whose values start with white space (pretty-printed JSON) is cut by
    :func:`~lmcodec.framing._sse_space.data_lines_event`. A chunk of
    :data:`~lmcodec.framing._sse_long.LONG_LINE` bytes or more is cut by its line ends
    (:func:`~lmcodec.framing._sse_long.long_line_event`): a match walks each byte of a long value,
    twice when it fails at the end of a long first event."""
    if len(chunk) >= LONG_LINE:
        data, continued = long_line_event(chunk)
        return _continued_event(chunk) if continued else data
    # (The continued shapes inline, not by a call to _continued_event: the call cost the varied
    # Responses stream fed one event at a time ~0.6k instructions an event, callgrind.)
    if 13 not in chunk:  # "\r"
        match = _WHOLE_EVENT(chunk)
        if match is not None:
            if match.lastindex == 1:
                return chunk[match.end(1) : -2]
            return chunk[match.end(1) : match.start(2) - 1]  # ignored lines after the data line
        # Several data lines? A chunk of several events has a blank line after its first data line:
        # told by two searches (a failed match walks back through that line, ~7k instructions on a
        # 230-byte one).
        start = 0 if chunk[:5] == b"data:" else chunk.find(b"\ndata:") + 1
        line_end = chunk.find(10, start)
        if line_end < 0 or not chunk.startswith(b"data:", line_end + 1):  # (no line end: not a whole event)
            return None
        match = _WHOLE_CONTINUED_EVENT(chunk)
        if match is not None:
            return continued_data(chunk[match.end(1) : -2])
        return data_lines_event(chunk, start)  # values that start with white space (pretty-printed JSON)
    end = len(chunk) - 4
    match = _WHOLE_CRLF_EVENT(chunk)
    if match is None:
        match = _WHOLE_CONTINUED_CRLF_EVENT(chunk)
        if match is None or chunk[end] != 13:  # (the last data line's end a bare "\n": line by line)
            return None
        data = chunk[match.end(1) : end].replace(b"\r\n", b"\n")
        return None if 13 in data else continued_data(data)  # a "\r" left is a lone "\r": a line end
    start = match.end(1)
    if match.lastindex != 1:  # ignored lines after the data line
        end = match.start(2) - 2
    return chunk[start:end] if chunk.find(13, start) == end else None  # a lone "\r" is a line end


def _continued_event(chunk: bytes) -> bytes | None:
    """:func:`whole_event` of a long chunk that is not one event of one data line: one JSON object
    over several data lines, or None (the short chunks' path, inline there)."""
    if 13 not in chunk:  # "\r"
        match = _WHOLE_CONTINUED_EVENT(chunk)
        return None if match is None else continued_data(chunk[match.end(1) : -2])
    end = len(chunk) - 4
    match = _WHOLE_CONTINUED_CRLF_EVENT(chunk)
    if match is None or chunk[end] != 13:  # (the last data line's end a bare "\n": line by line)
        return None
    data = chunk[match.end(1) : end].replace(b"\r\n", b"\n")
    return None if 13 in data else continued_data(data)  # a "\r" left is a lone "\r": a line end


def continued_data(data: bytes) -> bytes:
    """The data of several data lines given with their continuation prefixes (``"\ndata:"`` and the
    optional space after it): both forms replaced by ``"\n"``, the spaced one first (no value
    starts with ``"data:"``, so nothing else is replaced)."""
    data = replaced_prefixes(data, b"\ndata: ")
    return replaced_prefixes(data, b"\ndata:") if b"\ndata:" in data else data


_REPLACE_PIECE: Final = 24 * 1024  # see replaced_prefixes()


def replaced_prefixes(text: bytes, old: bytes) -> bytes:
    """``text.replace(old, b"\n")`` for an ``old`` starting with its only ``"\n"``, done on pieces
    of at most 24 KiB cut before a ``"\n"``: on 30,000 bytes or more ``bytes.replace`` runs the
    two-way search, whose preprocessing it repeats at every occurrence (an occurrence cannot
    straddle such a cut, its ``"\n"`` being its first byte)."""
    size = len(text)
    if size <= _REPLACE_PIECE:
        return text.replace(old, b"\n")
    pieces = []
    at = 0
    while at < size:
        cut = text.find(10, at + _REPLACE_PIECE)  # the "\n" the next piece starts with
        if cut < 0:
            cut = size
        pieces.append(text[at:cut].replace(old, b"\n"))
        at = cut
    return b"".join(pieces)
