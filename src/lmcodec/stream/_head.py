"""The id and model of a start-less stream (Chat Completions, Gemini), read from its first ``data`` line.

Chat Completions and Gemini streams have no start frame: lm15's synthesized start names the
request's model and no id. :func:`lmcodec.stream.translate` reads both from the stream's first
``data`` line instead (Chat's ``id`` and ``model``, Gemini's ``responseId`` and ``modelVersion``),
so the client sees the id and the served model the backend sent. A Chat chunk's ``created``,
``service_tier`` and ``system_fingerprint`` are read there too, for a Chat client's writer
(``follow_chunks``: the openai SDK's accumulator reads ``service_tier`` from the first chunk only).
An Anthropic stream's first ``data`` line is its ``message_start``: its usage is read there for an
Anthropic client's writer (``start_usage``: anthropic SDKs before 0.51 read the input counts there
only, red team 21 F02).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.framing._chunks import not_a_chunk
from lmcodec.providers._json import load_head
from lmcodec.wire import StreamStartEvent

__all__ = ["HeadPeek"]

_PEEK_LIMIT: Final = 1 << 20  # give up looking for the first data line after this many bytes


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


_head_decoder: Final = msgspec.json.Decoder(_Head)


class HeadPeek:
    """Reads the id and model of a start-less stream from its first ``data`` line."""

    __slots__ = (
        "created",
        "done",
        "id",
        "model",
        "seen",
        "service_tier",
        "start_usage",
        "system_fingerprint",
    )

    def __init__(self) -> None:
        self.seen = bytearray()
        self.done = False
        self.id: str | None = None
        self.model: str | None = None
        # what a Chat chunk also names about the response, written on by a Chat client's writer
        self.created: int | None = None
        self.service_tier: str | None = None
        self.system_fingerprint: str | None = None
        self.start_usage: dict[str, Any] | None = None  # an Anthropic message_start's usage

    def feed(self, chunk: bytes | bytearray | memoryview) -> None:
        if type(chunk) is not bytes:  # (the first chunks only: the peek stops at the first line)
            wrong = not_a_chunk(chunk)
            if wrong is not None:
                raise wrong
            chunk = bytes(chunk)
        seen = self.seen
        if seen:
            seen += chunk
        data: bytes | bytearray = seen or chunk  # the first chunk is read in place, not copied
        at = data.find(b"data:")
        end = data.find(b"\n", at) if at >= 0 else -1
        if end < 0:
            if len(data) > _PEEK_LIMIT:
                self._stop()
            elif not seen:
                seen += chunk
            return
        head = load_head(_head_decoder, bytes(data[at + 5 : end]).strip()) or _Head()
        self.id = head.id or head.responseId
        self.model = head.model or head.modelVersion
        created = head.created
        self.created = created if type(created) is int and created >= 0 else None
        tier, fingerprint = head.service_tier, head.system_fingerprint
        self.service_tier = tier if type(tier) is str and tier else None
        self.system_fingerprint = fingerprint if type(fingerprint) is str and fingerprint else None
        self.start_usage = head.message.usage if head.message is not None else None
        self._stop()

    def _stop(self) -> None:
        self.done = True
        self.seen = bytearray()

    def start(self, event: StreamStartEvent) -> StreamStartEvent:
        """The synthesized start with the stream's own id and model, where it named them."""
        if event.id is not None or (self.id is None and self.model is None):
            return event
        result: StreamStartEvent = msgspec.structs.replace(
            event, id=self.id or None, model=self.model or event.model
        )
        return result
