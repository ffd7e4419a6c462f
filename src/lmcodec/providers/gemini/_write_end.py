"""The Gemini stream writer's last chunk when the end's ``provider_data`` is a Gemini chunk: written
as it came where lmcodec's own mapper reads it as the same deltas and end, and an in-band finish
(translate's end for it: :mod:`lmcodec.stream._inband`) written as Google sent it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.providers._mapper import LM15_CRASHES
from lmcodec.providers._readback import reads_as
from lmcodec.providers.gemini.stream import StreamMapper
from lmcodec.providers.gemini.views import inband_error
from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, ToolCallDelta

__all__ = ["inband_finish", "verbatim"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__


def inband_finish(end: StreamEndEvent, model: Any, response_id: Any) -> dict[str, Any] | None:
    """The in-band finish chunk (a ``finishReason`` such as SAFETY or MALFORMED_FUNCTION_CALL,
    or a ``promptFeedback.blockReason``) ``end`` carries, a ``modelVersion`` or ``responseId`` it
    names renamed as the start named the stream (a gateway's alias), none added where it names
    none (red team 37 F04: the body is kept so, and a STOP chunk); ``None`` for any other end.
    Written as it came, the Gemini client reads Google's own finish (and usage), where lm15's
    reading, a stream error, became a request error."""
    data = end.provider_data
    if data is None or end.finish_reason != "content_filter":
        return None
    try:
        if inband_error(data) is None:
            return None
    except LM15_CRASHES:  # another wire's end, shaped otherwise
        return None
    names = {"modelVersion": model, "responseId": response_id}
    return {**data, **{key: name for key, name in names.items() if isinstance(name, str) and key in data}}


def verbatim(candidates: list[list[bytes]], fed: list[Any], end: StreamEndEvent) -> list[bytes] | None:
    """The first of ``candidates`` (encoded chunks) that lmcodec's mapper reads as the ``fed``
    delta events and ``end``, else ``None``."""
    events = [_fed_event(event) for event in fed]
    for chunks in candidates:
        if reads_as(StreamMapper, chunks, events, end):
            return chunks
    return None


def _fed_event(fed: Any) -> Any:
    """A fed delta event; a call's later fragment that write_tool_input kept as (slot, fragment)."""
    if type(fed) is tuple:
        return _new(StreamDeltaEvent, delta=_new(ToolCallDelta, part_index=fed[0], input=fed[1]))
    return fed
