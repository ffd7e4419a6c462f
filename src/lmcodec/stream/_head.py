"""The id and model of a start-less stream (Chat Completions, Gemini), read from its first frame.

Chat Completions and Gemini streams have no start frame: lm15's synthesized start names the
request's model and no id. :func:`lmcodec.stream.translate` reads both from the stream's first
frame instead (Chat's ``id`` and ``model``, Gemini's ``responseId`` and ``modelVersion``), so the
client sees the id and the served model the backend sent. A Chat chunk's ``created``,
``service_tier`` and ``system_fingerprint`` are read there too, for a Chat client's writer
(``follow_chunks``: the openai SDK's accumulator reads ``service_tier`` from the first chunk only).
An Anthropic stream's first frame is its ``message_start``: its usage is read there for an
Anthropic client's writer (``start_usage``: anthropic SDKs before 0.51 read the input counts there
only, red team 21 F02), and for another client the counts the end leaves unreported
(:meth:`StreamHead.with_start_counts`: a ``message_delta`` with ``output_tokens`` alone, Anthropic's
own example, Bedrock's, Vertex's).

The frames are the source engine's own (:class:`~lmcodec.stream.engine.Engine`'s ``read_head``
hand-off: what its framer cut, before the mapper reads them), so the head is read by the one
reading of the SSE grammar the mapper sees (a BOM, CRLF cut across chunks, comments, ``id:`` and
``retry:`` lines, a data value spread over several lines) and a Gemini JSON array's first element
is read as an SSE stream's first event is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.providers._json import load_head
from lmcodec.wire import StreamStartEvent, Usage

__all__ = ["StreamHead"]


class _HeadMessage(msgspec.Struct):
    usage: dict[str, Any] | None = None


class _Head(msgspec.Struct):
    """What a start-less stream's first frame says about the response (everything else skipped)."""

    id: str | None = None
    model: str | None = None
    responseId: str | None = None
    modelVersion: str | None = None
    created: Any = None
    service_tier: Any = None
    system_fingerprint: Any = None
    message: _HeadMessage | None = None  # an Anthropic message_start's
    type: Any = None  # an Anthropic event's ("ping": passed over)


_head_decoder: Final = msgspec.json.Decoder(_Head)
# an Anthropic message_start's input counts, by the Usage field each fills where the end has none
_START_COUNTS: Final = (
    ("input_tokens", "input_tokens"),
    ("cache_read_tokens", "cache_read_input_tokens"),
    ("cache_write_tokens", "cache_creation_input_tokens"),
)


class StreamHead:
    """What a stream's first frame that is not a ping's (``{"type": "ping"}``, Anthropic's
    keep-alive, which may come before the ``message_start``) says about the response."""

    __slots__ = ("created", "id", "model", "service_tier", "start_usage", "system_fingerprint")

    def __init__(self) -> None:
        self.id: str | None = None
        self.model: str | None = None
        # what a Chat chunk also names about the response, written on by a Chat client's writer
        self.created: int | None = None
        self.service_tier: str | None = None
        self.system_fingerprint: str | None = None
        self.start_usage: dict[str, Any] | None = None  # an Anthropic message_start's usage

    def read(self, frames: list[bytes]) -> bool:
        """Read the first of ``frames`` (frames' data, in stream order) that is not a ping's; False
        when they are all pings' (the next frames are read)."""
        for data in frames:
            if self._take(load_head(_head_decoder, data) or _Head()):
                return True
        return False

    def read_value(self, value: Any) -> bool:
        """:meth:`read` of one frame from its untyped JSON ``value``, decoded already (by the
        mapper: a Gemini body of one chunk, read once, not skipped through again for four keys):
        the same Struct, converted from the value as the frame's bytes decode into it (a value not
        of its shape read as none of it, as :func:`~lmcodec.providers._json.load_head` reads it)."""
        try:
            head = msgspec.convert(value, _Head)
        except msgspec.ValidationError:
            head = _Head()
        return self._take(head)

    def _take(self, head: _Head) -> bool:
        """What ``head`` says; False for a ping's (it says nothing)."""
        if head.type == "ping":
            return False
        self.id = head.id or head.responseId
        self.model = head.model or head.modelVersion
        created = head.created
        self.created = created if type(created) is int and created >= 0 else None
        tier, fingerprint = head.service_tier, head.system_fingerprint
        self.service_tier = tier if type(tier) is str and tier else None
        self.system_fingerprint = fingerprint if type(fingerprint) is str and fingerprint else None
        self.start_usage = head.message.usage if head.message is not None else None
        return True

    def start(self, event: StreamStartEvent) -> StreamStartEvent:
        """The synthesized start with the stream's own id and model, where it named them."""
        if event.id is not None or (self.id is None and self.model is None):
            return event
        result: StreamStartEvent = msgspec.structs.replace(
            event, id=self.id or None, model=self.model or event.model
        )
        return result

    def with_start_counts(self, restate: Callable[[Usage], Usage] | None) -> Callable[[Usage], Usage]:
        """``restate`` (the end's usage in the client's meaning) after the input counts the end
        does not report are taken from the source's ``message_start`` (an Anthropic ``message_delta``
        may carry ``output_tokens`` alone: the anthropic SDK reads the input counts from the start,
        so a Chat, Responses or Gemini client read 0 input tokens). A start's count that is not a
        non-negative int is not taken."""

        def restated(usage: Usage) -> Usage:
            start = self.start_usage
            if start:
                filled = {
                    field: count
                    for field, key in _START_COUNTS
                    if getattr(usage, field) is None and type(count := start.get(key)) is int and count >= 0
                }
                if filled:
                    usage = msgspec.structs.replace(usage, **filled)
            return usage if restate is None else restate(usage)

        return restated
