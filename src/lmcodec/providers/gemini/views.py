"""Gemini generateContent wire definitions (lm15 1.5.0 ``providers/gemini.py``, ``GeminiLM``):
error statuses, in-band errors, finish reasons, usage and logprobs shared by the
stream and the complete body, and the typed view of a stream chunk with its decoder.
The mapping itself is in :mod:`lmcodec.providers.gemini.stream` (stream) and
:mod:`lmcodec.providers.gemini.body` (complete body).

A chunk is decoded once into :class:`_Chunk`, which declares only
``candidates[0].content.parts`` (text, thought, thoughtSignature,
functionCall, inlineData), ``finishReason`` and the presence of
``error``/``promptFeedback``/``logprobsResult``.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

import msgspec

from lmcodec.errors import ProviderError
from lmcodec.providers._compact_json import compact_json
from lmcodec.providers._content import token_logprob, top_logprob
from lmcodec.providers._errors import error_detail, is_model_error
from lmcodec.providers._mapper import NO_USAGE, new, replace, usage_of
from lmcodec.wire import ErrorDetail, TokenLogprob, TopLogprob, Usage
from lmcodec.wire._float_literals import NearFloat, float_literal
from lmcodec.wire.telemetry import FinishReason

__all__ = [
    "CANDIDATE_FINISH_ERRORS",
    "ERROR_STATUSES",
    "FINISH_REASONS",
    "PROVIDER",
    "UNSET",
    "EndChunk",
    "chunk_decoder",
    "compact_json",
    "counted_usage",
    "finish_reason",
    "gemini_token_logprobs",
    "gemini_usage",
    "inband_error",
    "stream_error_detail",
    "text_chunk_decoder",
    "typed_token_logprobs",
    "walked_usage",
]

PROVIDER: Final = "gemini"

UNSET: Final = msgspec.UNSET

ERROR_STATUSES: Final[dict[str, str]] = {
    "INVALID_ARGUMENT": "invalid_request",
    "FAILED_PRECONDITION": "billing",
    "PERMISSION_DENIED": "auth",
    "UNAUTHENTICATED": "auth",
    "NOT_FOUND": "invalid_request",
    "RESOURCE_EXHAUSTED": "rate_limit",
    "INTERNAL": "server",
    "UNAVAILABLE": "server",
    "DEADLINE_EXCEEDED": "timeout",
}
"""``GeminiLM._error_status_map``, classes given as their canonical codes."""

CANDIDATE_FINISH_ERRORS: Final = frozenset(
    {
        "SAFETY",
        "RECITATION",
        "LANGUAGE",
        "BLOCKLIST",
        "PROHIBITED_CONTENT",
        "SPII",
        "MALFORMED_FUNCTION_CALL",
        "IMAGE_SAFETY",
        "IMAGE_PROHIBITED_CONTENT",
        "IMAGE_OTHER",
        "NO_IMAGE",
        "IMAGE_RECITATION",
        "UNEXPECTED_TOOL_CALL",
        "TOO_MANY_TOOL_CALLS",
        "MISSING_THOUGHT_SIGNATURE",
        "MALFORMED_RESPONSE",
    }
)
"""``GeminiLM._is_candidate_finish_error``: finish reasons lm15 treats as an in-band error."""


def _is_context_length_message(msg: str) -> bool:
    lowered = msg.lower()
    return (
        ("token" in lowered and ("limit" in lowered or "exceed" in lowered))
        or "too long" in lowered
        or "context is too long" in lowered
        or "context length" in lowered
    )


def stream_error_detail(provider_code: str, message: str) -> ErrorDetail:
    """``GeminiLM._error_detail``."""
    code = ERROR_STATUSES.get(provider_code, "provider")
    if _is_context_length_message(message):
        code = "context_length"
    elif provider_code == "NOT_FOUND" and is_model_error(message):
        code = "unsupported_model"
    return error_detail(code, provider_code, message)


def inband_error(data: Any) -> ProviderError | None:
    """``GeminiLM.inband_error`` (``data.get`` on a non-object raises, as in lm15)."""
    prompt_feedback = data.get("promptFeedback")
    if isinstance(prompt_feedback, dict):
        block_reason = str(prompt_feedback.get("blockReason") or "")
        if block_reason and block_reason != "BLOCK_REASON_UNSPECIFIED":
            return ProviderError(
                f"Prompt blocked: {block_reason}",
                code="invalid_request",
                provider=PROVIDER,
                provider_code="promptFeedback",
            )
    candidate = (data.get("candidates") or [{}])[0]
    if isinstance(candidate, dict):
        reason = str(candidate.get("finishReason") or "")
        if reason in CANDIDATE_FINISH_ERRORS:
            finish_message = str(candidate.get("finishMessage") or "")
            return ProviderError(
                finish_message or f"Candidate blocked: {reason}",
                code="invalid_request",
                provider=PROVIDER,
                provider_code=reason or "finishReason",
            )
    return None


FINISH_REASONS: Final[dict[Any, FinishReason]] = {
    "STOP": "stop",
    "MAX_TOKENS": "length",
    **dict.fromkeys(("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII"), "content_filter"),
}
"""What :func:`finish_reason` maps the wire's own spellings to, without a ``str()``/``upper()``."""


