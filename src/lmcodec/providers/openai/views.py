"""OpenAI Responses API wire definitions (lm15 1.5.0 ``providers/openai.py``, ``OpenAILM``):
error code maps, the typed views of the SSE frames and their decoder, and the
dict helpers (usage, citations) shared by the stream's generic path and the
complete body. The mapping itself is in :mod:`lmcodec.providers.openai.stream`
(stream) and :mod:`lmcodec.providers.openai.body` (complete body).

Each SSE ``data`` payload is decoded once into a tagged union of frame
Structs (the ``type`` tag picks the Struct, ``kind`` says how to map it).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Annotated, Any, Final, Union

import msgspec

from lmcodec.errors import ProviderError
from lmcodec.providers._errors import error_detail, is_pinned_model_not_found
from lmcodec.providers._json import int_or_none
from lmcodec.providers._mapper import new, replace, usage_of
from lmcodec.wire import TokenLogprob, TopLogprob, Usage
from lmcodec.wire._float_literals import NearFloat, float_literal

__all__ = [
    "FRAME_TYPES",
    "IGNORED",
    "PROVIDER",
    "ArgsFrame",
    "AudioFrame",
    "CreatedFrame",
    "Frame",
    "ImageFrame",
    "ImageFrame2",
    "ItemAddedFrame",
    "ItemDoneFrame",
    "Logprob",
    "ReasoningTextFrame",
    "RefusalFrame",
    "TextFrame",
    "ThinkingFrame",
    "citation_fields",
    "frame_decoder",
    "response_error",
    "stream_error_detail",
    "typed_token_logprobs",
    "usage_from",
]

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


class Logprob(msgspec.Struct, frozen=True, gc=False):
    """A token's logprobs on the wire. Its alternatives are decoded as the canonical TopLogprob
    itself (the wire's ``token``, ``logprob`` and ``bytes`` are its fields, typed as lm15 builds
    them): no object is copied for them, only a ``token_id`` the wire sent is reset. Every
    logprob here is bounded at 1e288 (:data:`~lmcodec.wire._float_literals.NearFloat`, the
    canonical ``FiniteFloat``): a far one (1e289+, msgspec's slow path) refuses the frame after
    one slow parse, and the port reads it with the float hook."""

    token: str
    logprob: NearFloat
    bytes_: tuple[NonNegInt, ...] | None = msgspec.field(default=None, name="bytes")
    top_logprobs: tuple[TopLogprob, ...] | None = None


_TOKEN: Final = new(TokenLogprob, token="", logprob=0.0)
_TOKEN_ID: Final = attrgetter("token_id")


def _wire_top(top: tuple[TopLogprob, ...] | None) -> tuple[TopLogprob, ...]:
    """The alternatives as lm15 builds them: ``()`` for none, no ``token_id`` (lm15 reads only
    ``token``, ``logprob`` and ``bytes``; a ``token_id`` the wire sent is dropped, a copy made)."""
    if not top:
        return ()
    if list(map(_TOKEN_ID, top)).count(None) != len(top):
        return tuple([replace(t, token_id=None) for t in top])
    return top


def typed_token_logprobs(entries: list[Logprob]) -> tuple[TokenLogprob, ...]:
    """``openai_token_logprobs`` over typed entries (shared with Chat Completions). Each entry is
    a copy of a template with its fields set (``replace``: 2.8x faster than ``new``'s keyword call;
    TokenLogprob has no ``__post_init__``, the copy is the Struct ``new`` builds); its alternatives
    are the decoded TopLogprobs (three copies an entry of two alternatives were half the cost)."""
    token = _TOKEN
    return tuple(
        [
            replace(token, token=e.token, logprob=e.logprob, bytes=e.bytes_, top=_wire_top(e.top_logprobs))
            for e in entries
        ]
    )


class Frame(msgspec.Struct, frozen=True, gc=False, tag_field="type"):
    """A frame of an event type lm15 maps to nothing (the generated ``IGNORED`` views)."""


class TextFrame(Frame, frozen=True, gc=False, tag="response.output_text.delta"):
    delta: str | None = None
    output_index: NonNegInt = 0
    logprobs: list[Logprob] | None = None


class RefusalFrame(TextFrame, frozen=True, gc=False, tag="response.refusal.delta"):
    pass


class ThinkingFrame(Frame, frozen=True, gc=False, tag="response.reasoning_summary_text.delta"):
    delta: str | None = None
    output_index: NonNegInt = 0


class ReasoningTextFrame(ThinkingFrame, frozen=True, gc=False, tag="response.reasoning_text.delta"):
    pass


class ArgsFrame(Frame, frozen=True, gc=False, tag="response.function_call_arguments.delta"):
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


class ItemAddedFrame(Frame, frozen=True, gc=False, tag="response.output_item.added"):
    item: _Item | None = None
    output_index: NonNegInt = 0


class _DoneItem(msgspec.Struct, frozen=True, gc=False):
    """A done item: lm15 reads a reasoning item's ``id`` and ``encrypted_content``; the rest of a
    message or call, kept unread (any JSON value), is for translate's reading of an item that came
    only whole (``stream/_foreign_items.py``, red team 44 F01)."""

    type: str | None = None
    id: str | None = None
    encrypted_content: str | None = None
    content: msgspec.Raw = msgspec.Raw()
    call_id: msgspec.Raw = msgspec.Raw()
    name: msgspec.Raw = msgspec.Raw()
    arguments: msgspec.Raw = msgspec.Raw()


class ItemDoneFrame(Frame, frozen=True, gc=False, tag="response.output_item.done"):
    item: _DoneItem | None = None
    output_index: NonNegInt = 0


class _CreatedResponse(msgspec.Struct, frozen=True, gc=False):
    id: str | None = None
    model: str | None = None


class CreatedFrame(Frame, frozen=True, gc=False, tag="response.created"):
    """``response.completed`` has no view: its whole ``response`` is the end's provider_data (the port)."""

    response: _CreatedResponse | None = None


class AudioFrame(Frame, frozen=True, gc=False, tag="response.output_audio.delta"):
    delta: str | None = None
    output_index: NonNegInt = 0


class ImageFrame(Frame, frozen=True, gc=False, tag="response.output_image.delta"):
    delta: str | None = None
    output_index: NonNegInt = 0


class ImageFrame2(ImageFrame, frozen=True, gc=False, tag="response.image.delta"):
    pass


class AnnotationFrame(Frame, frozen=True, gc=False, tag="response.output_text.annotation.added"):
    """A citation: its ``annotation`` read as the port reads it (:func:`citation_fields`)."""

    annotation: Any = None
    output_index: NonNegInt = 0


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

IGNORED: Final = tuple(
    msgspec.defstruct(f"_Ignored{i}", [], bases=(Frame,), tag=name, frozen=True, gc=False)
    for i, name in enumerate(_IGNORED_TYPES)
)

FRAME_TYPES: Final = (
    TextFrame,
    RefusalFrame,
    ThinkingFrame,
    ReasoningTextFrame,
    ArgsFrame,
    ItemAddedFrame,
    ItemDoneFrame,
    CreatedFrame,
    AudioFrame,
    ImageFrame,
    ImageFrame2,
    AnnotationFrame,
    *IGNORED,
)

# A tagged union over a runtime tuple of Structs (the ignored types are generated).
_FRAME_UNION: Any = Union[FRAME_TYPES]  # noqa: UP007
frame_decoder: Final[msgspec.json.Decoder[Any]] = msgspec.json.Decoder(_FRAME_UNION, float_hook=float_literal)


# --------------------------------------------------------------------------
# dict-based helpers shared by the generic stream path and the complete body


def _str_or_none(value: Any) -> str | None:
    if value is None or value == "":
        return None
    return str(value)


def _annotation_text(annotation: dict[str, Any], source_text: str | None) -> str | None:
    for key in ("text", "snippet", "cited_text", "quote"):
        text = _str_or_none(annotation.get(key))
        if text is not None:
            return text
    start = int_or_none(annotation.get("start_index"))
    end = int_or_none(annotation.get("end_index"))
    if (
        source_text is not None
        and start is not None
        and end is not None
        and 0 <= start < end <= len(source_text)
    ):
        return source_text[start:end]
    return None


def citation_fields(annotation: dict[str, Any], source_text: str | None) -> tuple[str | None, ...] | None:
    url = _str_or_none(annotation.get("url") or annotation.get("uri"))
    title = _str_or_none(annotation.get("title") or annotation.get("filename") or annotation.get("file_id"))
    text = _annotation_text(annotation, source_text)
    if url is None and title is None and text is None:
        return None
    return url, title, text


def usage_from(usage_data: Any) -> Usage:
    input_details = usage_data.get("input_tokens_details") or {}
    output_details = usage_data.get("output_tokens_details") or {}
    return usage_of(
        input_tokens=usage_data.get("input_tokens"),
        output_tokens=usage_data.get("output_tokens"),
        total_tokens=usage_data.get("total_tokens"),
        reasoning_tokens=output_details.get("reasoning_tokens"),
        cache_read_tokens=input_details.get("cached_tokens"),
        cache_write_tokens=input_details.get("cache_write_tokens"),
        input_audio_tokens=input_details.get("audio_tokens"),
        output_audio_tokens=output_details.get("audio_tokens"),
    )
