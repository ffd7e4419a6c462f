"""Anthropic Messages wire (lm15 1.5.0 ``providers/anthropic.py``, ``AnthropicLM``).

Stream: ``parse_stream_events`` (anthropic.py:1007). Complete body:
``parse_response`` (anthropic.py:921). See ``notes/providers.md`` §3.

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (``type``). ``message_delta`` (whose whole frame is the end's
``provider_data``), ``error`` frames, citation deltas and anything unusual
take the generic path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Annotated, Any, ClassVar, Final

import msgspec

from lmcodec.providers._common import (
    EVENT,
    TEXT,
    THINKING,
    TOOL_CALL,
    EndFrame,
    MapperBase,
    attach_unmapped,
    error_detail,
    guarded,
    is_model_error,
    is_pinned_model_not_found,
    judgment_parts,
    load_body,
    load_frame,
    new,
    pyint,
    record_unmapped,
    replace,
    unnamed_tool_call_error,
    wire_model,
)
from lmcodec.wire import (
    CitationDelta,
    CitationPart,
    ContinuationDelta,
    ContinuationState,
    ErrorDetail,
    Message,
    Request,
    Response,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamStartEvent,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingPart,
    ToolCallDelta,
    ToolCallPart,
    Usage,
)
from lmcodec.wire.telemetry import FinishReason

__all__ = ["PROVIDER", "StreamMapper", "parse_response"]

PROVIDER: Final = "anthropic"

NonNegInt = Annotated[int, msgspec.Meta(ge=0)]

ERROR_TYPES: Final[dict[str, str]] = {
    "authentication_error": "auth",
    "permission_error": "auth",
    "billing_error": "billing",
    "rate_limit_error": "rate_limit",
    "request_too_large": "invalid_request",
    "not_found_error": "invalid_request",
    "resource_not_found_error": "invalid_request",
    "DeploymentNotFound": "unsupported_model",
    "invalid_authentication_error": "auth",
    "invalid_request_error": "invalid_request",
    "api_error": "server",
    "overloaded_error": "server",
    "timeout_error": "timeout",
}
"""``AnthropicLM._error_type_map``, classes given as their canonical codes."""


def _is_context_length_message(msg: str) -> bool:
    lowered = msg.lower()
    return (
        "prompt is too long" in lowered
        or "too many tokens" in lowered
        or "context window" in lowered
        or "context length" in lowered
        or ("token" in lowered and ("limit" in lowered or "exceed" in lowered))
    )


def stream_error_detail(provider_code: str, message: str) -> ErrorDetail:
    """``AnthropicLM._error_detail``."""
    code = ERROR_TYPES.get(provider_code, "provider")
    if _is_context_length_message(message):
        code = "context_length"
    elif (provider_code == "not_found_error" and is_model_error(message)) or is_pinned_model_not_found(
        provider_code, message
    ):
        code = "unsupported_model"
    return error_detail(code, provider_code, message)


def finish_reason(stop_reason: Any, *, has_tool_call: bool = False) -> FinishReason:
    """lm15 ``anthropic._finish_reason``."""
    if has_tool_call:
        return "tool_call"
    reason = str(stop_reason or "").lower()
    if reason in ("max_tokens", "model_context_window_exceeded"):
        return "length"
    if reason in ("tool_use", "pause_turn"):
        return "tool_call"
    if reason in ("refusal", "safety", "content_filter"):
        return "content_filter"
    return "stop"


def _reasoning_tokens(usage_payload: dict[str, Any]) -> int | None:
    details = usage_payload.get("output_tokens_details")
    if isinstance(details, dict) and details.get("thinking_tokens") is not None:
        return int(details["thinking_tokens"])
    return None


def _usage(usage_payload: dict[str, Any]) -> Usage:
    return Usage(
        input_tokens=usage_payload.get("input_tokens"),
        output_tokens=usage_payload.get("output_tokens"),
        cache_read_tokens=usage_payload.get("cache_read_input_tokens"),
        cache_write_tokens=usage_payload.get("cache_creation_input_tokens"),
        reasoning_tokens=_reasoning_tokens(usage_payload),
    )


# --------------------------------------------------------------------------
# typed views


class _Frame(msgspec.Struct, frozen=True, gc=False, tag_field="type"):
    kind: ClassVar[int] = 0  # 0: ignored


class _Delta(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    text: str | None = None
    partial_json: str | None = None
    thinking: str | None = None
    signature: str | None = None


class _BlockDeltaFrame(_Frame, frozen=True, gc=False, tag="content_block_delta"):
    kind: ClassVar[int] = 1
    index: NonNegInt = 0
    delta: _Delta | None = None


class _Block(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    id: str | None = None
    name: str | None = None
    input: Any = None
    data: Any = None


class _BlockStartFrame(_Frame, frozen=True, gc=False, tag="content_block_start"):
    kind: ClassVar[int] = 2
    index: NonNegInt = 0
    content_block: _Block | None = None


class _MessageInfo(msgspec.Struct, frozen=True, gc=False):
    id: str | None = None
    model: str | None = None


class _MessageStartFrame(_Frame, frozen=True, gc=False, tag="message_start"):
    kind: ClassVar[int] = 3
    message: _MessageInfo | None = None


class _MessageStopFrame(_Frame, frozen=True, gc=False, tag="message_stop"):
    kind: ClassVar[int] = 4


class _MessageDeltaFrame(_Frame, frozen=True, gc=False, tag="message_delta"):
    kind: ClassVar[int] = 5  # the whole frame is provider_data: mapped by the generic path


class _ErrorFrame(_Frame, frozen=True, gc=False, tag="error"):
    kind: ClassVar[int] = 5


class _PingFrame(_Frame, frozen=True, gc=False, tag="ping"):
    pass


class _BlockStopFrame(_Frame, frozen=True, gc=False, tag="content_block_stop"):
    pass


_frame_decoder: Final = msgspec.json.Decoder(
    _BlockDeltaFrame
    | _BlockStartFrame
    | _MessageStartFrame
    | _MessageStopFrame
    | _MessageDeltaFrame
    | _ErrorFrame
    | _PingFrame
    | _BlockStopFrame
)


def _start_input(start_input: Any) -> str:
    """A tool_use block start's ``input`` as lm15 serializes it (``{}`` is a placeholder, not a fragment)."""
    if isinstance(start_input, dict):
        return json.dumps(start_input, separators=(",", ":")) if start_input else ""
    return str(start_input or "")


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps Anthropic Messages SSE frames to lm15's adapter events (pre-coalesce)."""

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
                    skipped += self._generic(data, out) if data else 1
                    continue
                kind = f.kind
                if kind == 1:
                    delta = f.delta
                    dtype = delta.type if delta is not None else None
                    if dtype == "text_delta":
                        out.append(
                            replace(EVENT, delta=replace(TEXT, part_index=f.index, text=delta.text or ""))
                        )
                    elif dtype == "input_json_delta":
                        tool = replace(TOOL_CALL, part_index=f.index, input=delta.partial_json or "")
                        out.append(replace(EVENT, delta=tool))
                    elif dtype == "thinking_delta":
                        thinking = replace(THINKING, part_index=f.index, text=delta.thinking or "")
                        out.append(replace(EVENT, delta=thinking))
                    elif dtype == "signature_delta" and delta.signature:
                        out.append(
                            replace(
                                EVENT,
                                delta=new(
                                    ContinuationDelta,
                                    part_index=f.index,
                                    provider="anthropic",
                                    kind="thinking_signature",
                                    data={"signature": delta.signature},
                                ),
                            )
                        )
                    elif dtype in ("citation_delta", "citations_delta"):
                        skipped += self._generic(data, out)
                    else:
                        skipped += 1
                elif kind == 0:
                    skipped += 1
                elif kind == 2:
                    block = f.content_block
                    btype = block.type if block is not None else None
                    if btype == "tool_use":
                        out.append(
                            replace(
                                EVENT,
                                delta=replace(
                                    TOOL_CALL,
                                    part_index=f.index,
                                    input=_start_input(block.input),
                                    id=block.id or None,
                                    name=block.name or None,
                                ),
                            )
                        )
                    elif btype == "redacted_thinking" and block.data is not None:
                        out.append(replace(EVENT, delta=replace(THINKING, part_index=f.index)))
                        out.append(
                            replace(
                                EVENT,
                                delta=new(
                                    ContinuationDelta,
                                    part_index=f.index,
                                    provider="anthropic",
                                    kind="redacted_thinking",
                                    data={"data": block.data},
                                ),
                            )
                        )
                    else:
                        skipped += 1
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
                    skipped += self._generic(data, out)
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
                start_input = _start_input(block.get("input"))
                out.append(
                    StreamDeltaEvent(
                        delta=ToolCallDelta(
                            input=start_input,
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
            usage = _usage(usage_payload) if usage_payload else None
            stop_reason = delta.get("stop_reason")
            if stop_reason is not None or usage is not None:
                out.append(
                    EndFrame(finish_reason(stop_reason) if stop_reason is not None else None, usage, payload)
                )
        elif et == "message_stop":
            out.append(EndFrame(None, None, None))
        elif et == "error":
            err = payload.get("error")
            if isinstance(err, dict):
                provider_code = str(err.get("type") or err.get("code") or payload.get("code") or "provider")
                message = str(err.get("message") or payload.get("message") or "")
            else:
                provider_code = str(payload.get("code") or payload.get("error_type") or "provider")
                message = str(payload.get("message") or "")
            out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))


# --------------------------------------------------------------------------
# complete body

_PROVIDER_EXECUTED_BLOCKS: Final = frozenset(
    {"server_tool_use", "web_search_tool_result", "code_execution_tool_result"}
)


def _citation(c: dict[str, Any]) -> CitationPart | None:
    url = c.get("url") or c.get("uri")
    title = c.get("title") or c.get("document_title") or c.get("source_title")
    text = c.get("cited_text") or c.get("text") or c.get("quote")
    url_s = str(url) if url else None
    title_s = str(title) if title else None
    text_s = str(text) if text else None
    if url_s is None and title_s is None and text_s is None:
        return None
    return CitationPart(url=url_s, title=title_s, text=text_s)


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Messages body -> Response, as lm15's ``AnthropicLM.parse_response``
    (no error-envelope check: an error body parses to an empty response, as in lm15)."""
    result: Response = guarded(PROVIDER, _parse, load_body(body), wire_model(request, PROVIDER), request)
    return result


def _parse(data: Any, model: str | None, request: Request | None) -> Response:
    parts: list[Any] = []
    unmapped: list[dict[str, str]] = []
    for block_index, block in enumerate(data.get("content", []) or []):
        if not isinstance(block, dict):
            record_unmapped(unmapped, f"content[{block_index}]", type(block).__name__)
            continue
        block_type = block.get("type")
        if block_type == "text":
            parts.append(TextPart(text=str(block.get("text") or "")))
            for citation_payload in block.get("citations", []) or []:
                if not isinstance(citation_payload, dict):
                    continue
                citation = _citation(citation_payload)
                if citation is not None:
                    parts.append(citation)
        elif block_type == "tool_use":
            if not block.get("name"):
                raise unnamed_tool_call_error(PROVIDER, f"content[{block_index}]")
            parts.append(
                ToolCallPart(
                    id=str(block.get("id") or f"tool_{len(parts)}"),
                    name=str(block["name"]),
                    input=block["input"] if isinstance(block.get("input"), dict) else {},
                )
            )
        elif block_type == "thinking":
            signature = block.get("signature")
            continuation = (
                (
                    ContinuationState(
                        provider="anthropic", kind="thinking_signature", data={"signature": str(signature)}
                    ),
                )
                if signature
                else ()
            )
            parts.append(
                ThinkingPart(
                    text=str(block.get("thinking") or block.get("text") or ""), continuation=continuation
                )
            )
        elif block_type == "redacted_thinking":
            redacted = block.get("data")
            continuation = (
                (ContinuationState(provider="anthropic", kind="redacted_thinking", data={"data": redacted}),)
                if redacted is not None
                else ()
            )
            parts.append(ThinkingPart(text="", continuation=continuation))
        elif block_type in _PROVIDER_EXECUTED_BLOCKS:
            continue
        else:
            record_unmapped(unmapped, f"content[{block_index}]", block_type)
    if not parts:
        parts = [TextPart(text="")]
    usage = _usage(data.get("usage", {}) or {})
    has_tool = any(type(part) is ToolCallPart for part in parts)
    return Response(
        id=str(data.get("id")) if data.get("id") else None,
        model=str(data.get("model") or model or ""),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish_reason(data.get("stop_reason"), has_tool_call=has_tool),
        usage=usage,
        provider_data=attach_unmapped(data, unmapped),
    )
