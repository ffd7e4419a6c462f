"""How lmcodec's own stream mapper of a wire reads frames a writer is about to write: their delta
events and their merged end. The Gemini and Chat writers write an end's ``provider_data`` (the
backend's last chunk) back as it came only when it reads as the same deltas and end: the
same-dialect round trip keeps it, and an end a gateway changed (its usage recounted, its finish
mapped) is never contradicted by the backend's chunk."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.errors import LmcodecError
from lmcodec.providers._mapper import MapperBase
from lmcodec.wire import (
    StreamDeltaEvent,
    StreamEndEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
    Usage,
)
from lmcodec.wire._float_literals import decode_any

__all__ = ["reads_as"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
"""msgspec's own construction (as the stream's EventSink builds events): no lm15 binding or checks,
which these values, read by the mapper, have passed."""


class _Collect:
    """A sink (``lmcodec.stream.sink.Sink``) that keeps the delta events and the ends it is handed."""

    __slots__ = ("deltas", "ends", "other")

    def __init__(self) -> None:
        self.deltas: list[Any] = []
        self.ends: list[tuple[Any, Usage | None, Any]] = []
        self.other = False

    def begin(self, model: str | None) -> None:
        pass

    def start(self, id: str | None, model: str | None) -> None:
        pass

    def text(self, part_index: int, text: str) -> None:
        self.deltas.append(_new(StreamDeltaEvent, delta=_new(TextDelta, text=text, part_index=part_index)))

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        delta = _new(TextDelta, text=text, part_index=part_index, logprobs=logprobs)
        self.deltas.append(_new(StreamDeltaEvent, delta=delta))

    def thinking(self, part_index: int, text: str) -> None:
        delta = _new(ThinkingDelta, text=text, part_index=part_index)
        self.deltas.append(_new(StreamDeltaEvent, delta=delta))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        delta = _new(ToolCallDelta, input=fragment, part_index=part_index, id=id, name=name)
        self.deltas.append(_new(StreamDeltaEvent, delta=delta))

    def event(self, event: Any) -> None:
        if type(event) is StreamDeltaEvent:
            self.deltas.append(event)
        else:
            self.other = True  # an error or an unknown event: not a chunk to write back

    def end(
        self, finish_reason: Any, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        self.ends.append((finish_reason, usage, provider_data))

    def close(self) -> None:
        return None


def _merged(ends: list[tuple[Any, Usage | None, Any]]) -> StreamEndEvent:
    """lm15's ``coalesce_stream`` end merge (as :class:`lmcodec.stream.coalesce.EndMerge`): a later
    finish reason or usage replaces the held one; provider_data of the last end with usage, else
    with a finish reason, else any."""
    finish, usage, data, rank = None, None, None, -1
    for end_finish, end_usage, end_data in ends:
        if end_finish is not None:
            finish = end_finish
        if end_usage is not None:
            usage = end_usage
        if end_data is not None:
            end_rank = 2 if end_usage is not None else 1 if end_finish is not None else 0
            if end_rank >= rank:
                data, rank = end_data, end_rank
    if isinstance(data, bytes):
        data = decode_any(data)
    end: StreamEndEvent = _new(StreamEndEvent, finish_reason=finish, usage=usage, provider_data=data)
    return end


def reads_as(mapper: type[MapperBase], chunks: list[bytes], deltas: list[Any], end: StreamEndEvent) -> bool:
    """Whether ``mapper`` reads the frame JSON texts ``chunks`` as exactly ``deltas`` and ``end``."""
    sink = _Collect()
    try:
        mapper(None, sink).frames(chunks)
        merged = _merged(sink.ends) if sink.ends else None
    except (LmcodecError, ValueError, TypeError):
        return False
    return not sink.other and sink.deltas == deltas and merged == end
