"""The SSE ``data:`` field over bytes: the events of the common shapes (``[event:] data:``,
nothing else) cut out of a block in one step.

Helpers of :class:`lmcodec.stream.sse.SSEDecoder`; the grammar is described there. One event handed
over alone is matched whole by :mod:`lmcodec.framing._sse_whole` (``whole_event``, kept here too).
"""

from __future__ import annotations

import re
from typing import Final

from lmcodec.framing._sse_long import LONG_LINE, VALUE_START, long_line_events
from lmcodec.framing._sse_space import SPACE, WS_CHAR, WS_FIRST, data_lines_event, data_value, ws_prefixes
from lmcodec.framing._sse_whole import MAX_CONTINUATIONS, continued_data, replaced_prefixes, whole_event

__all__ = [
    "bulk_events",
    "crlf_events",
    "data_ws_first",
    "lone_cr",
    "replaced_events",
    "segment_data",
    "whole_body_events",
    "whole_event",
]

_VALUE_START: Final = VALUE_START
# A continuation data line, with the line end before it: its value starts as above and not with
# "data:" (so that removing the continuations' "\ndata: " then "\ndata:" prefixes, two bytes
# replacements, removes nothing else).
_CONTINUATION: Final = rb"\ndata: ?(?!data:)" + _VALUE_START + rb"[^\n]*"

# One event of the common shape: one ``data:`` line whose value starts as above, then the blank line,
# with at most four lines that are neither data nor blank before it (the ``event:`` line, and the
# ``id:``, ``retry:`` and comment lines servers add) and four after it (zio-http and several C#
# writers put ``id:`` and ``event:`` last: the grammar gives fields no order). ``split`` with it
# leaves only empty strings or lines that dispatch nothing between matches when a block consists of
# such events (see _simple_events). It starts only at a line start (the look-behind) and spans at
# most nine lines, so a search that fails scans each line a bounded number of times: a split over
# hostile lines stays linear (it was quadratic in a long line).
# (The lines after it as the second branch of an alternation whose first is the blank line: the common
# event pays one literal test, where a repetition of none cost it ~600 instructions, callgrind.)
_IGNORED_LINES: Final = rb"(?:(?!data:)[^\n]+\n)"
_SIMPLE_EVENT: Final = re.compile(
    rb"(?<![^\n])"
    + _IGNORED_LINES
    + rb"{0,4}data: ?("
    + _VALUE_START
    + rb"[^\n]*)\n(?:\n|"
    + _IGNORED_LINES
    + rb"{1,4}\n)"
)

# One event of one JSON object spread over several data lines (values as above, none starting with
# "data:"), after at most four ignored lines, then the blank line. Group 1 is the data with the
# continuation lines' prefixes still in; group 2 the continuation lines, None for an event of one data
# line. It starts only where an event starts (the block's start, or after a blank line: the two
# look-behinds), so a search that fails scans each line of an event once, not once from each of its
# data lines: a split stays linear however many data lines an event has. (Not the pattern of the
# one-line shape: its extra look-behind and group cost that split ~20% more.)
_CONTINUED_EVENT: Final = re.compile(
    rb"(?<![^\n])(?<![^\n]\n)(?:(?!data:)[^\n]+\n){0,4}data: ?((?!data:)"
    + _VALUE_START
    + rb"[^\n]*((?:"
    + _CONTINUATION
    + rb"){1,%d})?)\n\n" % MAX_CONTINUATIONS
)


# One event of one data line (its value as above) among other, ignored lines (comments, id:, retry:,
# event:, unknown fields: any non-empty line not starting with "data:"), or of ignored lines only.
_ONE_DATA_LINE_EVENT: Final = re.compile(
    rb"(?:(?:(?!data:)[^\n]+\n)*data: ?([^\t\n\x0b\x0c\r\x1c-\x1f \x80-\xff][^\n]*)\n"
    rb"(?:(?!data:)[^\n]+\n)*|(?:(?!data:)[^\n]+\n)+)\n"
)


