"""The Anthropic Messages frames lmcodec writes, as msgspec Structs (field order = wire key order),
with the encoder built once; the canonical -> Anthropic vocabularies (stop reasons, error types,
usage) shared by the stream writer and the body writer."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Final, Literal

import msgspec

from lmcodec.providers._json import writer_encoder
from lmcodec.providers.anthropic.views import ERROR_TYPES
from lmcodec.wire import CitationDelta, CitationPart, ErrorDetail, Usage

__all__ = [
    "ENCODER",
    "BlockDelta",
    "BlockStart",
    "BlockStop",
    "CitationsDelta",
    "ErrorBody",
    "ErrorFrame",
    "InputJsonDelta",
    "MessageStart",
    "RedactedThinkingBlock",
    "SignatureDelta",
    "StartMessage",
    "StartUsage",
    "TextBlock",
    "TextDelta",
    "ThinkingBlock",
    "ThinkingDelta",
    "ToolUseBlock",
    "citation",
    "error_type",
    "message_id",
    "stop_reason",
    "tool_id",
    "tool_id_prefix",
    "usage_object",
]

ENCODER: Final = writer_encoder()


class StartUsage(msgspec.Struct, frozen=True, gc=False):
    input_tokens: int = 0
    output_tokens: int = 0


class StartMessage(msgspec.Struct, frozen=True, gc=False):
    id: str
    model: str
    type: Literal["message"] = "message"
    role: Literal["assistant"] = "assistant"
    content: tuple[()] = ()
    stop_reason: None = None
    stop_sequence: None = None
    usage: StartUsage | dict[str, Any] = StartUsage()  # a dict: an Anthropic source's own start usage


class MessageStart(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="message_start"):
    message: StartMessage


class TextBlock(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="text"):
    text: str = ""


class ThinkingBlock(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="thinking"):
    thinking: str = ""
    signature: str = ""


class RedactedThinkingBlock(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="redacted_thinking"):
    data: Any


class ToolUseBlock(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="tool_use"):
    id: str
    name: str
    input: dict[str, Any]


Block = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock


class BlockStart(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="content_block_start"):
    index: int
    content_block: Block


class TextDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="text_delta"):
    text: str


class ThinkingDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="thinking_delta"):
    thinking: str


class SignatureDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="signature_delta"):
    signature: str


class InputJsonDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="input_json_delta"):
    partial_json: str


class CitationsDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="citations_delta"):
    citation: dict[str, Any]


class BlockDelta(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="content_block_delta"):
    index: int
    delta: TextDelta | ThinkingDelta | SignatureDelta | InputJsonDelta | CitationsDelta


class BlockStop(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="content_block_stop"):
    index: int


class ErrorBody(msgspec.Struct, frozen=True, gc=False):
    type: str
    message: str


class ErrorFrame(msgspec.Struct, frozen=True, gc=False, tag_field="type", tag="error"):
    error: ErrorBody


# --------------------------------------------------------------------------
# vocabularies

_STOP_REASONS: Final[dict[str, str]] = {
    "stop": "end_turn",
    "length": "max_tokens",
    "tool_call": "tool_use",
    "content_filter": "refusal",
    "error": "end_turn",
}

_ERROR_TYPES: Final[dict[str, str]] = {
    "auth": "authentication_error",
    "auth_operation": "permission_error",
    "billing": "billing_error",
    "rate_limit": "rate_limit_error",
    "invalid_request": "invalid_request_error",
    "context_length": "invalid_request_error",
    "timeout": "timeout_error",
    "server": "api_error",
    "unsupported_model": "not_found_error",
}


def stop_reason(finish_reason: str | None, has_tool_call: bool) -> str:
    """The Messages ``stop_reason`` of a canonical finish reason (``None``: as the assembler reads
    it). ``tool_use`` only with a tool_use block written: a ``tool_call`` finish without one (an
    Anthropic ``pause_turn``, a Chat ``function_call`` finish) is ``end_turn``."""
    if finish_reason is None or finish_reason == "tool_call":
        return "tool_use" if has_tool_call else "end_turn"
    return _STOP_REASONS[finish_reason]


def error_type(error: ErrorDetail) -> str:
    """The Messages error ``type``: the provider code when it is one of Anthropic's, else the
    type lm15 reads back as the same canonical code (``api_error`` for anything else)."""
    code = error.provider_code
    if code is not None and code in ERROR_TYPES:
        return code
    return _ERROR_TYPES.get(error.code, "api_error")


def usage_object(usage: Usage | None) -> dict[str, Any]:
    """A Messages ``usage`` object: the counts that are known, ``output_tokens`` always
    (the SDK requires it; 0 when unknown)."""
    out: dict[str, Any] = {}
    if usage is None:
        return {"output_tokens": 0}
    if usage.input_tokens is not None:
        out["input_tokens"] = usage.input_tokens
    if usage.cache_write_tokens is not None:
        out["cache_creation_input_tokens"] = usage.cache_write_tokens
    if usage.cache_read_tokens is not None:
        out["cache_read_input_tokens"] = usage.cache_read_tokens
    out["output_tokens"] = usage.output_tokens or 0
    if usage.reasoning_tokens is not None:
        out["output_tokens_details"] = {"thinking_tokens": usage.reasoning_tokens}
    return out


def citation(part: CitationDelta | CitationPart) -> dict[str, Any]:
    """A Messages citation: ``web_search_result_location`` when there is a url, else
    ``search_result_location`` (the location types that carry a ``title``)."""
    if part.url is not None:
        return {
            "type": "web_search_result_location",
            "cited_text": part.text or "",
            "url": part.url,
            "title": part.title,
            "encrypted_index": "",
        }
    return {
        "type": "search_result_location",
        "cited_text": part.text or "",
        "source": "",
        "title": part.title,
        "search_result_index": 0,
        "start_block_index": 0,
        "end_block_index": 0,
    }


def message_id() -> str:
    """A fresh Messages id (``msg_`` + 24 random hex digits) for a stream or body that names none."""
    return "msg_" + secrets.token_hex(12)


# the last message id tool_id named calls under, and its ids' prefix: a message's calls hash its id
# once (one tuple, replaced whole: a thread reads one message's pair or another's, never a mix)
_message_prefix: tuple[str, str] = ("", "")


def tool_id(message: str, index: int) -> str:
    """A ``tool_use`` id for a call that has none: ``toolu_``, 24 hex digits of the blake2b of the
    message id (its UTF-8; a lone surrogate as ``surrogatepass`` writes it, the writer refusing
    the id after: red team 52 F05), ``_`` and the block index, so it is stable within the message,
    differs between messages, and is one per (message, index). The message's hash is made once for
    all its calls; each call only appends its index (a hash a call cost ~5k instructions)."""
    return tool_id_prefix(message) + str(index)


def tool_id_prefix(message: str) -> str:
    """What :func:`tool_id` puts before the index (ASCII)."""
    global _message_prefix
    last, prefix = _message_prefix
    if not prefix or last != message:
        prefix = (
            "toolu_"
            + hashlib.blake2b(message.encode("utf-8", "surrogatepass"), digest_size=12).hexdigest()
            + "_"
        )
        _message_prefix = (message, prefix)
    return prefix
