"""The Gemini ``GenerateContentResponse`` chunks lmcodec writes, as msgspec Structs (field order =
wire key order, unset fields omitted), with the encoder built once; the canonical -> Gemini
vocabularies (finish reasons, error statuses, usageMetadata, logprobsResult)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec

from lmcodec.providers._json import writer_encoder
from lmcodec.providers.gemini.views import ERROR_STATUSES
from lmcodec.wire import CitationDelta, CitationPart, ErrorDetail, TokenLogprob, Usage

__all__ = [
    "ENCODER",
    "UNSET",
    "Candidate",
    "Chunk",
    "Content",
    "FunctionCall",
    "InlineData",
    "Part",
    "error_body",
    "finish_reason",
    "grounding_metadata",
    "logprobs_result",
    "usage_metadata",
]

ENCODER: Final = writer_encoder()
UNSET: Final = msgspec.UNSET


class FunctionCall(msgspec.Struct, gc=False):
    name: str
    args: Any
    id: str | msgspec.UnsetType = UNSET


class InlineData(msgspec.Struct, frozen=True, gc=False):
    mimeType: str
    data: str


class FileData(msgspec.Struct, frozen=True, gc=False):
    mimeType: str
    fileUri: str


class Part(msgspec.Struct, gc=False):
    """One part; mutable while its chunk is pending (a call's arguments, a signature arrive later)."""

    text: str | msgspec.UnsetType = UNSET
    thought: bool | msgspec.UnsetType = UNSET
    functionCall: FunctionCall | msgspec.UnsetType = UNSET
    inlineData: InlineData | msgspec.UnsetType = UNSET
    fileData: FileData | msgspec.UnsetType = UNSET
    thoughtSignature: str | msgspec.UnsetType = UNSET


class Content(msgspec.Struct, frozen=True, gc=False):
    parts: list[Part]
    role: str = "model"


class Candidate(msgspec.Struct, frozen=True, gc=False):
    content: Content
    finishReason: str | msgspec.UnsetType = UNSET
    index: int = 0
    logprobsResult: dict[str, Any] | msgspec.UnsetType = UNSET
    groundingMetadata: dict[str, Any] | msgspec.UnsetType = UNSET


class Chunk(msgspec.Struct, frozen=True, gc=False):
    candidates: list[Candidate]
    usageMetadata: dict[str, Any] | msgspec.UnsetType = UNSET
    modelVersion: str | msgspec.UnsetType = UNSET
    responseId: str | msgspec.UnsetType = UNSET


_FINISH: Final[dict[str, str]] = {
    "stop": "STOP",
    "length": "MAX_TOKENS",
    "tool_call": "STOP",
    "content_filter": "SAFETY",
    "error": "OTHER",
}

_STATUSES: Final[dict[str, tuple[int, str]]] = {
    "auth": (401, "UNAUTHENTICATED"),
    "auth_operation": (403, "PERMISSION_DENIED"),
    "billing": (400, "FAILED_PRECONDITION"),
    "rate_limit": (429, "RESOURCE_EXHAUSTED"),
    "invalid_request": (400, "INVALID_ARGUMENT"),
    "context_length": (400, "INVALID_ARGUMENT"),
    "timeout": (504, "DEADLINE_EXCEEDED"),
    "server": (500, "INTERNAL"),
    "unsupported_model": (404, "NOT_FOUND"),
}
_STATUS_CODES: Final[dict[str, int]] = {status: code for code, status in _STATUSES.values()} | {
    "UNAVAILABLE": 503
}


def finish_reason(reason: str | None) -> str:
    """The Gemini ``finishReason`` of a canonical finish reason (a tool call finishes with STOP)."""
    return "STOP" if reason is None else _FINISH[reason]


def usage_metadata(usage: Usage | None) -> dict[str, Any] | msgspec.UnsetType:
    """``usageMetadata`` with the counts that are known (the keys lm15 reads them from)."""
    if usage is None:
        return UNSET
    out: dict[str, Any] = {}
    if usage.input_tokens is not None:
        out["promptTokenCount"] = usage.input_tokens
    if usage.output_tokens is not None:
        out["candidatesTokenCount"] = usage.output_tokens
    if usage.total_tokens is not None:
        out["totalTokenCount"] = usage.total_tokens
    if usage.cache_read_tokens is not None:
        out["cachedContentTokenCount"] = usage.cache_read_tokens
    if usage.input_audio_tokens is not None:
        out["promptTokensDetails"] = [{"modality": "AUDIO", "tokenCount": usage.input_audio_tokens}]
    if usage.output_audio_tokens is not None:
        out["candidatesTokensDetails"] = [{"modality": "AUDIO", "tokenCount": usage.output_audio_tokens}]
    if usage.reasoning_tokens is not None:
        out["thoughtsTokenCount"] = usage.reasoning_tokens
    return out


def logprobs_result(logprobs: tuple[TokenLogprob, ...]) -> dict[str, Any]:
    """A candidate's ``logprobsResult`` (token, logProbability, tokenId; token bytes are not on the wire)."""
    chosen: list[dict[str, Any]] = []
    top: list[dict[str, Any]] = []
    for entry in logprobs:
        chosen.append(_candidate(entry.token, entry.logprob, entry.token_id))
        top.append({"candidates": [_candidate(alt.token, alt.logprob, alt.token_id) for alt in entry.top]})
    return {"topCandidates": top, "chosenCandidates": chosen}


def _candidate(token: str, logprob: float, token_id: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "token": token,
        "logProbability": logprob if logprob - logprob == 0.0 else _proto(logprob),
    }
    if token_id is not None:
        out["tokenId"] = token_id
    return out


def _proto(value: float) -> str:
    """A NaN or infinite float as the protobuf JSON mapping spells it (``"NaN"``, ``"Infinity"``,
    ``"-Infinity"``: strings, JSON has no such numbers), which Gemini's REST API, google-genai and
    lm15's ``float()`` read back as the same value."""
    if value != value:
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def grounding_metadata(citations: Sequence[CitationPart | CitationDelta]) -> dict[str, Any]:
    """``groundingMetadata`` for citations: one web grounding chunk (uri, title) per citation, and a
    support whose segment text is the cited text."""
    chunks: list[dict[str, Any]] = []
    supports: list[dict[str, Any]] = []
    for i, citation in enumerate(citations):  # (plain ifs: a comprehension is a call a citation)
        web: dict[str, str] = {}
        if citation.url is not None:
            web["uri"] = citation.url
        if citation.title is not None:
            web["title"] = citation.title
        chunks.append({"web": web})
        segment = {"text": citation.text} if citation.text is not None else {}
        supports.append({"segment": segment, "groundingChunkIndices": [i]})
    return {"groundingChunks": chunks, "groundingSupports": supports}


def error_body(error: ErrorDetail) -> dict[str, Any]:
    """A Google API error object: the provider code when it is a Gemini status, else the status
    lm15 reads back as the same canonical code (``INTERNAL`` for anything else)."""
    provider_code = error.provider_code
    if provider_code is not None and provider_code in ERROR_STATUSES:
        status = provider_code
        code = _STATUS_CODES.get(status, 500)
    else:
        code, status = _STATUSES.get(error.code, (500, "INTERNAL"))
    return {"error": {"code": code, "message": error.message, "status": status}}
