"""A stream body of one event that its mapper reads as one answer text and its end, assembled
straight into its Response (Gemini's common answer: one chunk with its text, finish reason and usage).

``lc.assemble(lc.stream.decode(provider, [body]))`` of such a body would make an Assembler and a
mapper and pass four sink calls between them for one event; here the one ``data:`` line is cut
(:func:`lone_frame`, as :func:`~lmcodec.stream._whole.whole_frames` cuts it), read by the mapper
(``read_last`` and ``lone_answer`` of :class:`~lmcodec.providers._mapper.MapperBase`, as
``map_body`` reads it) and built (:func:`~lmcodec.stream._response.text_response`, as the
Assembler builds it). Anything else (a second event, a part that is not one answer text, a request
that may ask for judgments) goes the general way, nothing told, the frame's reading handed on
(``map_read_body``: a frame is decoded once either way).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.framing._sse_space import WS_FIRST
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.stream._response import text_response
from lmcodec.stream._whole import whole_limit
from lmcodec.wire import Request, Response

__all__ = ["lone_frame", "lone_response"]

_LONE_LIMIT: Final = whole_limit(DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
"""The longest body :func:`lone_frame` cuts: what ``whole_frames`` frames at once with the default limits."""


def lone_frame(chunks: Any) -> bytes | None:
    """The data of the body ``chunks`` holds (a list or tuple of one bytes chunk) when it is one
    event of one ``data: `` line (LF or CRLF line ends, a value that starts with no white space)
    within the default limits: ``whole_frames(chunks)`` is then ``[lone_frame(chunks)]``; else
    None (that body may still be one event)."""
    if (type(chunks) is not list and type(chunks) is not tuple) or len(chunks) != 1:
        return None
    body = chunks[0]
    if type(body) is not bytes or not body.startswith(b"data: ") or len(body) > _LONE_LIMIT:
        return None
    if body.endswith(b"\r\n\r\n"):
        data = body[6:-4]
    elif body.endswith(b"\n\n"):
        data = body[6:-2]
    else:
        return None
    # (the value's line ends looked for in the slice it is anyway: `in` is one memchr, no call)
    if not data or 13 in data or 10 in data or data[0] in WS_FIRST:
        return None
    return data


def lone_response(
    mapper_cls: Any, data: bytes, read: Any, stream_request: Request | None, request: Request | None
) -> Response | None:
    """``lc.assemble(lc.stream.decode(p, [body], request=stream_request), request=request)`` of a
    body of one frame, ``data``, read by ``mapper_cls.read_last`` as ``read`` (``p``'s mapper, its
    ``reads_lone_answers`` set), when the mapper reads it as one answer and ``request`` asks for no
    response format (judgments: the Assembler's); else None."""
    if request is not None and (type(request) is not Request or request.config.response_format is not None):
        return None
    answer = mapper_cls.lone_answer(read)
    if answer is None:
        return None
    # the model as the Assembler takes it: the stream's (the request's, else what the frame
    # names), else the model of assemble's request
    model = stream_request.model if stream_request is not None else mapper_cls.named_model(data)
    if not model and request is not None:
        model = request.model
    if type(model) is not str or not model:
        return None
    text, finish_reason, usage, provider_data = answer
    return text_response(model, text, finish_reason, usage, provider_data)
