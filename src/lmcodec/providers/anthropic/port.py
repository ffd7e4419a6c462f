"""lm15 1.5.0's Anthropic ``parse_stream_events`` (anthropic.py:1007) over plain values, line for line.

The port: what maps a frame the typed views of :mod:`lmcodec.providers.anthropic.views`
refuse (``message_delta``, whose whole frame is the end's ``provider_data``, ``error``
frames, citation deltas, values of unexpected JSON types). It builds events through
the checked constructors, so lm15's coercions and failures are reproduced; what lm15
would crash with is raised as it is (``MapperBase.port`` turns it into a
:class:`lmcodec.StreamDecodeError`).
"""

from __future__ import annotations

from typing import Any

from lmcodec.providers._errors import error_frame_fields
from lmcodec.providers._json import pyint
from lmcodec.providers._mapper import EndFrame
from lmcodec.providers.anthropic.views import finish_reason, start_input, stream_error_detail, usage_from
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

__all__ = ["port_frame"]


def port_frame(payload: Any, model: str | None, out: list[Any]) -> None:
    """lm15's ``parse_stream_events`` for one frame's JSON value, appending its events to ``out``
    (``model``: the request model, the start's fallback)."""
    et = payload.get("type")
    if et == "message_start":
        msg = payload.get("message", {}) if isinstance(payload.get("message"), dict) else {}
        model = msg.get("model") or model
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
            out.append(StreamDeltaEvent(delta=TextDelta(text=str(delta.get("text") or ""), part_index=idx)))
        elif dtype == "input_json_delta":
            out.append(
                StreamDeltaEvent(
                    delta=ToolCallDelta(input=str(delta.get("partial_json") or ""), part_index=idx)
                )
            )
        elif dtype == "thinking_delta":
            out.append(
                StreamDeltaEvent(delta=ThinkingDelta(text=str(delta.get("thinking") or ""), part_index=idx))
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