def finish_reason(reason: Any, *, has_tool_call: bool = False) -> FinishReason:
    """lm15 ``gemini._finish_reason`` (the wire's spellings looked up in a table)."""
    if has_tool_call:
        return "tool_call"
    if type(reason) is str:
        known = FINISH_REASONS.get(reason)
        if known is not None:
            return known
    r = str(reason or "").upper()
    if r == "MAX_TOKENS":
        return "length"
    if r in ("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII"):
        return "content_filter"
    return "stop"


def _modality_tokens(details: Any, modality: str) -> Any:
    if not details or not isinstance(details, list):
        return None
    counts: list[Any] | None = None  # (a loop: no list comprehension frame for the common no-match)
    for e in details:
        if isinstance(e, dict) and e.get("modality") == modality:
            if counts is None:
                counts = []
            counts.append(e.get("tokenCount", 0))
    return sum(counts) if counts else None


_Count = Annotated[int, msgspec.Meta(ge=0)]


class _NoAudio(msgspec.Struct, frozen=True, gc=False):
    """A token-count detail of a modality other than audio (lm15 sums the audio ones only)."""

    modality: Literal["MODALITY_UNSPECIFIED", "TEXT", "IMAGE", "VIDEO", "DOCUMENT"] | None = None


class _UsageCounts(msgspec.Struct, frozen=True, gc=False):
    """``usageMetadata`` when every count lm15 reads is a non-negative int (or absent) and no
    detail names audio: what :func:`gemini_usage` then builds needs no check and no walk."""

    promptTokenCount: _Count = 0
    candidatesTokenCount: _Count | msgspec.UnsetType = msgspec.UNSET
    responseTokenCount: _Count = 0
    totalTokenCount: _Count | None = None
    cachedContentTokenCount: _Count | None = None
    thoughtsTokenCount: _Count | None = None
    promptTokensDetails: list[_NoAudio] | None = None
    candidatesTokensDetails: list[_NoAudio] | None = None
    responseTokensDetails: list[_NoAudio] | None = None


_convert: Final = msgspec.convert


def gemini_usage(usage_payload: Any) -> Usage:
    """lm15 ``_gemini_usage(u, output_keys=("candidatesTokenCount", "responseTokenCount"))``: the
    common usage (non-negative int counts, no audio detail) read by msgspec in one call, any
    other walked as lm15 walks it (:func:`walked_usage`)."""
    if not isinstance(usage_payload, dict) or not usage_payload:
        no_counts: Usage = NO_USAGE  # (Usage(), without the class call's 34k instructions of checks)
        return no_counts
    try:
        counts = _convert(usage_payload, _UsageCounts)
    except (msgspec.ValidationError, UnicodeEncodeError):  # (a lone surrogate in a detail's text)
        counts = None  # (walked outside the handler: lm15's own error raised without a context)
    if counts is None:
        return walked_usage(usage_payload)
    return counted_usage(counts)


def counted_usage(counts: _UsageCounts) -> Usage:
    """The Usage of a non-empty ``usageMetadata`` read into :class:`_UsageCounts` (no check left)."""
    output = counts.candidatesTokenCount
    usage: Usage = replace(
        NO_USAGE,
        input_tokens=counts.promptTokenCount,
        output_tokens=counts.responseTokenCount if output is UNSET else output,
        total_tokens=counts.totalTokenCount,
        cache_read_tokens=counts.cachedContentTokenCount,
        reasoning_tokens=counts.thoughtsTokenCount,
    )
    return usage


