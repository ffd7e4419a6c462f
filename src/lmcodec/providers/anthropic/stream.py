"""Anthropic Messages wire (lm15 1.5.0 ``providers/anthropic.py``, ``AnthropicLM``): the stream mapper.

Stream: ``parse_stream_events`` (anthropic.py:1007). Complete body:
``parse_response`` (anthropic.py:921), in :mod:`lmcodec.providers.anthropic.body`;
the frame views, error types and usage are in :mod:`lmcodec.providers.anthropic.views`,
lm15's dict code for the frames the views refuse in :mod:`lmcodec.providers.anthropic.port`.
See ``notes/providers.md`` §3.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (``type``); each Struct has its handler in ``_HANDLERS``, and the text,
tool-input and thinking deltas, most of a stream, are mapped inline. ``message_delta``
reads its stop reason and usage from its view (the whole frame, decoded untyped, is the
end's ``provider_data``); ``error`` frames and anything unusual take the port.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._mapper import REFUSED, OnePassMapper, continuation_event, new
from lmcodec.providers._unknown import known_types
from lmcodec.providers.anthropic import _lone, port
from lmcodec.providers.anthropic.body import parse_response
from lmcodec.providers.anthropic.views import (
    ERROR_TYPES,
    FINISH_REASONS,
    FRAME_TYPES,
    PROVIDER,
    BlockDeltaFrame,
    BlockStartFrame,
    BlockStopFrame,
    CitationView,
    ErrorFrame,
    MessageDeltaFrame,
    MessageStartFrame,
    MessageStopFrame,
    PingFrame,
    delta_usage,
    finish_reason,
    frame_decoder,
    start_input,
    stream_error_detail,
    usage_from,
)
from lmcodec.wire import CitationDelta, StreamDeltaEvent
from lmcodec.wire._float_literals import float_literal

__all__ = [
    "ERROR_TYPES",
    "PROVIDER",
    "StreamMapper",
    "finish_reason",
    "parse_response",
    "stream_error_detail",
    "usage_from",
]


class StreamMapper(OnePassMapper):
    """Maps Anthropic Messages SSE frames onto a sink, as lm15's adapter maps them."""

    provider: ClassVar[str] = PROVIDER
    known_types: ClassVar[frozenset[str] | None] = known_types(FRAME_TYPES)
    __slots__ = ()

    @staticmethod
    def read_body(frames: list[bytes]) -> Any:
        """The frames of a short body read and mapped to its answer in one pass (``_lone.read_body``)."""
        return _lone.read_body(frames)

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
                    if dtype == "citations_delta":  # (a cited answer: one between each two text deltas)
                        skipped += self._citation(f.index, delta.citation, data)
                        continue
                kind = type(f)
                if kind is PingFrame or kind is BlockStopFrame:  # mapped to nothing (_ignored)
                    skipped += 1
                    continue
                skipped += _HANDLERS[kind](self, f, data)
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
            return self._citation(f.index, delta.citation, data)  # type: ignore[union-attr]
        else:
            return 1
        return 0

    def _citation(self, index: int, c: CitationView | None, data: bytes) -> int:
        """A citation delta whose ``citation`` is an object of string fields (else the port: lm15
        then reads the delta itself, or raises on a citation with nothing in it)."""
        if c is None:
            return self.port(data)
        text = c.cited_text or c.text or None
        url = c.url or None
        title = c.title or None
        if text is None and url is None and title is None:
            return self.port(data)
        self.sink.event(
            new(StreamDeltaEvent, delta=new(CitationDelta, part_index=index, text=text, url=url, title=title))
        )
        return 0

    def _message_delta(self, f: MessageDeltaFrame, data: bytes) -> int:
        """The end's stop reason and usage from the view; the frame decoded untyped is its provider_data
        (a frame msgspec cannot read untyped, NaN or 1e400 in a field the view skips: the port)."""
        try:
            payload = _plain(data)
        except REFUSED:
            return self.port(data)
        delta = f.delta
        stop = delta.stop_reason if delta is not None else None
        usage = delta_usage(f.usage) if f.usage is not None and payload["usage"] else None
        if stop is None and usage is None:
            return 1
        reason = (FINISH_REASONS.get(stop) or finish_reason(stop)) if stop is not None else None
        self.sink.end(reason, usage, payload, strict_json=True)
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


_plain: Final = msgspec.json.Decoder(float_hook=float_literal).decode

_HANDLERS: Final[dict[type, Callable[[StreamMapper, Any, bytes], int]]] = {
    BlockDeltaFrame: StreamMapper._block_delta,
    BlockStartFrame: StreamMapper._block_start,
    MessageStartFrame: StreamMapper._message_start,
    MessageStopFrame: StreamMapper._message_stop,
    MessageDeltaFrame: StreamMapper._message_delta,
    ErrorFrame: StreamMapper._by_port,
    PingFrame: StreamMapper._ignored,
    BlockStopFrame: StreamMapper._ignored,
}