# Inside ``b"\n" + block`` (so every line starts after a line end): a line that is neither a data
# line nor blank, with the line end before it; a data line whose value is empty or starts with white
# space, after its optional space.
_IGNORED_LINE: Final = re.compile(rb"\n(?!data:)[^\n]+")
_WS_CLASS: Final = b"".join(re.escape(bytes([c])) for c in sorted(WS_FIRST))
_DATA_WS_FIRST: Final = re.compile(
    b"\ndata:(?: [" + _WS_CLASS + b"]|[" + _WS_CLASS.replace(b"\\ ", b"") + b"])"
)


_DATA_PREFIXES: Final = re.compile(rb"\ndata: ?")

lone_cr: Final = re.compile(rb"\r(?!\n)").search
"""The first ``"\r"`` not followed by ``"\n"`` (a line end of its own), or None: one scan, 4x
faster than ``bytes.replace(b"\r\n", b"\n")`` then looking for a ``"\r"`` left."""


def data_ws_first(text: bytes) -> bool:
    """Whether a data line of ``text`` (``b"\n" + block``) has a value that is empty or starts with
    white space. One regular-expression search, where it was three ``bytes.find`` (``"\ndata:\n"``,
    ``"\ndata: \n"``, ``"\ndata:  "``) and two more per rare white-space first byte present:
    on a 64 KB block (callgrind) ~570k instructions against ~260k for the three searches (~720k
    with the two of CJK text, ``\xe2`` and ``\xe3``), yet 2x less CPU time than the three and 5x
    less than the seven; 1.1-1.3x less CPU time over whole multi-line streams (interleaved)."""
    return _DATA_WS_FIRST.search(text) is not None


def replaced_events(block: bytes, lines: int = -1, blanks: int = -1, data: int = -1) -> list[bytes] | None:
    """The data of the events in ``block`` (as :func:`bulk_events`), by bulk operations over the whole
    block whatever its lines: ``"data: "`` or ``"data:"`` prefixes removed by one replacement, events
    cut at blank lines by one split (several data lines of one event stay joined by their ``"\n"``, as
    the grammar joins them), checked by counting lines; ignored lines (comments, ``id:``, ``retry:``,
    ``event:``, unknown fields) are dropped first by one substitution. A value that starts with white
    space (pretty-printed JSON one data line per line, ``data:  {``) is stripped by one substitution
    of the prefixes with the white space after them (:func:`~lmcodec.framing._sse_space.ws_prefixes`);
    None when that cannot be done (the per-event path takes it). ``lines``, ``blanks`` and ``data``:
    the block's ``"\n"``, ``"\n\n"`` and data-line counts when the caller has them."""
    text = b"\n" + block
    ws_first = data_ws_first(text)
    prefixes = ws_prefixes(text) if ws_first else None
    if ws_first and prefixes is None:
        return None
    # No value is empty or starts with "\n": each "\n\n" ends a line before a blank line, so when
    # the data lines and these are all the lines, every line is one or the other (and no blank
    # lines run together, else some "\n\n" would not be counted).
    if lines < 0:
        lines = block.count(10)
        blanks = block.count(b"\n\n")
    if data < 0:
        data = text.count(b"\ndata:")
    regular = data + blanks == lines and block[0] != 10
    if not regular:  # ignored lines (comments, id:, retry:, event:, ...) or runs of blank lines
        text = _IGNORED_LINE.sub(b"", text)
        data = text.count(b"\ndata:")
    if prefixes is not None:
        values = prefixes.sub(b"\n", text)
    else:
        values = replaced_prefixes(text, b"\ndata: ")
    if not ws_first and (len(text) - len(values)) // 6 != data:  # (each replacement 6 bytes shorter)
        # Unspaced prefixes left: a second replacement takes them, unless a value starts with "data:"
        # after a spaced prefix (it would be taken for one); then one left-to-right substitution
        # removes both (on a 64 KiB block of mixed prefixes, 3.7x the instructions of the replacement).
        if b"\ndata: data:" in text:
            values = _DATA_PREFIXES.sub(b"\n", text)
        else:
            values = replaced_prefixes(values, b"\ndata:")
    pieces = values.split(b"\n\n")
    if not regular and (b"\n\n\n" in values or values.startswith(b"\n\n")):
        # Blank lines running together (a block of ignored lines only leaves some): the pieces
        # they leave empty are dropped, those they start are stripped.
        return [value for value in (p.lstrip(b"\n") for p in pieces) if value]
    pieces[0] = pieces[0][1:]
    pieces.pop()  # the empty piece after the last blank line
    return pieces


