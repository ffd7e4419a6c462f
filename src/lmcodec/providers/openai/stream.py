"""OpenAI Responses API wire (lm15 1.5.0 ``providers/openai.py``, ``OpenAILM``): the stream mapper.

Stream: ``parse_stream_events`` / ``_parse_single_stream_event``
(openai.py:1233-1381). Complete body: ``parse_response`` (openai.py:1118),
in :mod:`lmcodec.providers.openai.body`; the frame views and error maps are
in :mod:`lmcodec.providers.openai.views`. See ``notes/providers.md`` §1 for
the mapping this module reproduces.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (the ``type`` tag picks the Struct); frames that only lm15's dict
code can map exactly (unknown types, error frames, values of unexpected JSON
types) take the generic path (see :mod:`lmcodec.providers._base`).
"""

from __future__ import annotations

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
    openai_token_logprobs,
    pyint,
    replace,
    tool_call_event,
)
from lmcodec.providers.openai.body import parse_response
from lmcodec.providers.openai.views import (
    PROVIDER,
    RESPONSE_ERROR_CODES,
    STREAM_ERROR_CODES,
    citation_fields,
    frame_decoder,
    response_error,
    stream_error_detail,
    typed_token_logprobs,
    usage_from,
)
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

__all__ = [
    "PROVIDER",
    "RESPONSE_ERROR_CODES",
    "STREAM_ERROR_CODES",
    "StreamMapper",
    "parse_response",
    "response_error",
    "stream_error_detail",
    "typed_token_logprobs",
]


def _completed_end(response_value: Any) -> EndFrame:
    """``response.completed`` (openai.py:1346): the end with the inner response as provider_data."""
    response = response_value if isinstance(response_value, dict) else {}
    usage = usage_from(response.get("usage", {}))  # "usage": null raises AttributeError, as in lm15
    output = response.get("output", [])
    has_tool = any(isinstance(item, dict) and item.get("type") == "function_call" for item in output)
    return EndFrame("tool_call" if has_tool else "stop", usage, response)


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps OpenAI Responses SSE frames to lm15's adapter events (pre-coalesce)."""

    provider: ClassVar[str] = PROVIDER
    done_ends: ClassVar[bool] = True
    __slots__ = ()

    def map(self, data: bytes, out: list[Any]) -> int:
        """Map one SSE ``data`` payload, appending its events to ``out``; 1 if it mapped to nothing."""
        try:
            f = frame_decoder.decode(data)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return self._rejected(data, out)
        kind = f.kind
        if kind == 1:
            lp = f.logprobs
            if lp:
                delta = replace(
                    TEXT,
                    part_index=f.output_index,
                    text=f.delta or "",
                    logprobs=typed_token_logprobs(lp),
                )
            else:
                delta = replace(TEXT, part_index=f.output_index, text=f.delta or "")
            out.append(replace(EVENT, delta=delta))
        elif kind == 0:
            return 1
        elif kind == 2:
            out.append(replace(EVENT, delta=replace(THINKING, part_index=f.output_index, text=f.delta or "")))
        elif kind == 3:
            out.append(
                replace(
                    EVENT,
                    delta=replace(
                        TOOL_CALL,
                        part_index=f.output_index,
                        input=f.delta or "",
                        id=f.call_id or f.id or None,
                        name=f.name or None,
                    ),
                )
            )
        elif kind == 4:
            item = f.item
            if item is not None and item.type == "reasoning":
                out.append(replace(EVENT, delta=replace(THINKING, part_index=f.output_index)))
            elif item is not None and item.type == "function_call":
                call_id = item.call_id or item.id
                out.append(tool_call_event(f.output_index, item.arguments or "", call_id, item.name))
            else:
                return 1
        elif kind == 5:
            done = f.item
            state: dict[str, Any] = {}
            if done is not None and done.type == "reasoning":
                if done.id:
                    state["id"] = done.id
                if done.encrypted_content:
                    state["encrypted_content"] = done.encrypted_content
            if state:
                out.append(continuation_event(f.output_index, "openai", "reasoning_item", state))
            else:
                return 1
        elif kind == 6:
            self.special = True
            resp = f.response
            if resp is None:
                out.append(new(StreamStartEvent, id=None, model=self.model))
            else:
                out.append(new(StreamStartEvent, id=resp.id or None, model=resp.model or self.model))
        elif kind == 7:
            self.special = True
            out.append(_completed_end(f.response))
        elif kind == 8:
            out.append(
                replace(
                    EVENT,
                    delta=new(
                        AudioDelta,
                        part_index=f.output_index,
                        data=f.delta or "",
                        media_type="audio/wav",
                    ),
                )
            )
        else:  # kind == 9
            out.append(
                replace(
                    EVENT,
                    delta=new(
                        ImageDelta,
                        part_index=f.output_index,
                        data=f.delta or "",
                        media_type="image/png",
                    ),
                )
            )
        return 0

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, line for line."""
        self.generic += 1
        self.special = True
        payload = load_frame(data)
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
            model = response.get("model") or self.model
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
                        StreamDeltaEvent(
                            delta=CitationDelta(text=text, url=url, title=title, part_index=index)
                        )
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