def walked_usage(usage_payload: dict[str, Any]) -> Usage:
    """:func:`gemini_usage` of a non-empty dict, walked key by key as lm15 walks it."""
    get = usage_payload.get
    if "candidatesTokenCount" in usage_payload:
        output_tokens: Any = usage_payload["candidatesTokenCount"]
    else:
        output_tokens = get("responseTokenCount", 0)
    input_tokens = get("promptTokenCount", 0)
    total = get("totalTokenCount")
    cached = get("cachedContentTokenCount")
    reasoning = get("thoughtsTokenCount")
    details = get("promptTokensDetails")
    input_audio = _modality_tokens(details, "AUDIO") if details else None
    details = get("candidatesTokensDetails") or get("responseTokensDetails")
    output_audio = _modality_tokens(details, "AUDIO") if details else None
    if (  # the common counts (non-negative ints or None), built as usage_of builds them, with no loop
        type(input_tokens) is int
        and input_tokens >= 0
        and type(output_tokens) is int
        and output_tokens >= 0
        and (total is None or (type(total) is int and total >= 0))
        and (reasoning is None or (type(reasoning) is int and reasoning >= 0))
        and (cached is None or (type(cached) is int and cached >= 0))
        and (input_audio is None or (type(input_audio) is int and input_audio >= 0))
        and (output_audio is None or (type(output_audio) is int and output_audio >= 0))
    ):
        usage: Usage = replace(
            NO_USAGE,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            total_tokens=total,
            cache_read_tokens=cached,
            reasoning_tokens=reasoning,
            input_audio_tokens=input_audio,
            output_audio_tokens=output_audio,
        )
        return usage
    return usage_of(
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        total_tokens=total,
        cache_read_tokens=cached,
        reasoning_tokens=reasoning,
        input_audio_tokens=input_audio,
        output_audio_tokens=output_audio,
    )


def gemini_token_logprobs(logprobs_result: Any) -> tuple[TokenLogprob, ...]:
    """lm15 ``_gemini_token_logprobs`` (each entry built as ``_content.token_logprob`` builds it)."""
    if not isinstance(logprobs_result, dict):
        return ()
    chosen = logprobs_result.get("chosenCandidates") or []
    top_steps = logprobs_result.get("topCandidates") or []
    out: list[TokenLogprob] = []
    for i, cand in enumerate(chosen):
        if not isinstance(cand, dict):
            continue
        top: list[TopLogprob] = []
        step = top_steps[i] if i < len(top_steps) and isinstance(top_steps[i], dict) else {}
        for alt in step.get("candidates") or []:
            if not isinstance(alt, dict):
                continue
            token = str(alt.get("token") or "")
            logprob = float(alt.get("logProbability", 0.0) or 0.0)
            top.append(top_logprob(token, logprob, None, alt.get("tokenId")))
        token = str(cand.get("token") or "")
        logprob = float(cand.get("logProbability", 0.0) or 0.0)
        out.append(token_logprob(token, logprob, None, tuple(top), cand.get("tokenId")))
    return tuple(out)


# --------------------------------------------------------------------------
# typed views


class _Inline(msgspec.Struct, frozen=True, gc=False):
    mimeType: str | None = None
    data: str | None = None


class _FunctionCall(msgspec.Struct, frozen=True, gc=False):
    name: str | None = None
    id: str | None = None
    args: Any = msgspec.UNSET
    thoughtSignature: str | None = None
    # Vertex's streamed arguments (streamFunctionCallArguments): lm15 reads neither, and neither
    # refuses a chunk; only stream.translate reads them (stream/_streamed_calls.py)
    partialArgs: Any = msgspec.UNSET
    willContinue: Any = msgspec.UNSET


class _Part(msgspec.Struct, frozen=True, gc=False):
    text: str | msgspec.UnsetType | None = msgspec.UNSET
    thought: bool | None = None
    thoughtSignature: str | None = None
    functionCall: _FunctionCall | None = None
    inlineData: _Inline | None = None


class _Content(msgspec.Struct, frozen=True, gc=False):
    parts: list[_Part] | None = None


class _LogprobCandidate(msgspec.Struct, frozen=True, gc=False):
    """A chosen or alternative token; a far ``logProbability`` (1e289+, msgspec's slow path)
    refuses the chunk after one slow parse, and the port reads it with the float hook."""

    token: str | None = None
    logProbability: NearFloat | None = None
    tokenId: int | None = None


class _LogprobStep(msgspec.Struct, frozen=True, gc=False):
    candidates: list[_LogprobCandidate] | None = None


class LogprobsResult(msgspec.Struct, frozen=True, gc=False):
    """``logprobsResult`` with the types lm15's ``_gemini_token_logprobs`` reads without coercion."""

    chosenCandidates: list[_LogprobCandidate] | None = None
    topCandidates: list[_LogprobStep] | None = None


