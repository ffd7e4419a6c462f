"""The end :func:`lmcodec.stream.translate` reads from a Responses stream's ``response.incomplete``.

lm15 1.5.0's Responses stream adapter maps ``response.incomplete`` (an answer cut at
``max_output_tokens``, or filtered) to nothing, so the stream decodes with no end event and
:func:`lmcodec.assemble` refuses it (MAP-3); lmcodec's decoder keeps that reading. A gateway that
ended such a stream with an error turned every truncated answer into a failed request (the same
response non-streamed reads as finish ``length`` / ``content_filter``; lmcodec's own Responses
writer writes ``response.incomplete`` for those ends, so chains through Responses failed too).
So the translator, and only it, keeps the last ``response.incomplete`` frame the mapper was handed
(:class:`IncompleteWatch`) and, where the source stopped without an end, reads its response as
lm15 reads that response whole (:func:`incomplete_end`): each destination then writes its own
truncation. A stream that ends with ``response.failed`` (lm15 maps it to nothing too) ends with the
error its response names (``error.code``, ``error.message``: :func:`failed_error`), read as the
mapper reads the same pair in an ``error`` event, where it ended with lmcodec's own "ended without an
end event" (red team 14 F02: Codex compacts and retries on ``context_length_exceeded``).
"""

from __future__ import annotations

import json
from typing import Final

from lmcodec.errors import LmcodecError
from lmcodec.providers.openai.body import parse_response
from lmcodec.providers.openai.stream import StreamMapper
from lmcodec.providers.openai.views import stream_error_detail
from lmcodec.stream.sink import Sink
from lmcodec.wire import StreamEndEvent, StreamErrorEvent

__all__ = ["IncompleteWatch", "failed_error", "incomplete_end"]

_MARK: Final = b'"response.incomplete"'
_FAILED: Final = b'"response.failed"'


class IncompleteWatch(StreamMapper):
    """The Responses mapper, keeping the last two batches of frames it was handed (it maps every
    frame as lm15 does: ``response.incomplete`` to nothing). That frame is the stream's last
    event, with at most a ``[DONE]`` after it, so at the end of input it is among their last two
    frames; nothing is searched per batch (the watch costs the translation of a Responses stream
    fed one event per chunk two stores per event)."""

    __slots__ = ("_before", "_last")

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        super().__init__(model, sink, keep_unknown)
        self._before: list[bytes] = []
        self._last: list[bytes] = []

    def map_frames(self, datas: list[bytes]) -> int:
        self._before = self._last
        self._last = datas
        return _map_frames(self, datas)

    def final_items(self) -> None:
        """Hand on, at the end of input, what the stream's final response holds that the stream
        did not stream (none here: the translator's :class:`~lmcodec.stream._foreign_items.ForeignItems`
        reads them)."""

    def take(self) -> StreamEndEvent | StreamErrorEvent | None:
        """The end the last ``response.incomplete`` frame says, or the error of a last
        ``response.failed`` frame (forgotten: one per stream)."""
        frames = [*self._before[-2:], *self._last[-2:]][-2:]
        self._before = self._last = []
        for data in reversed(frames):
            if _MARK in data:
                return incomplete_end(data)
            if _FAILED in data:
                return failed_error(data)
        return None


_map_frames: Final = StreamMapper.map_frames


def failed_error(data: bytes) -> StreamErrorEvent | None:
    """The error a ``response.failed`` frame's ``response.error`` says (its ``code`` and
    ``message``), read as the mapper reads the same pair in an ``error`` event; ``None`` for a frame
    that is not one, or one without such an error."""
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):
        return None
    response = frame.get("response") if isinstance(frame, dict) else None
    error = response.get("error") if isinstance(response, dict) else None
    if frame.get("type") != "response.failed" or not isinstance(error, dict):
        return None
    code, message = error.get("code"), error.get("message")
    if not isinstance(code, str) or not code or not isinstance(message, str):
        return None
    return StreamErrorEvent(error=stream_error_detail(code, message))


def incomplete_end(data: bytes) -> StreamEndEvent | None:
    """The end a ``response.incomplete`` frame's response says, read as lm15 reads the same
    response non-streamed (``decode_response``: its finish reason and usage; the response as the
    end's provider_data, which the Responses writer writes back as it came); ``None`` for a frame
    that is not one, or a response lm15 cannot read whole."""
    try:
        frame = json.loads(data)
    except (ValueError, RecursionError):
        return None
    response = frame.get("response") if isinstance(frame, dict) else None
    if frame.get("type") != "response.incomplete" or not isinstance(response, dict):
        return None
    try:
        whole = parse_response(json.dumps(response).encode())
    except (LmcodecError, ValueError, RecursionError):
        return None
    return StreamEndEvent(finish_reason=whole.finish_reason, usage=whole.usage, provider_data=response)
