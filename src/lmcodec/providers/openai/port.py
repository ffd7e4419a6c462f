"""lm15 1.5.0's OpenAI Responses ``parse_stream_events`` (openai.py:1233-1381), line for line.

The port: what maps a frame the typed views of :mod:`lmcodec.providers.openai.views`
refuse (``response.completed``, whose whole ``response`` is the end's provider_data,
error frames, annotations, unknown types, values of unexpected JSON types). It
builds events through the checked constructors, so lm15's coercions and failures
are reproduced; what lm15 would crash with is raised as it is
(``MapperBase.port`` turns it into a :class:`lmcodec.StreamDecodeError`).
"""

from __future__ import annotations

from typing import Any

from lmcodec.providers._content import openai_token_logprobs
from lmcodec.providers._errors import error_frame_fields
from lmcodec.providers._json import pyint
from lmcodec.providers._mapper import EndFrame
from lmcodec.providers.openai.views import citation_fields, stream_error_detail, usage_from
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
    ImageDelta,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
)

__all__ = ["port_frame"]


def _completed_end(response_value: Any) -> EndFrame:
    """``response.completed`` (openai.py:1346): the end with the inner response as provider_data."""
    response = response_value if isinstance(response_value, dict) else {}
    usage = usage_from(response.get("usage", {}))  # "usage": null raises AttributeError, as in lm15
    output = response.get("output", [])
    has_tool = any(isinstance(item, dict) and item.get("type") == "function_call" for item in output)
    return EndFrame("tool_call" if has_tool else "stop", usage, response)


def port_frame(payload: Any, model: str | None, out: list[Any]) -> None:
    """lm15's ``parse_stream_events`` for one frame's JSON value, appending its events to ``out``
    (``model``: the request model, the start's fallback)."""
    # A set, as in lm15: an unhashable "type" raises TypeError there.
    if isinstance(payload, dict) and payload.get("type") in {
        "response.output_item.added",
        "response.output_item.done",
    }:
        item = payload.get("item")
        if isinstance(item, dict) and item.get("type") == "reasoning":
            index = pyint(payload.get("output_index", 0))
            if payload["type"] == "response.output_item.added":
                out.append(StreamDeltaEvent(delta=ThinkingDelta(text="", part_index=index)))
            else:
                state = {key: item[key] for key in ("id", "encrypted_content") if item.get(key)}
                if state:
                    out.append(
                        StreamDeltaEvent(
                            delta=ContinuationDelta(
                                provider="openai", kind="reasoning_item", data=state, part_index=index
                            )
                        )
                    )
            return
    et = str(payload.get("type") or "")
    if et == "response.created":
        response = payload.get("response", {}) if isinstance(payload.get("response"), dict) else {}
        model = response.get("model") or model
        out.append(
            StreamStartEvent(
                id=str(response.get("id")) if response.get("id") else None,
                model=str(model) if model else None,
            )
        )
    elif et in ("response.output_text.delta", "response.refusal.delta"):
        out.append(
            StreamDeltaEvent(
                delta=TextDelta(
                    text=str(payload.get("delta") or ""),
                    part_index=pyint(payload.get("output_index", 0)),
                    logprobs=openai_token_logprobs(payload.get("logprobs")),
                )
            )
        )
    elif et in ("response.reasoning_summary_text.delta", "response.reasoning_text.delta"):
        out.append(
            StreamDeltaEvent(
                delta=ThinkingDelta(
                    text=str(payload.get("delta") or ""), part_index=pyint(payload.get("output_index", 0))
                )
            )
        )
    elif et == "response.output_text.annotation.added":
        annotation = payload.get("annotation")
        if isinstance(annotation, dict):
            index = pyint(payload.get("output_index", 0))
            fields = citation_fields(annotation, None)
            if fields is not None:
                url, title, text = fields
                out.append(
                    StreamDeltaEvent(delta=CitationDelta(text=text, url=url, title=title, part_index=index))
                )
    elif et == "response.output_audio.delta":
        out.append(
            StreamDeltaEvent(
                delta=AudioDelta(
                    data=str(payload.get("delta") or ""),
                    part_index=pyint(payload.get("output_index", 0)),
                    media_type="audio/wav",
                )
            )
        )
    elif et in ("response.output_image.delta", "response.image.delta"):
        out.append(
            StreamDeltaEvent(
                delta=ImageDelta(
                    data=str(payload.get("delta") or ""),
                    part_index=pyint(payload.get("output_index", 0)),
                    media_type="image/png",
                )
            )
        )
    elif et == "response.output_item.added":
        item = payload.get("item", {}) if isinstance(payload.get("item"), dict) else {}
        if item.get("type") == "function_call":
            arguments = str(item.get("arguments") or "")
            out.append(
                StreamDeltaEvent(
                    delta=ToolCallDelta(
                        input=arguments,
                        part_index=pyint(payload.get("output_index", 0)),
                        id=str(item.get("call_id") or item.get("id") or "") or None,
                        name=str(item.get("name") or "") or None,
                    )
                )
            )
    elif et == "response.function_call_arguments.delta":
        arguments = str(payload.get("delta") or "")
        out.append(
            StreamDeltaEvent(
                delta=ToolCallDelta(
                    input=arguments,
                    part_index=pyint(payload.get("output_index", 0)),
                    id=str(payload.get("call_id") or payload.get("id") or "") or None,
                    name=str(payload.get("name") or "") or None,
                )
            )
        )
    elif et == "response.completed":
        out.append(_completed_end(payload.get("response")))
    elif et in ("response.error", "error"):
        provider_code, message = error_frame_fields(payload, "code", "type")
        out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))