_TOP_LOGPROB: Final = new(TopLogprob, token="", logprob=0.0)
_TOKEN_LOGPROB: Final = new(TokenLogprob, token="", logprob=0.0)


def typed_token_logprobs(result: LogprobsResult) -> tuple[TokenLogprob, ...]:
    """:func:`gemini_token_logprobs` over a typed ``logprobsResult`` (each entry a template copied:
    half the cost of a keyword construction; loops, not comprehensions, which are frames; no
    ``enumerate`` and no name bound twice: the common step is one token of a few alternatives)."""
    chosen = result.chosenCandidates
    if not chosen:
        return ()
    steps = result.topCandidates or ()
    n_steps = len(steps)
    out: list[TokenLogprob] = []
    i = 0
    for cand in chosen:
        alts = steps[i].candidates if i < n_steps else None
        i += 1
        if alts:
            top: list[TopLogprob] = []
            for alt in alts:
                top.append(
                    replace(
                        _TOP_LOGPROB,
                        token=alt.token or "",
                        logprob=alt.logProbability or 0.0,
                        token_id=alt.tokenId,
                    )
                )
            out.append(
                replace(
                    _TOKEN_LOGPROB,
                    token=cand.token or "",
                    logprob=cand.logProbability or 0.0,
                    token_id=cand.tokenId,
                    top=tuple(top),
                )
            )
        else:
            token, logprob = cand.token or "", cand.logProbability or 0.0
            out.append(replace(_TOKEN_LOGPROB, token=token, logprob=logprob, token_id=cand.tokenId))
    return tuple(out)


class _Candidate(msgspec.Struct, frozen=True, gc=False):
    content: _Content | None = None
    finishReason: str | None = None
    logprobsResult: LogprobsResult | None = None


class _PromptFeedback(msgspec.Struct, frozen=True, gc=False):
    blockReason: str | None = None


class _Chunk(msgspec.Struct, frozen=True, gc=False):
    # usageMetadata is not declared: a chunk that ends the stream, or yields no
    # delta (then its usageMetadata key decides a usage-only end), is read again as a dict.
    candidates: list[_Candidate] | None = None
    promptFeedback: _PromptFeedback | None = None
    error: Any = msgspec.UNSET


chunk_decoder: Final = msgspec.json.Decoder(_Chunk, float_hook=float_literal)


# The common chunk, its parts (answer text or thought, function calls, inline data) and
# nothing else that maps, decoded into a stricter view: every chunk it accepts, _Chunk
# accepts too and maps to the same events (one text part: a TextDelta or ThinkingDelta at
# part 0 and its signature, mapped inline; several parts, a part without text and a chunk
# with a finishReason: by the same code as _Chunk's, StreamMapper._parts and _end). Several
# parts are taken here, not left to _Chunk: a chunk this view refuses is decoded twice.
# No JSON value fits _Absent: a chunk holding the key is left to _Chunk.
_Absent = Annotated[int, msgspec.Meta(ge=1, le=0)] | msgspec.UnsetType


class _TextPart(msgspec.Struct, frozen=True, gc=False):
    text: str | msgspec.UnsetType = msgspec.UNSET  # no text: a function call, inline data, ...
    thought: bool | None = None
    thoughtSignature: str | None = None
    functionCall: _FunctionCall | None = None
    inlineData: _Inline | None = None


class _TextContent(msgspec.Struct, frozen=True, gc=False):
    parts: Annotated[list[_TextPart], msgspec.Meta(min_length=1)]


class _TextCandidate(msgspec.Struct, frozen=True, gc=False):
    content: _TextContent
    finishReason: str | None = None  # an end: mapped as _Chunk's end (its parts, then the end)
    logprobsResult: LogprobsResult | None = None  # for the first answer text (not a thought)


class _TextChunk(msgspec.Struct, frozen=True, gc=False):
    candidates: Annotated[list[_TextCandidate], msgspec.Meta(min_length=1)]
    promptFeedback: None = None
    error: _Absent = msgspec.UNSET


text_chunk_decoder: Final = msgspec.json.Decoder(_TextChunk, float_hook=float_literal)


class EndChunk(_TextChunk, frozen=True, gc=False):
    """A chunk as :class:`_TextChunk` reads it, with its usage as :func:`gemini_usage` reads the
    common one: the last chunk of a body held whole, which is decoded untyped anyway (it carries
    the end, whose provider_data is the whole chunk), typed from that value by one
    ``msgspec.convert`` instead of a second decode of its bytes."""

    usageMetadata: _UsageCounts | None = None
