"""Anthropic Messages wire definitions (lm15 1.5.0 ``providers/anthropic.py``, ``AnthropicLM``):
error types, finish reasons and usage shared by the stream and the complete body,
and the typed views of the SSE frames with their decoder. The mapping itself is in
:mod:`lmcodec.providers.anthropic.stream` (stream) and :mod:`lmcodec.providers.anthropic.body`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Union

import msgspec

from lmcodec.providers._errors import error_detail, is_model_error, is_pinned_model_not_found
from lmcodec.providers._mapper import NO_USAGE, replace, usage_of
from lmcodec.wire import ErrorDetail, Usage
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.telemetry import FinishReason

__all__ = [
    "ERROR_TYPES",
    "FINISH_REASONS",
    "FRAME_TYPES",
    "PROVIDER",
    "BlockDeltaFrame",
    "BlockStartFrame",
    "BlockStopFrame",
    "CitationView",
    "DeltaUsage",
    "ErrorFrame",
    "Frame",
    "MessageDeltaFrame",
    "MessageStartFrame",
    "MessageStopFrame",
    "PingFrame",
    "delta_usage",
    "finish_reason",
    "frame_decoder",
    "start_input",
    "stream_error_detail",
    "usage_from",
]

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


FINISH_REASONS: Final = {
    stop: finish_reason(stop) for stop in ("end_turn", "tool_use", "max_tokens", "stop_sequence")
}
"""The finish reason of the common stop reasons, looked up before :func:`finish_reason` is called."""


def _reasoning_tokens(usage_payload: dict[str, Any]) -> int | None:
    details = usage_payload.get("output_tokens_details")
    if isinstance(details, dict) and details.get("thinking_tokens") is not None:
        return int(details["thinking_tokens"])
    return None


def usage_from(usage_payload: dict[str, Any]) -> Usage:
    return usage_of(
        input_tokens=usage_payload.get("input_tokens"),
        output_tokens=usage_payload.get("output_tokens"),
        cache_read_tokens=usage_payload.get("cache_read_input_tokens"),
        cache_write_tokens=usage_payload.get("cache_creation_input_tokens"),
        reasoning_tokens=_reasoning_tokens(usage_payload),
    )


# --------------------------------------------------------------------------
# typed views


class Frame(msgspec.Struct, frozen=True, gc=False, tag_field="type"):
    """A frame of an event type mapped to nothing (``ping``, ``content_block_stop``)."""


class CitationView(msgspec.Struct, frozen=True, gc=False):
    """A ``citations_delta``'s ``citation`` object: what lm15 reads of it."""

    cited_text: str | None = None
    text: str | None = None
    url: str | None = None
    title: str | None = None


class _Delta(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    text: str | None = None
    partial_json: str | None = None
    thinking: str | None = None
    signature: str | None = None
    citation: CitationView | None = None


class BlockDeltaFrame(Frame, frozen=True, gc=False, tag="content_block_delta"):
    index: NonNegInt = 0
    delta: _Delta | None = None


class _Block(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    id: str | None = None
    name: str | None = None
    input: Any = None
    data: Any = None


class BlockStartFrame(Frame, frozen=True, gc=False, tag="content_block_start"):
    index: NonNegInt = 0
    content_block: _Block | None = None


class _MessageInfo(msgspec.Struct, frozen=True, gc=False):
    id: str | None = None
    model: str | None = None


class MessageStartFrame(Frame, frozen=True, gc=False, tag="message_start"):
    message: _MessageInfo | None = None


class MessageStopFrame(Frame, frozen=True, gc=False, tag="message_stop"):
    """A bare end."""


class _StopDelta(msgspec.Struct, frozen=True, gc=False):
    stop_reason: str | None = None


class _ThinkingDetails(msgspec.Struct, frozen=True, gc=False):
    thinking_tokens: NonNegInt | None = None


class DeltaUsage(msgspec.Struct, frozen=True, gc=False):
    """A ``message_delta``'s ``usage``: the counts lm15 reads, of the types it keeps as they are."""

    input_tokens: NonNegInt | None = None
    output_tokens: NonNegInt | None = None
    cache_read_input_tokens: NonNegInt | None = None
    cache_creation_input_tokens: NonNegInt | None = None
    output_tokens_details: _ThinkingDetails | None = None


class MessageDeltaFrame(Frame, frozen=True, gc=False, tag="message_delta"):
    """The stop reason and usage of the end; the whole frame (decoded untyped) is its provider_data."""

    delta: _StopDelta | None = None
    usage: DeltaUsage | None = None


class ErrorFrame(Frame, frozen=True, gc=False, tag="error"):
    """Read by the port, as lm15 reads it."""


class PingFrame(Frame, frozen=True, gc=False, tag="ping"):
    pass


class BlockStopFrame(Frame, frozen=True, gc=False, tag="content_block_stop"):
    pass


FRAME_TYPES: Final = (
    BlockDeltaFrame,
    BlockStartFrame,
    MessageStartFrame,
    MessageStopFrame,
    MessageDeltaFrame,
    ErrorFrame,
    PingFrame,
    BlockStopFrame,
)
frame_decoder: Final[msgspec.json.Decoder[Any]] = msgspec.json.Decoder(
    Union[FRAME_TYPES],  # noqa: UP007
    float_hook=float_literal,
)


def delta_usage(usage: DeltaUsage) -> Usage:
    """:func:`usage_from` of a typed ``usage`` (every count a non-negative int or absent)."""
    details = usage.output_tokens_details
    built: Usage = replace(
        NO_USAGE,
        input_tokens=usage.input_tokens,
        output_tokens=usage.output_tokens,
        cache_read_tokens=usage.cache_read_input_tokens,
        cache_write_tokens=usage.cache_creation_input_tokens,
        reasoning_tokens=details.thinking_tokens if details is not None else None,
    )
    return built


def start_input(start_input: Any) -> str:
    """A tool_use block start's ``input`` as lm15 serializes it (``{}`` is a placeholder, not a fragment)."""
    if isinstance(start_input, dict):
        return json.dumps(start_input, separators=(",", ":")) if start_input else ""
    return str(start_input or "")
