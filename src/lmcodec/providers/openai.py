"""OpenAI Responses API wire (lm15 1.5.0 ``providers/openai.py``, ``OpenAILM``).

Stream: ``parse_stream_events`` / ``_parse_single_stream_event``
(openai.py:1233-1381). Complete body: ``parse_response`` (openai.py:1118).
See ``notes/providers.md`` §1 for the mapping this module reproduces.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (the ``type`` tag picks the Struct); frames that only lm15's dict
code can map exactly (unknown types, error frames, values of unexpected JSON
types) take the generic path (see :mod:`lmcodec.providers._common`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Final, Union

import msgspec

from lmcodec.providers._common import (
    EVENT,
    TEXT,
    THINKING,
    TOOL_CALL,
    EndFrame,
    MapperBase,
    ProviderError,
    attach_unmapped,
    error_detail,
    guarded,
    is_pinned_model_not_found,
    judgment_parts,
    load_body,
    load_frame,
    new,
    openai_token_logprobs,
    parse_json_object,
    pyint,
    record_unmapped,
    replace,
    unnamed_tool_call_error,
    wire_model,
)
from lmcodec.wire import (
    AudioDelta,
    AudioPart,
    CitationDelta,
    CitationPart,
    ContinuationDelta,
    ContinuationState,
    ImageDelta,
    ImagePart,
    Message,
    RefusalPart,
    Request,
    Response,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamStartEvent,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingPart,
    TokenLogprob,
    ToolCallDelta,
    ToolCallPart,
    TopLogprob,
    Usage,
)
from lmcodec.wire.telemetry import FinishReason

__all__ = ["PROVIDER", "StreamMapper", "parse_response"]

PROVIDER: Final = "openai"

NonNegInt = Annotated[int, msgspec.Meta(ge=0)]

# --------------------------------------------------------------------------
# error codes (OpenAILM._response_error_code_map / _stream_error_code_map,
# classes given as their canonical codes)

RESPONSE_ERROR_CODES: Final[dict[str, str]] = {
    "server_error": "server",
    "rate_limit_exceeded": "rate_limit",
    "no_capacity": "rate_limit",
    "too_many_requests": "rate_limit",
    "invalid_prompt": "invalid_request",
    "vector_store_timeout": "timeout",
    "invalid_image": "invalid_request",
    "invalid_image_format": "invalid_request",
    "invalid_base64_image": "invalid_request",
    "invalid_image_url": "invalid_request",
    "image_too_large": "invalid_request",
    "image_too_small": "invalid_request",
    "image_parse_error": "invalid_request",
    "image_content_policy_violation": "invalid_request",
    "invalid_image_mode": "invalid_request",
    "image_file_too_large": "invalid_request",
    "unsupported_image_media_type": "invalid_request",
    "empty_image_file": "invalid_request",
    "failed_to_download_image": "invalid_request",
    "image_file_not_found": "invalid_request",
    "model_not_found": "unsupported_model",
    "model_not_available": "unsupported_model",
    "unsupported_model": "unsupported_model",
    "DeploymentNotFound": "unsupported_model",
}

STREAM_ERROR_CODES: Final[dict[str, str]] = {
    **RESPONSE_ERROR_CODES,
    "context_length_exceeded": "context_length",
    "invalid_api_key": "auth",
    "insufficient_quota": "billing",
    "1113": "billing",
    "exceeded_current_quota_error": "billing",
    "authentication_error": "auth",
    "rate_limit_error": "rate_limit",
}


def stream_error_detail(provider_code: str, message: str) -> Any:
    """``OpenAILM._error_detail`` (shared by the Chat Completions adapter)."""
    code = STREAM_ERROR_CODES.get(provider_code, "provider")
    if is_pinned_model_not_found(provider_code, message):
        code = "unsupported_model"
    return error_detail(code, provider_code, message)


def response_error(provider: str, code: str, message: str) -> ProviderError:
    """``OpenAILM._response_error``: the class from the map, ``ServerError`` by default."""
    return ProviderError(
        message or code or "provider error",
        code=RESPONSE_ERROR_CODES.get(code, "server"),
        provider=provider,
        provider_code=code or None,
    )


# --------------------------------------------------------------------------
# typed views of the stream frames


class _Top(msgspec.Struct, frozen=True, gc=False):
    token: str
    logprob: float
    bytes_: list[NonNegInt] | None = msgspec.field(default=None, name="bytes")


class _Logprob(msgspec.Struct, frozen=True, gc=False):
    token: str
    logprob: float
    bytes_: list[NonNegInt] | None = msgspec.field(default=None, name="bytes")
    top_logprobs: list[_Top] | None = None


def typed_token_logprobs(entries: list[_Logprob]) -> tuple[TokenLogprob, ...]:
    """``openai_token_logprobs`` over typed entries (shared with Chat Completions)."""
    return tuple(
        [
            new(
                TokenLogprob,
                token=e.token,
                logprob=e.logprob,
                bytes=None if e.bytes_ is None else tuple(e.bytes_),
                top=tuple(
                    [
                        new(
                            TopLogprob,
                            token=t.token,
                            logprob=t.logprob,
                            bytes=None if t.bytes_ is None else tuple(t.bytes_),
                        )
                        for t in e.top_logprobs
                    ]
                )
                if e.top_logprobs
                else (),
            )
            for e in entries
        ]
    )


class _Frame(msgspec.Struct, frozen=True, gc=False, tag_field="type"):
    kind: ClassVar[int] = 0  # 0: ignored


class _TextFrame(_Frame, frozen=True, gc=False, tag="response.output_text.delta"):
    kind: ClassVar[int] = 1
    delta: str | None = None
    output_index: NonNegInt = 0
    logprobs: list[_Logprob] | None = None


class _RefusalFrame(_TextFrame, frozen=True, gc=False, tag="response.refusal.delta"):
    pass


class _ThinkingFrame(_Frame, frozen=True, gc=False, tag="response.reasoning_summary_text.delta"):
    kind: ClassVar[int] = 2
    delta: str | None = None
    output_index: NonNegInt = 0


class _ReasoningTextFrame(_ThinkingFrame, frozen=True, gc=False, tag="response.reasoning_text.delta"):
    pass


class _ArgsFrame(_Frame, frozen=True, gc=False, tag="response.function_call_arguments.delta"):
    kind: ClassVar[int] = 3
    delta: str | None = None
    output_index: NonNegInt = 0
    call_id: str | None = None
    id: str | None = None
    name: str | None = None


class _Item(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    id: str | None = None
    call_id: str | None = None
    name: str | None = None
    arguments: str | None = None


class _ItemAddedFrame(_Frame, frozen=True, gc=False, tag="response.output_item.added"):
    kind: ClassVar[int] = 4
    item: _Item | None = None
    output_index: NonNegInt = 0


class _DoneItem(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    id: str | None = None
    encrypted_content: str | None = None


class _ItemDoneFrame(_Frame, frozen=True, gc=False, tag="response.output_item.done"):
    kind: ClassVar[int] = 5
    item: _DoneItem | None = None
    output_index: NonNegInt = 0


class _CreatedResponse(msgspec.Struct, frozen=True, gc=False):
    id: str | None = None
    model: str | None = None


class _CreatedFrame(_Frame, frozen=True, gc=False, tag="response.created"):
    kind: ClassVar[int] = 6
    response: _CreatedResponse | None = None


class _CompletedFrame(_Frame, frozen=True, gc=False, tag="response.completed"):
    kind: ClassVar[int] = 7
    response: Any = None


class _AudioFrame(_Frame, frozen=True, gc=False, tag="response.output_audio.delta"):
    kind: ClassVar[int] = 8
    delta: str | None = None
    output_index: NonNegInt = 0


class _ImageFrame(_Frame, frozen=True, gc=False, tag="response.output_image.delta"):
    kind: ClassVar[int] = 9
    delta: str | None = None
    output_index: NonNegInt = 0


class _ImageFrame2(_ImageFrame, frozen=True, gc=False, tag="response.image.delta"):
    pass


# Frame types lm15 maps to nothing: decoded as empty Structs (their fields skipped).
_IGNORED_TYPES: Final = (
    "response.in_progress",
    "response.queued",
    "response.incomplete",
    "response.failed",
    "response.content_part.added",
    "response.content_part.done",
    "response.output_text.done",
    "response.refusal.done",
    "response.function_call_arguments.done",
    "response.reasoning_summary_part.added",
    "response.reasoning_summary_part.done",
    "response.reasoning_summary_text.done",
    "response.reasoning_text.done",
    "response.output_audio.done",
    "response.output_audio_transcript.delta",
    "response.output_audio_transcript.done",
    "response.web_search_call.in_progress",
    "response.web_search_call.searching",
    "response.web_search_call.completed",
    "response.file_search_call.in_progress",
    "response.file_search_call.searching",
    "response.file_search_call.completed",
    "response.code_interpreter_call.in_progress",
    "response.code_interpreter_call.interpreting",
    "response.code_interpreter_call.completed",
    "response.code_interpreter_call_code.delta",
    "response.code_interpreter_call_code.done",
    "response.image_generation_call.in_progress",
    "response.image_generation_call.generating",
    "response.image_generation_call.partial_image",
    "response.image_generation_call.completed",
    "response.mcp_call_arguments.delta",
    "response.mcp_call_arguments.done",
    "response.mcp_call.in_progress",
    "response.mcp_call.completed",
    "response.mcp_call.failed",
    "response.mcp_list_tools.in_progress",
    "response.mcp_list_tools.completed",
    "response.mcp_list_tools.failed",
    "response.custom_tool_call_input.delta",
    "response.custom_tool_call_input.done",
    "keepalive",
)

_IGNORED: Final = tuple(
    msgspec.defstruct(f"_Ignored{i}", [], bases=(_Frame,), tag=name, frozen=True, gc=False)
    for i, name in enumerate(_IGNORED_TYPES)
)

_FRAME_TYPES: Final = (
    _TextFrame,
    _RefusalFrame,
    _ThinkingFrame,
    _ReasoningTextFrame,
    _ArgsFrame,
    _ItemAddedFrame,
    _ItemDoneFrame,
    _CreatedFrame,
    _CompletedFrame,
    _AudioFrame,
    _ImageFrame,
    _ImageFrame2,
    *_IGNORED,
)

# A tagged union over a runtime tuple of Structs (the ignored types are generated).
_FRAME_UNION: Any = Union[_FRAME_TYPES]  # noqa: UP007
_frame_decoder: Final[msgspec.json.Decoder[Any]] = msgspec.json.Decoder(_FRAME_UNION)


# --------------------------------------------------------------------------
# dict-based helpers shared by the generic stream path and parse_response


def _str_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    return str(value)


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _annotation_text(annotation: dict[str, Any], source_text: str | None) -> str | None:
    for key in ("text", "snippet", "cited_text", "quote"):
        text = _str_or_none(annotation.get(key))
        if text is not None:
            return text
    start = _int_or_none(annotation.get("start_index"))
    end = _int_or_none(annotation.get("end_index"))
    if (
        source_text is not None
        and start is not None
        and end is not None
        and 0 <= start < end <= len(source_text)
    ):
        return source_text[start:end]
    return None


def _citation_fields(annotation: dict[str, Any], source_text: str | None) -> tuple[str | None, ...] | None:
    url = _str_or_none(annotation.get("url") or annotation.get("uri"))
    title = _str_or_none(annotation.get("title") or annotation.get("filename") or annotation.get("file_id"))
    text = _annotation_text(annotation, source_text)
    if url is None and title is None and text is None:
        return None
    return url, title, text


def _usage_from(usage_data: Any) -> Usage:
    input_details = usage_data.get("input_tokens_details") or {}
    output_details = usage_data.get("output_tokens_details") or {}
    return Usage(
        input_tokens=usage_data.get("input_tokens"),
        output_tokens=usage_data.get("output_tokens"),
        total_tokens=usage_data.get("total_tokens"),
        reasoning_tokens=output_details.get("reasoning_tokens"),
        cache_read_tokens=input_details.get("cached_tokens"),
        cache_write_tokens=input_details.get("cache_write_tokens"),
        input_audio_tokens=input_details.get("audio_tokens"),
        output_audio_tokens=output_details.get("audio_tokens"),
    )


def _completed_end(response_value: Any) -> EndFrame:
    """``response.completed`` (openai.py:1346): the end with the inner response as provider_data."""
    response = response_value if isinstance(response_value, dict) else {}
    usage = _usage_from(response.get("usage", {}))  # "usage": null raises AttributeError, as in lm15
    output = response.get("output", [])
    has_tool = any(isinstance(item, dict) and item.get("type") == "function_call" for item in output)
    return EndFrame("tool_call" if has_tool else "stop", usage, response)


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps OpenAI Responses SSE frames to lm15's adapter events (pre-coalesce)."""

    provider: ClassVar[str] = PROVIDER
    __slots__ = ()

    def frame(self, data: bytes, out: list[Any]) -> None:
        """Map one SSE ``data`` payload, appending its events to ``out``."""
        self.frames((data,), out)

    def frames(self, datas: Iterable[bytes], out: list[Any]) -> int:
        """Map SSE ``data`` payloads in order, appending their events to ``out``;
        return how many mapped to nothing. A frame that fails is left in ``self.failed``."""
        skipped = 0
        data = b""
        try:
            for data in datas:
                try:
                    f = _frame_decoder.decode(data)
                except (msgspec.ValidationError, msgspec.DecodeError):
                    if data == b"[DONE]":
                        self.special = True
                        out.append(EndFrame(None, None, None))
                    elif data:
                        skipped += self._generic(data, out)
                    else:
                        skipped += 1
                    continue
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
                    skipped += 1
                elif kind == 2:
                    out.append(
                        replace(EVENT, delta=replace(THINKING, part_index=f.output_index, text=f.delta or ""))
                    )
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
                        out.append(
                            replace(
                                EVENT,
                                delta=replace(
                                    TOOL_CALL,
                                    part_index=f.output_index,
                                    input=item.arguments or "",
                                    id=item.call_id or item.id or None,
                                    name=item.name or None,
                                ),
                            )
                        )
                    else:
                        skipped += 1
                elif kind == 5:
                    done = f.item
                    state: dict[str, Any] = {}
                    if done is not None and done.type == "reasoning":
                        if done.id:
                            state["id"] = done.id
                        if done.encrypted_content:
                            state["encrypted_content"] = done.encrypted_content
                    if state:
                        out.append(
                            replace(
                                EVENT,
                                delta=new(
                                    ContinuationDelta,
                                    part_index=f.output_index,
                                    provider="openai",
                                    kind="reasoning_item",
                                    data=state,
                                ),
                            )
                        )
                    else:
                        skipped += 1
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
        except BaseException:
            self.failed = data
            self.skipped = skipped
            raise
        return skipped

    def _generic(self, data: bytes, out: list[Any]) -> int:
        """The generic path for one frame; 1 when it mapped to nothing."""
        n = len(out)
        self.generic_frame(data, out)
        return len(out) == n

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
                fields = _citation_fields(annotation, None)
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
            err = payload.get("error")
            if isinstance(err, dict):
                provider_code = str(err.get("code") or err.get("type") or payload.get("code") or "provider")
                message = str(err.get("message") or payload.get("message") or "")
            else:
                provider_code = str(payload.get("code") or payload.get("error_type") or "provider")
                message = str(payload.get("message") or "")
            out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))


