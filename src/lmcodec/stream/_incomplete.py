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
truncation.
"""

from __future__ import annotations

import json
from typing import Final

from lmcodec.errors import LmcodecError
from lmcodec.providers.openai.body import parse_response
from lmcodec.providers.openai.stream import StreamMapper
from lmcodec.stream.sink import Sink
from lmcodec.wire import StreamEndEvent

__all__ = ["IncompleteWatch", "incomplete_end"]

_MARK: Final = b'"response.incomplete"'


class IncompleteWatch(StreamMapper):
    """The Responses mapper, keeping the last ``response.incomplete`` frame it was handed (it maps
    every frame as lm15 does: that frame to nothing). The frame is the stream's last event, with at
    most a ``[DONE]`` after it, so only the last two frames of each batch are searched."""

    __slots__ = ("incomplete",)

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        super().__init__(model, sink, keep_unknown)
        self.incomplete: bytes | None = None

    def map_frames(self, datas: list[bytes]) -> int:
        for data in datas[-2:]:
            if _MARK in data:
                self.incomplete = data
        return super().map_frames(datas)

    def take(self) -> StreamEndEvent | None:
        """The end the last ``response.incomplete`` frame says (forgotten: one per stream)."""
        data = self.incomplete
        self.incomplete = None
        return incomplete_end(data) if data is not None else None


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
