"""OpenAI Chat Completions wire definitions (lm15 1.5.0 ``providers/openai_chat.py``): finish reasons,
usage, the error event, and the typed view of a stream chunk with its decoder.

A chunk has no ``type`` tag: each SSE ``data`` payload is decoded once into
:class:`Chunk`, which declares only ``choices[].delta`` (content, reasoning,
tool calls), ``choices[].logprobs.content``, ``choices[].finish_reason``,
``usage`` and ``error``; everything else (``id``, ``model``, ``token_ids``,
...) is skipped by the decoder.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Final

import msgspec

from lmcodec.providers._json import load_head
from lmcodec.providers._mapper import NO_USAGE, replace, usage_of
from lmcodec.providers.openai.views import Logprob, stream_error_detail
from lmcodec.wire import StreamErrorEvent, Usage
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.telemetry import FinishReason

__all__ = [
    "FINISH_REASONS",
    "PROVIDER",
    "Chunk",
    "ChunkChoice",
    "ChunkDelta",
    "chunk_decoder",
    "error_event",
    "named_model",
    "typed_usage",
    "usage_from_chat",
]

PROVIDER: Final = "openai-chat"

NonNegInt = Annotated[int, msgspec.Meta(ge=0)]

FINISH_REASONS: Final[dict[str, FinishReason]] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_call",
    "function_call": "tool_call",
    "content_filter": "content_filter",
}
"""lm15 ``_FINISH_REASON_MAP``; any other value is ``stop``."""


# --------------------------------------------------------------------------
# typed views


class _Function(msgspec.Struct, frozen=True, gc=False):
    name: str | None = None
    arguments: str | None = None


class _Call(msgspec.Struct, frozen=True, gc=False):
    index: NonNegInt = 0
    id: str | None = None
    function: _Function | None = None


class ChunkDelta(msgspec.Struct, frozen=True, gc=False):
    content: str | None = None
    reasoning_content: str | None = None
    reasoning: str | None = None
    tool_calls: list[_Call] | None = None


class _ChoiceLogprobs(msgspec.Struct, frozen=True, gc=False):
    content: list[Logprob] | None = None


class ChunkChoice(msgspec.Struct, frozen=True, gc=False):
    delta: ChunkDelta | None = None
    logprobs: _ChoiceLogprobs | None = None
    finish_reason: str | None = None


class _PromptDetails(msgspec.Struct, frozen=True, gc=False):
    cached_tokens: NonNegInt | None = None
    cache_write_tokens: NonNegInt | None = None
    audio_tokens: NonNegInt | None = None


class _CompletionDetails(msgspec.Struct, frozen=True, gc=False):
    reasoning_tokens: NonNegInt | None = None
    audio_tokens: NonNegInt | None = None


class _Usage(msgspec.Struct, frozen=True, gc=False):
    prompt_tokens: NonNegInt | None = None
    completion_tokens: NonNegInt | None = None
    total_tokens: NonNegInt | None = None
    cached_tokens: NonNegInt | None = None
    prompt_tokens_details: _PromptDetails | None = None
    completion_tokens_details: _CompletionDetails | None = None


class Chunk(msgspec.Struct, frozen=True, gc=False):
    choices: Sequence[ChunkChoice] | None = None  # decoded as a list; a view extending it narrows it
    usage: _Usage | None = None
    error: Any = None


chunk_decoder: Final = msgspec.json.Decoder(Chunk, float_hook=float_literal)


class _Named(msgspec.Struct, gc=False):
    model: Any = None


_named_decoder: Final = msgspec.json.Decoder(_Named, float_hook=float_literal)


def named_model(data: bytes) -> str | None:
    """The ``model`` a chunk names (a non-empty string), else ``None``; a chunk holding NaN or
    ``-Infinity`` (a vLLM logprob) is read as lm15's ``json.loads`` reads it."""
    named = load_head(_named_decoder, data)
    model = named.model if named is not None else None
    return model if isinstance(model, str) and model else None


def typed_usage(u: _Usage) -> Usage:
    """``_usage_from_chat`` over a typed usage object (the all-``None`` Usage copied with the counts:
    3.7k instructions where a keyword construction took 7.7k)."""
    pd = u.prompt_tokens_details
    cd = u.completion_tokens_details
    cache_read = pd.cached_tokens if pd is not None and pd.cached_tokens is not None else u.cached_tokens
    usage: Usage = replace(
        NO_USAGE,
        input_tokens=u.prompt_tokens,
        output_tokens=u.completion_tokens,
        total_tokens=u.total_tokens,
        cache_read_tokens=cache_read,
        cache_write_tokens=pd.cache_write_tokens if pd is not None else None,
        reasoning_tokens=cd.reasoning_tokens if cd is not None else None,
        input_audio_tokens=pd.audio_tokens if pd is not None else None,
        output_audio_tokens=cd.audio_tokens if cd is not None else None,
    )
    return usage


def usage_from_chat(usage_data: Any) -> Usage:
    """lm15 ``_usage_from_chat`` over plain values (checked constructor)."""
    prompt_details = usage_data.get("prompt_tokens_details") or {}
    completion_details = usage_data.get("completion_tokens_details") or {}
    return usage_of(
        input_tokens=usage_data.get("prompt_tokens"),
        output_tokens=usage_data.get("completion_tokens"),
        total_tokens=usage_data.get("total_tokens"),
        reasoning_tokens=completion_details.get("reasoning_tokens"),
        cache_read_tokens=(
            prompt_details["cached_tokens"]
            if prompt_details.get("cached_tokens") is not None
            else usage_data.get("cached_tokens")
        ),
        cache_write_tokens=prompt_details.get("cache_write_tokens"),
        input_audio_tokens=prompt_details.get("audio_tokens"),
        output_audio_tokens=completion_details.get("audio_tokens"),
    )


def error_event(err: dict[str, Any]) -> StreamErrorEvent:
    provider_code = str(err.get("code") or err.get("type") or "provider")
    return StreamErrorEvent(error=stream_error_detail(provider_code, str(err.get("message") or "")))