def _one_data_line_events(block: bytes) -> list[bytes] | None:
    """The data of ``block`` when it is events of one data line at most among ignored lines, matched
    one after another from the start (None at the first event that is not). Not a ``split``: a
    search for the next match, retried at every line of an event that does not match, is quadratic
    in that event's lines; an anchored match fails once."""
    match = _ONE_DATA_LINE_EVENT.match
    out = []
    at = 0
    end = len(block)
    while at < end:
        found = match(block, at)
        if found is None:
            return None
        data = found[1]
        if data is not None:  # None: an event of ignored lines only
            out.append(data)
        at = found.end()
    return out


def _simple_events(block: bytes) -> list[bytes] | None:
    """The data of ``block`` when its events are of one data line each (the value as
    ``_SIMPLE_EVENT`` takes it) among ignored lines; else None.

    One split by ``_SIMPLE_EVENT``: its matches are the data lines that end an event (with up to
    four ignored lines before them). What lies between two matches is whole lines (a match starts
    at a line start and ends after a blank line); when none of them is a data line, every event of
    the block has exactly the data line its match took, and the lines in between (keep-alive comment
    blocks, more ignored lines) dispatch nothing. They are checked at once, joined, as the split
    leaves them (a regular-expression match per event cost ~2x the split)."""
    pieces = _SIMPLE_EVENT.split(block)
    between = pieces[::2]
    if between.count(b"") != len(between) and _data_between(between):  # lines besides the matches
        return None
    return pieces[1::2]


def _data_between(between: list[bytes]) -> bool:
    """Whether the lines a split left between its matches hold a data line (checked at once,
    joined): then the block is not of the split's shape. (Called only where there are such
    lines: the common block has none, tested inline.)"""
    others = b"".join(between)
    return others.startswith(b"data:") or b"\ndata:" in others


def _continued_events(block: bytes) -> list[bytes] | None:
    """The data of ``block`` when its events are of the shape ``_CONTINUED_EVENT`` takes (one JSON
    object over several data lines, or one data line) among ignored lines; else None.

    One split, checked as :func:`_simple_events` checks its own; the events of several data lines are
    joined by ``"\n\n"`` (no value of the shape holds a blank line), their continuation prefixes
    removed by two replacements over all of them, and split again."""
    pieces = _CONTINUED_EVENT.split(block)
    between = pieces[::3]
    if between.count(b"") != len(between) and _data_between(between):  # lines besides the matches
        return None
    continued = pieces[2::3]
    if continued.count(None) == len(continued):  # one data line an event
        return pieces[1::3]
    return continued_data(b"\n\n".join(pieces[1::3])).split(b"\n\n")


