"""Anthropic Messages wire (lm15 1.5.0 ``providers/anthropic.py``, ``AnthropicLM``): the stream mapper.

Stream: ``parse_stream_events`` (anthropic.py:1007). Complete body:
``parse_response`` (anthropic.py:921), in :mod:`lmcodec.providers.anthropic.body`;
the frame views, error types and usage are in :mod:`lmcodec.providers.anthropic.views`.
See ``notes/providers.md`` §3.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (``type``). ``message_delta`` (whose whole frame is the end's
``provider_data``), ``error`` frames, citation deltas and anything unusual
take the generic path.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

import msgspec

from lmcodec.providers._base import (
    EVENT,
    TEXT,
    THINKING,
    TOOL_CALL,
    EndFrame,
    MapperBase,
    continuation_event,
    error_frame_fields,
    load_frame,
    new,
    pyint,
    replace,
    tool_call_event,
)
from lmcodec.providers.anthropic.body import parse_response
from lmcodec.providers.anthropic.views import (
    ERROR_TYPES,
    PROVIDER,
    finish_reason,
    frame_decoder,
    start_input,
    stream_error_detail,
    usage_from,
)
from lmcodec.wire import (
    CitationDelta,
    ContinuationDelta,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
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


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps Anthropic Messages SSE frames to lm15's adapter events (pre-coalesce)."""

    provider: ClassVar[str] = PROVIDER
    __slots__ = ()

    def map(self, data: bytes, out: list[Any]) -> int:
        """Map one SSE ``data`` payload, appending its events to ``out``; 1 if it mapped to nothing."""
        return self.frames((data,), out)

    def frames(self, datas: Iterable[bytes], out: list[Any]) -> int:
        """:meth:`MapperBase.frames` with the text and tool-input deltas, most of a stream,
        mapped inline (each frame a call less)."""
        skipped = 0
        data = b""
        decode = frame_decoder.decode
        bare = self.bare
        try:
            for data in datas:
                try:
                    f = decode(data)
                except (msgspec.ValidationError, msgspec.DecodeError):
                    skipped += self._rejected(data, out)
                    continue
                if f.kind == 1 and f.delta is not None:
                    delta = f.delta
                    dtype = delta.type
                    if dtype == "text_delta":
                        if bare and f.index == 0:
                            out.append(delta.text or "")
                            continue
                        text = replace(TEXT, part_index=f.index, text=delta.text or "")
                        out.append(replace(EVENT, delta=text))
                        continue
                    if dtype == "input_json_delta":
                        tool = replace(TOOL_CALL, part_index=f.index, input=delta.partial_json or "")
                        out.append(replace(EVENT, delta=tool))
                        continue
                skipped += self._map_frame(f, data, out)
        except BaseException:
            self.failed = data
            self.skipped = skipped
            raise
        return skipped

    def _map_frame(self, f: Any, data: bytes, out: list[Any]) -> int:
        """Map a decoded frame other than a text or tool-input delta; 1 if it mapped to nothing."""
        kind = f.kind
        if kind == 1:
            delta = f.delta
            dtype = delta.type if delta is not None else None
            if dtype == "thinking_delta":
                thinking = replace(THINKING, part_index=f.index, text=delta.thinking or "")
                out.append(replace(EVENT, delta=thinking))
            elif dtype == "signature_delta" and delta.signature:
                signature = {"signature": delta.signature}
                out.append(continuation_event(f.index, "anthropic", "thinking_signature", signature))
            elif dtype in ("citation_delta", "citations_delta"):
                return self._generic(data, out)
            else:
                return 1
        elif kind == 0:
            return 1
        elif kind == 2:
            block = f.content_block
            btype = block.type if block is not None else None
            if btype == "tool_use":
                out.append(tool_call_event(f.index, start_input(block.input), block.id, block.name))
            elif btype == "redacted_thinking" and block.data is not None:
                out.append(replace(EVENT, delta=replace(THINKING, part_index=f.index)))
                redacted = {"data": block.data}
                out.append(continuation_event(f.index, "anthropic", "redacted_thinking", redacted))
            else:
                return 1
        elif kind == 3:
            self.special = True
            msg = f.message
            if msg is None:
                out.append(new(StreamStartEvent, id=None, model=self.model))
            else:
                out.append(new(StreamStartEvent, id=msg.id or None, model=msg.model or self.model))
        elif kind == 4:  # message_stop: a bare end
            self.special = True
            out.append(EndFrame(None, None, None))
        else:
            return self._generic(data, out)
        return 0

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, line for line."""
        self.generic += 1
        self.special = True
        payload = load_frame(data)
        et = payload.get("type")
        if et == "message_start":
            msg = payload.get("message", {}) if isinstance(payload.get("message"), dict) else {}
            model = msg.get("model") or self.model
            out.append(
                StreamStartEvent(
                    id=str(msg.get("id")) if msg.get("id") else None, model=str(model) if model else None
                )
            )
        elif et == "content_block_start":
            block = payload.get("content_block", {}) if isinstance(payload.get("content_block"), dict) else {}
            if block.get("type") == "tool_use":
                first_input = start_input(block.get("input"))
                out.append(
                    StreamDeltaEvent(
                        delta=ToolCallDelta(
                            input=first_input,
                            part_index=pyint(payload.get("index", 0)),
                            id=str(block.get("id") or "") or None,
                            name=str(block.get("name") or "") or None,
                        )
                    )
                )
            elif block.get("type") == "redacted_thinking" and block.get("data") is not None:
                idx = pyint(payload.get("index", 0))
                out.append(StreamDeltaEvent(delta=ThinkingDelta(text="", part_index=idx)))
                out.append(
                    StreamDeltaEvent(
                        delta=ContinuationDelta(
                            provider="anthropic",
                            kind="redacted_thinking",
                            data={"data": block.get("data")},
                            part_index=idx,
                        )
                    )
                )
        elif et == "content_block_delta":
            delta = payload.get("delta", {}) if isinstance(payload.get("delta"), dict) else {}
            idx = pyint(payload.get("index", 0))
            dtype = delta.get("type")
            if dtype == "text_delta":
                out.append(
                    StreamDeltaEvent(delta=TextDelta(text=str(delta.get("text") or ""), part_index=idx))
                )
            elif dtype == "input_json_delta":
                out.append(
                    StreamDeltaEvent(
                        delta=ToolCallDelta(input=str(delta.get("partial_json") or ""), part_index=idx)
                    )
                )
            elif dtype == "thinking_delta":
                out.append(
                    StreamDeltaEvent(
                        delta=ThinkingDelta(text=str(delta.get("thinking") or ""), part_index=idx)
                    )
                )
            elif dtype == "signature_delta" and delta.get("signature"):
                out.append(
                    StreamDeltaEvent(
                        delta=ContinuationDelta(
                            provider="anthropic",
                            kind="thinking_signature",
                            data={"signature": str(delta.get("signature"))},
                            part_index=idx,
                        )
                    )
                )
            elif dtype in {"citation_delta", "citations_delta"}:  # a set, as in lm15 (unhashable raises)
                citation = delta.get("citation", {}) if isinstance(delta.get("citation"), dict) else delta
                out.append(
                    StreamDeltaEvent(
                        delta=CitationDelta(
                            part_index=idx,
                            text=str(citation.get("cited_text") or citation.get("text") or "") or None,
                            url=str(citation.get("url") or "") or None,
                            title=str(citation.get("title") or "") or None,
                        )
                    )
                )
        elif et == "message_delta":
            delta = payload.get("delta", {}) if isinstance(payload.get("delta"), dict) else {}
            usage_payload = payload.get("usage", {}) if isinstance(payload.get("usage"), dict) else {}
            usage = usage_from(usage_payload) if usage_payload else None
            stop_reason = delta.get("stop_reason")
            if stop_reason is not None or usage is not None:
                out.append(
                    EndFrame(finish_reason(stop_reason) if stop_reason is not None else None, usage, payload)
                )
        elif et == "message_stop":
            out.append(EndFrame(None, None, None))
        elif et == "error":
            provider_code, message = error_frame_fields(payload, "type", "code")
            out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))