# --------------------------------------------------------------------------
# complete body

_PROVIDER_EXECUTED_ITEMS: Final = frozenset(
    {"web_search_call", "file_search_call", "code_interpreter_call", "computer_call", "computer_use_call"}
)


def _finish_from_status(data: dict[str, Any], *, has_tool_call: bool) -> FinishReason:
    if has_tool_call:
        return "tool_call"
    status = str(data.get("status") or "").lower()
    incomplete = data.get("incomplete_details") or {}
    reason = str(incomplete.get("reason") or "").lower() if isinstance(incomplete, dict) else ""
    if status == "incomplete" and "token" in reason:
        return "length"
    if "content_filter" in reason or "safety" in reason:
        return "content_filter"
    return "stop"


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Responses API body -> Response, as lm15's ``OpenAILM.parse_response``."""
    result: Response = guarded(PROVIDER, _parse, load_body(body), wire_model(request, PROVIDER), request)
    return result


def _parse(data: Any, model: str | None, request: Request | None) -> Response:
    resp_error = data.get("error") if isinstance(data, dict) else None
    if isinstance(resp_error, dict):
        raise response_error(
            PROVIDER, str(resp_error.get("code") or ""), str(resp_error.get("message") or resp_error)
        )
    parts: list[Any] = []
    unmapped: list[dict[str, str]] = []
    logprob_seq: list[TokenLogprob] = []
    for item_index, item in enumerate(data.get("output", []) or []):
        if not isinstance(item, dict):
            record_unmapped(unmapped, f"output[{item_index}]", type(item).__name__)
            continue
        item_type = item.get("type")
        if item_type == "message":
            for content_index, content in enumerate(item.get("content", []) or []):
                if not isinstance(content, dict):
                    record_unmapped(
                        unmapped, f"output[{item_index}].content[{content_index}]", type(content).__name__
                    )
                    continue
                ctype = content.get("type")
                if ctype in ("output_text", "text"):
                    text = str(content.get("text") or "")
                    parts.append(TextPart(text=text))
                    logprob_seq.extend(openai_token_logprobs(content.get("logprobs")))
                    for annotation in content.get("annotations", []) or []:
                        if not isinstance(annotation, dict):
                            continue
                        fields = _citation_fields(annotation, text)
                        if fields is not None:
                            url, title, cited = fields
                            parts.append(CitationPart(url=url, title=title, text=cited))
                elif ctype == "refusal":
                    text = str(content.get("refusal") or content.get("text") or "")
                    parts.append(RefusalPart(text=text) if text else TextPart(text=""))
                elif ctype == "output_image":
                    b64 = content.get("b64_json") or content.get("image_base64") or ""
                    if b64:
                        parts.append(ImagePart(media_type="image/png", data=str(b64)))
                elif ctype == "output_audio":
                    audio_payload: Any = (
                        content.get("audio") if isinstance(content.get("audio"), dict) else {}
                    )
                    b64 = audio_payload.get("data") or content.get("b64_json") or ""
                    if b64:
                        parts.append(AudioPart(media_type="audio/wav", data=str(b64)))
                else:
                    record_unmapped(unmapped, f"output[{item_index}].content[{content_index}]", ctype)
        elif item_type == "function_call":
            if not item.get("name"):
                raise unnamed_tool_call_error(PROVIDER, f"output[{item_index}]")
            parts.append(
                ToolCallPart(
                    id=str(item.get("call_id") or item.get("id") or f"call_{len(parts)}"),
                    name=str(item["name"]),
                    input=parse_json_object(item.get("arguments")),
                )
            )
        elif item_type == "reasoning":
            summary = item.get("summary")
            if isinstance(summary, list):
                text = "\n".join(str(x.get("text") if isinstance(x, dict) else x) for x in summary)
            else:
                text = str(summary or item.get("text") or "")
            state: dict[str, Any] = {}
            if item.get("id"):
                state["id"] = str(item["id"])
            if item.get("encrypted_content"):
                state["encrypted_content"] = str(item["encrypted_content"])
            continuation = (
                (ContinuationState(provider="openai", kind="reasoning_item", data=state),) if state else ()
            )
            if text or continuation:
                parts.append(ThinkingPart(text=text, continuation=continuation))
        elif item_type in _PROVIDER_EXECUTED_ITEMS:
            continue
        else:
            record_unmapped(unmapped, f"output[{item_index}]", item_type)

    if not parts:
        parts = [TextPart(text=str(data.get("output_text") or ""))]
    usage = _usage_from(data.get("usage", {}) or {})
    has_tool = any(type(part) is ToolCallPart for part in parts)
    return Response(
        id=str(data.get("id")) if data.get("id") else None,
        model=str(data.get("model") or model or ""),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=_finish_from_status(data, has_tool_call=has_tool),
        usage=usage,
        logprobs=tuple(logprob_seq) if logprob_seq else None,
        provider_data=attach_unmapped(data, unmapped),
    )
