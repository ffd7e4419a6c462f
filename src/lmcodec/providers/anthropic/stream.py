"""Anthropic Messages wire (lm15 1.5.0 ``providers/anthropic.py``, ``AnthropicLM``): the stream mapper.

Stream: ``parse_stream_events`` (anthropic.py:1007). Complete body:
``parse_response`` (anthropic.py:921), in :mod:`lmcodec.providers.anthropic.body`;
the frame views, error types and usage are in :mod:`lmcodec.providers.anthropic.views`,
lm15's dict code for the frames the views refuse in :mod:`lmcodec.providers.anthropic.port`.
See ``notes/providers.md`` §3.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (``type``); each Struct has its handler in ``_HANDLERS``, and the text,
tool-input and thinking deltas, most of a stream, are mapped inline. ``message_delta``
(whose whole frame is the end's ``provider_data``), ``error`` frames, citation
deltas and anything unusual take the port.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._mapper import REFUSED, MapperBase, continuation_event
from lmcodec.providers._unknown import known_types
from lmcodec.providers.anthropic import port
from lmcodec.providers.anthropic.body import parse_response
from lmcodec.providers.anthropic.views import (
    ERROR_TYPES,
    FRAME_TYPES,
    PROVIDER,
    BlockDeltaFrame,
    BlockStartFrame,
    BlockStopFrame,
    ErrorFrame,
    MessageDeltaFrame,
    MessageStartFrame,
    MessageStopFrame,
    PingFrame,
    finish_reason,
    frame_decoder,
    start_input,
    stream_error_detail,
    usage_from,
)

__all__ = [
    "ERROR_TYPES",
    "PROVIDER",
    "StreamMapper",
    "finish_reason",
    "parse_response",
    "stream_error_detail",
    "usage_from",
]


class StreamMapper(MapperBase):
    """Maps Anthropic Messages SSE frames onto a sink, as lm15's adapter maps them."""

    provider: ClassVar[str] = PROVIDER
    known_types: ClassVar[frozenset[str] | None] = known_types(FRAME_TYPES)
    __slots__ = ()

    def frames(self, datas: list[bytes]) -> int:
        skipped = 0
        decode = frame_decoder.decode
        sink = self.sink
        text = sink.text
        tool_input = sink.tool_input
        thinking = sink.thinking
        n = 0
        try:
            for n, data in enumerate(datas):  # noqa: B007 (n: the failing frame's position)
                try:
                    f = decode(data)
                except REFUSED:
                    skipped += self.refused(data)
                    continue
                if type(f) is BlockDeltaFrame and f.delta is not None:
                    delta = f.delta
                    dtype = delta.type
                    if dtype == "text_delta":
                        text(f.index, delta.text or "")
                        continue
                    if dtype == "input_json_delta":
                        tool_input(f.index, delta.partial_json or "", None, None)
                        continue
                    if dtype == "thinking_delta":
                        thinking(f.index, delta.thinking or "")
                        continue
                skipped += _HANDLERS[type(f)](self, f, data)
        except StreamDecodeError as exc:
            exc.frame = n
            raise
        return skipped

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        port.port_frame(payload, self.model, out)

    def _block_delta(self, f: BlockDeltaFrame, data: bytes) -> int:
        """A content-block delta other than text, tool input or thinking."""
        delta = f.delta
        dtype = delta.type if delta is not None else None
        if dtype == "signature_delta" and delta.signature:  # type: ignore[union-attr]
            signature = {"signature": delta.signature}  # type: ignore[union-attr]
            self.sink.event(continuation_event(f.index, "anthropic", "thinking_signature", signature))
        elif dtype in ("citation_delta", "citations_delta"):
            return self.port(data)
        else:
            return 1
        return 0

    def _block_start(self, f: BlockStartFrame, data: bytes) -> int:
        block = f.content_block
        btype = block.type if block is not None else None
        if btype == "tool_use":
            assert block is not None
            self.sink.tool_input(f.index, start_input(block.input), block.id or None, block.name or None)
        elif btype == "redacted_thinking" and block.data is not None:  # type: ignore[union-attr]
            self.sink.thinking(f.index, "")
            redacted = {"data": block.data}  # type: ignore[union-attr]
            self.sink.event(continuation_event(f.index, "anthropic", "redacted_thinking", redacted))
        else:
            return 1
        return 0

    def _message_start(self, f: MessageStartFrame, data: bytes) -> int:
        msg = f.message
        if msg is None:
            self.sink.start(None, self.model)
        else:
            self.sink.start(msg.id or None, msg.model or self.model)
        return 0

    def _message_stop(self, f: MessageStopFrame, data: bytes) -> int:
        self.sink.end(None, None, None)  # a bare end
        return 0

    def _by_port(self, f: Any, data: bytes) -> int:
        return self.port(data)

    def _ignored(self, f: Any, data: bytes) -> int:
        return 1


_HANDLERS: Final[dict[type, Callable[[StreamMapper, Any, bytes], int]]] = {
    BlockDeltaFrame: StreamMapper._block_delta,
    BlockStartFrame: StreamMapper._block_start,
    MessageStartFrame: StreamMapper._message_start,
    MessageStopFrame: StreamMapper._message_stop,
    MessageDeltaFrame: StreamMapper._by_port,
    ErrorFrame: StreamMapper._by_port,
    PingFrame: StreamMapper._ignored,
    BlockStopFrame: StreamMapper._ignored,
}