def bulk_events(block: bytes) -> list[bytes]:
    """The data of the events in ``block``: complete lines without ``\r`` ending
    with a blank line, nothing pending before it."""
    at = block.find(b"data:")
    if at >= 0:
        line_end = block.find(10, at)
        if line_end - at >= LONG_LINE:  # a long first data line: cut by line ends, not matched
            walked = long_line_events(block)
            if walked is not None:
                cut, end = walked
                return cut if end == len(block) else cut + bulk_events(block[end:])
        events = None
        # A first value that starts with white space: the splits would fail over the whole block, left
        # to the replacements (which strip it).
        ws_first = block[at + 5 + (block[at + 5] == SPACE)] in WS_FIRST
        if not ws_first and not block.startswith(b"data:", line_end + 1):
            # The first data line is its event's only one, as in nearly every stream: one split,
            # whether the block holds one event or many.
            events = _simple_events(block)
        elif not ws_first and at:
            # One JSON object over several data lines after other lines (as every event of a stream
            # that names its events): one split too. Events of several data lines and nothing else
            # are left to the replacements over the block (replaced_events), which cost less than
            # the split's pass over each line there (16.8k against 19.7k instructions an event of the
            # Chat stream).
            events = _continued_events(block)
        if events is not None:
            return events
    if block.find(b"\n\n") == len(block) - 2:  # a single event
        first = block.find(b"data:")
        if first < 0 or block.find(b"\ndata:", first + 5) < 0:  # at most one data line
            match = _ONE_DATA_LINE_EVENT.fullmatch(block)
            if match is not None:
                data = match[1]
                return [] if data is None else [data]  # None: no data line
        # Several data lines (or an unusual shape). A short event of data lines only (pretty-printed
        # JSON one chunk an event, whose white space first the one-event matches refuse) is cut by
        # one split, each value stripped by a C call; others are cut into their lines, a few passes
        # over them (the regular expressions, which backtrack over a long line, and the bulk
        # replacements of replaced_events cost several times more on one event: 5x on an 870 KB one).
        if first >= 0 and len(block) <= _SHORT_EVENT:
            start = block.find(b"\ndata:", first - 1) + 1 if first else 0  # its first data line
            value = data_lines_event(block, start) if start or not first else None
            if value is not None:
                return [value]
        events = None
    else:
        lines = block.count(10)
        blanks = block.count(b"\n\n")
        data = block.count(b"\ndata:") + block.startswith(b"data:")
        if data <= blanks:
            # one data line per event at most, with comments, id:, retry: or event: lines around it
            events = _one_data_line_events(block)
            if events is not None:
                return events
        events = replaced_events(block, lines, blanks, data)  # several data lines in an event
    if events is not None:
        return events
    out: list[bytes] = []
    for seg in block.split(b"\n\n"):
        # Extra line ends around a segment are blank lines: no data, nothing to dispatch.
        seg = seg.strip(b"\n")
        if not seg:
            continue
        if b"\n" not in seg:
            if seg.startswith(b"data:"):
                out.append(data_value(seg))
            continue
        data = segment_data(seg)
        if data is not None:
            out.append(data)
    return out


# A line that is not a data line, with its line end; the prefix of a data line with the white
# space str.lstrip() removes after it (the ASCII class without the line ends: none is inside a line).
_OTHER_LINE: Final = re.compile(rb"^(?!data:)[^\n]*\n", re.M)
_DATA_PREFIX: Final = re.compile(b"^data:" + WS_CHAR + b"*", re.M)


def crlf_events(chunk: bytes, one_event: bool = False) -> tuple[list[bytes] | None, int]:
    """The events of ``chunk`` up to its last blank line and where that block ends, when its line
    ends there are all ``\r\n`` or ``\n`` (None for a lone ``\r``): the block with ``\r\n``
    read as ``\n``, framed in bulk. None too when a blank line after that block ends at a ``\r``
    (``\n\r`` or ``\r\r``: the chunk cut before its ``\n``, or CR line ends): its event is
    complete, and the line-by-line framer hands it over now (a ``\n`` after it is skipped).
    ``one_event``: the block is likely one event (a small read completed the event held raw): it is
    matched whole first."""
    crlf = chunk.rfind(b"\n\r\n")
    # An LF blank line counts only after the last CRLF one (a search from there, not through
    # a whole CRLF block that has none).
    lf = chunk.rfind(b"\n\n", max(crlf, 0))
    end = max(lf + 2 if lf >= 0 else 0, crlf + 3 if crlf >= 0 else 0)
    cr = chunk.find(13, end)  # the first "\r" after the block (one memchr; most chunks have none)
    if cr >= 0 and (chunk.find(b"\n\r", max(cr - 1, end)) >= 0 or chunk.find(b"\r\r", cr) >= 0):
        return None, end
    if not end:
        return [], 0
    block = chunk[:end] if end < len(chunk) else chunk
    if one_event:
        # One match, which refuses a lone "\r", not the scan for one, the deletion and the split (3x
        # its cost on a Gemini chunk); several events fail it within the first.
        value = whole_event(block)
        if value is not None:
            return [value], end
    if lone_cr(block) is not None:  # a "\r" line end: line by line
        return None, end
    # Every "\r" starts a "\r\n": deleting them is replacing those by "\n", 8x faster, and
    # the block is then framed as LF (1.3x faster than splitting it on its "\r\n\r\ndata: ").
    return bulk_events(block.replace(b"\r", b"")), end


