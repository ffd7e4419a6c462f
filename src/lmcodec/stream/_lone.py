"""A stream body of one-line events (short, or short but for a long last one) that its mapper
reads as one answer and its end, assembled straight into its Response (Gemini's common answers:
one chunk with its text or its function calls, finish reason and usage; or a few text chunks,
then the end).

``lc.assemble(lc.stream.decode(provider, [body]))`` of such a body would make an Assembler and a
mapper and pass sink calls between them for a few events; here the ``data:`` lines are cut
(:func:`lone_frames`, as :func:`~lmcodec.stream._whole.whole_frames` cuts them), read by the mapper
(``read_body`` and ``lone_answer`` of :class:`~lmcodec.providers._mapper.MapperBase`, as
``map_body`` reads them) and built (:func:`~lmcodec.stream._response.parts_response`, as the
Assembler builds it). Anything else (a part the mapper does not read so, a request that may ask for
judgments) goes the general way, nothing told, the frames' reading handed on (``map_read_body``: a
frame is decoded once either way).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.framing._sse_space import WS_FIRST
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers._response import answer_model, parts_response
from lmcodec.stream._whole import BLOCK_BYTES
from lmcodec.wire import Request, Response

__all__ = ["lone_frames", "lone_response", "named_events"]

_LONE_LIMIT: Final = min(DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
"""The longest body :func:`lone_frames` cuts: no line or event of it can be over a default limit.
Past :data:`~lmcodec.stream._whole.BLOCK_BYTES` it cuts only a body whose events before its last
are within a block (:func:`lone_frames`)."""
_MOST_CHUNKS: Final = 256
"""The most chunks :func:`lone_frames` joins: a long stream given as a list of its events (thousands)
is left at once, not its lengths summed (the general way sums them again)."""


def lone_frames(chunks: Any) -> list[bytes] | None:
    """The data of the events of the body ``chunks`` holds (a list or tuple of one bytes chunk, or
    of at most :data:`_MOST_CHUNKS` bytes-like chunks) when each event is one ``data: `` line (LF
    line ends throughout, or CRLF throughout; a value that is not empty and starts with no white
    space) and the body is within the default limits: those a framer cuts of it (and, within
    :data:`~lmcodec.stream._whole.BLOCK_BYTES`, ``whole_frames(chunks)``); else None (that body may
    still be framed whole).

    Past a block, only a body whose events before its last are within one (the chunks before the
    last, joined): Gemini's end chunk carries a tool turn's calls, an image, a long last text, and
    its events are cut by a few searches at any length (one ``memchr`` a byte) where the general
    way would frame the body block by block and decode that chunk twice (red team 39 F01-F03). A
    long stream of many events is left to the general way, framed and decoded a block at a time
    while the block is in the CPU cache (``BLOCK_BYTES``)."""
    if type(chunks) is not list and type(chunks) is not tuple:
        return None
    if len(chunks) == 1:
        body = chunks[0]
        if type(body) is not bytes:
            return None
    elif len(chunks) > _MOST_CHUNKS:
        return None
    else:
        try:
            size = sum(map(len, chunks))
            if size > _LONE_LIMIT or (size > BLOCK_BYTES and size - len(chunks[-1]) > BLOCK_BYTES):
                return None
            body = b"".join(chunks)
        except (TypeError, ValueError):  # (not bytes-like; a released memoryview: the framer names it)
            return None
    if len(body) > BLOCK_BYTES:  # (its own function: a short body pays this compare alone)
        return _long_body(body)
    # (a slice and an index are cheaper than the method calls: startswith/endswith parse their
    # arguments; an LF end is told by two indexes, ~1.3k instructions less than two endswith)
    if body[:6] != b"data: ":
        return named_events(body) if body.startswith(b"event:") else None
    if body[-2] == 10 and body[-1] == 10:  # "\n\n" (and no "\r" before it: the check below)
        data = body[6:-2]
        crlf = False
    elif body[-4:] == b"\r\n\r\n":  # (a slice compared: ~0.2k instructions under endswith)
        data = body[6:-4]
        crlf = True
    else:
        return None
    # (the value's line ends looked for in the slice it is anyway: `in` is one memchr, no call)
    if 13 not in data and 10 not in data:  # one event (the common answer)
        if not data or data[0] in WS_FIRST:
            return None
        return [data]
    frames = data.split(b"\r\n\r\ndata: " if crlf else b"\n\ndata: ")
    # every line end of the body is in a separator the split took: none is left in the values
    # (joined, two memchr: a count of a byte walks it at ~6 instructions a byte, 9k on 1.5 KB)
    values = b"".join(frames)
    if 10 in values or 13 in values:
        return None
    for frame in frames:
        if not frame or frame[0] in WS_FIRST:
            return None
    return frames


def _long_body(body: bytes) -> list[bytes] | None:
    """:func:`lone_frames` of ``body``, past a block: its values when it starts with ``data: ``,
    no line end but its last blank line's is past its first block (one memchr, before any copy:
    a long stream leaves at once) and the last holds none; the values before the last (within the
    first block) split out, the long last one sliced from ``body`` once (a ``data: ``-sliced copy
    of the body, then split, would copy it twice); else None."""
    size = len(body)
    if size > _LONE_LIMIT or body[:6] != b"data: ":  # (Anthropic's events: framed by blocks)
        return None
    if body.find(10, BLOCK_BYTES, size - 4) >= 0:  # an event begins past the first block
        return None
    if body[-2] == 10 and body[-1] == 10:
        between, tail = b"\n\ndata: ", 2
    elif body[-4:] == b"\r\n\r\n":
        between, tail = b"\r\n\r\ndata: ", 4
    else:
        return None
    at = body.rfind(10, 0, BLOCK_BYTES)  # (memrchr) the last line end: a separator's, if any
    if at < 0:  # one event
        start = 6
        frames: list[bytes] = []
    else:
        start = at + 7  # where the value after the separator starts ("data: " follows its line end)
        if body[start - len(between) : start] != between:
            return None
        frames = body[6 : start - len(between)].split(between)
        values = b"".join(frames)
        if 10 in values or 13 in values:
            return None
    last = body[start : size - tail]
    if 10 in last or 13 in last:
        return None
    frames.append(last)
    for frame in frames:
        if not frame or frame[0] in WS_FIRST:
            return None
    return frames


def named_events(body: bytes) -> list[bytes] | None:
    """The data of the events of ``body`` when each is an ``event:`` line and a ``data: {`` line
    (Anthropic's shape), LF line ends; else None. ``whole_frames([body])`` is then its result.

    Why: with no ``\r`` in ``body``, its lines are its ``\n``-separated pieces, ``3n + 1`` of them
    for ``n`` events; the first and second of each three joined by ``\n`` (the heads, the data
    lines) hold ``n + 2`` bytes fewer than ``body`` only when every third line and the last are
    empty (the blank lines ending the events: the body ends with one). As no line holds a ``\n``,
    a count of ``\nevent:`` (``\ndata: {``) over the heads (data lines) joined counts the lines
    that start so. Each event is then an ``event:`` line (not data) and one data line whose value
    starts with ``{`` (no white space for the framer to strip)."""
    if 13 in body:
        return None
    lines = body.split(b"\n")
    n = len(lines) // 3
    if len(lines) != 3 * n + 1:
        return None
    heads = b"\n".join(lines[0:-1:3])
    data = b"\n".join(lines[1::3])
    # (the lengths say that the blank lines are blank: no pass over them)
    if len(heads) + len(data) + n + 2 != len(body) or heads.count(b"\nevent:") != n - 1:
        return None  # (the first head: the caller's test)
    if not data.startswith(b"data: {") or data.count(b"\ndata: {") != n - 1:
        return None
    frames = data.split(b"\ndata: ")
    frames[0] = frames[0][6:]  # (the first value's prefix sliced off alone: no copy of the rest)
    return frames


def lone_response(
    mapper_cls: Any, frames: list[bytes], read: Any, stream_request: Request | None, request: Request | None
) -> Response | None:
    """``lc.assemble(lc.stream.decode(p, [body], request=stream_request), request=request)`` of a
    body cut into ``frames``, read by ``mapper_cls.read_body`` as ``read`` (``p``'s mapper, its
    ``reads_lone_answers`` set), when the mapper reads it as one answer and ``request`` asks for no
    response format (judgments: the Assembler's); else None."""
    if request is not None and (type(request) is not Request or request.config.response_format is not None):
        return None
    answer = mapper_cls.lone_answer(read, len(frames))
    if answer is None:
        return None
    parts, finish_reason, usage, provider_data, id, model = answer
    if model is None:  # no start named one
        model = stream_request.model if stream_request is not None else None
        if type(model) is not str or not model:
            named = None
            if stream_request is None:  # (a body of one frame: from its reading, not decoded again)
                first = frames[0]
                one = read is not None and len(frames) == 1
                named = mapper_cls.named_model_read(first, read) if one else mapper_cls.named_model(first)
            model = answer_model(stream_request, named, request)
            if model is None:
                return None
    return parts_response(model, parts, finish_reason, usage, provider_data, id)