def segment_data(seg: bytes) -> bytes | None:
    """The data of one event given as its lines (``\n``-separated, no blank line, no ``\r``), or
    None when it has no data line. No list of lines is built: a long event is taken by pieces of
    64 KiB of whole lines, so a long event of short lines costs a few times its size."""
    if len(seg) <= _PIECE:
        return _piece_data(seg)
    pieces = []
    at = 0
    while at < len(seg):
        end = seg.find(b"\n", at + _PIECE)
        end = len(seg) if end < 0 else end
        data = _piece_data(seg[at:end])
        if data is not None:
            pieces.append(data)
        at = end + 1
    return b"\n".join(pieces) if pieces else None


def _piece_data(seg: bytes) -> bytes | None:
    """:func:`segment_data` of a segment of at most 64 KiB: line by line when it has a few lines
    (cheapest), else the other lines dropped and every data line's prefix stripped, by two
    substitutions (no list of lines)."""
    if not seg.startswith(b"data:") and b"\ndata:" not in seg:
        return None
    if seg.count(10) < _FEW_LINES:
        parts = [data_value(line) for line in seg.split(b"\n") if line.startswith(b"data:")]
        return parts[0] if len(parts) == 1 else b"\n".join(parts)
    return _DATA_PREFIX.sub(b"", _OTHER_LINE.sub(b"", seg + b"\n"))[:-1]


_FEW_LINES: Final = 32
# One event of at most this many bytes of data lines is framed by data_lines_event (a count of its
# line ends, ~4 instructions a byte, and the values held twice) rather than segment_data.
_SHORT_EVENT: Final = 8192
_PIECE: Final = 1 << 16


def whole_body_events(body: bytes) -> list[bytes] | None:
    """The data of the events of ``body``, a whole body of complete events (it ends with a blank line;
    LF, CRLF or lone-CR line ends, not mixed), as an :class:`~lmcodec.stream.sse.SSEDecoder` whose
    limits it is within gives them (``feed_data(body) + close_data()``), without one; else None (mixed
    line ends, an unfinished last event: the caller frames it). One ``data:`` line, the common
    single-event answer, is taken at once; several events are framed as the framer frames a block."""
    if 13 in body:  # "\r"
        end = len(body) - 4
        # one line: its first "\r" and "\n" are the blank line's (two memchr; a count of a byte is a
        # byte loop, ~5 instructions a byte: 10k of a 1 kB answer counted twice)
        if body.endswith(b"\r\n\r\n") and body.find(13) == end and body.find(10) == end + 1:
            if body.startswith(b"data: ") and len(body) > 10 and body[6] not in WS_FIRST:
                return [body[6:end]]
        if lone_cr(body) is not None or not (body.endswith(b"\n\r\n") or body.endswith(b"\n\n")):
            if 10 in body:
                return None
            body = body.replace(b"\r", b"\n")  # every line end a lone "\r": the same lines, as LF
            if not body.endswith(b"\n\n"):
                return None
        else:
            body = body.replace(b"\r", b"")  # every "\r" starts a "\r\n": the block read as LF
    elif not body.endswith(b"\n\n"):
        return None
    if body.find(10) == len(body) - 2 and body.startswith(b"data: ") and body[6] not in WS_FIRST:
        return [body[6:-2]]  # one line
    return bulk_events(body)
