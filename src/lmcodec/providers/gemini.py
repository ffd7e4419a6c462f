"""Gemini generateContent wire (lm15 1.5.0 ``providers/gemini.py``, ``GeminiLM``).

Stream: ``streamGenerateContent?alt=sse``, one whole ``GenerateContentResponse``
chunk per SSE event; ``parse_stream_events`` (gemini.py:1035). Complete body:
``parse_response`` (gemini.py:1001), including a ``streamGenerateContent``
body without ``alt=sse`` (a JSON array of chunks, see
:func:`parse_response`). See ``notes/providers.md`` §4.

Each chunk is decoded once into :class:`_Chunk`, which declares only
``candidates[0].content.parts`` (text, thought, thoughtSignature,
functionCall, inlineData), ``finishReason`` and the presence of
``error``/``promptFeedback``/``logprobsResult``. A chunk
that carries an end (``finishReason``, or usage with no delta) is decoded a
second time as a plain dict: the whole chunk is that end's ``provider_data``
and its usage is read from it, as lm15 does (once per stream).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import DecodeError
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
    gemini_str_exception,
    guarded,
    is_model_error,
    judgment_parts,
    load_body,
    load_frame,
    new,
    record_unmapped,
    replace,
    unnamed_tool_call_error,
    wire_model,
)
from lmcodec.wire import (
    AudioDelta,
    AudioPart,
    CitationPart,
    ContinuationDelta,
    ContinuationState,
    DocumentPart,
    ErrorDetail,
    ImageDelta,
    ImagePart,
    Message,
    Request,
    Response,
    StreamDeltaEvent,
    StreamErrorEvent,
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

__all__ = ["PROVIDER", "ArrayFramer", "StreamMapper", "parse_response"]

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

_PROVIDER_EXECUTED_PART_KEYS: Final = ("executableCode", "codeExecutionResult")


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


def _inband_error(data: Any) -> ProviderError | None:
    """``GeminiLM._inband_error`` (``data.get`` on a non-object raises, as in lm15)."""
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


def finish_reason(reason: Any, *, has_tool_call: bool = False) -> FinishReason:
    """lm15 ``gemini._finish_reason``."""
    if has_tool_call:
        return "tool_call"
    r = str(reason or "").upper()
    if r == "MAX_TOKENS":
        return "length"
    if r in ("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII"):
        return "content_filter"
    return "stop"


def _modality_tokens(details: Any, modality: str) -> Any:
    if not isinstance(details, list):
        return None
    counts = [
        e.get("tokenCount", 0) for e in details if isinstance(e, dict) and e.get("modality") == modality
    ]
    return sum(counts) if counts else None


def gemini_usage(usage_payload: Any) -> Usage:
    """lm15 ``_gemini_usage(u, output_keys=("candidatesTokenCount", "responseTokenCount"))``."""
    if not isinstance(usage_payload, dict) or not usage_payload:
        return Usage()
    output_tokens: Any = 0
    for key in ("candidatesTokenCount", "responseTokenCount"):
        if key in usage_payload:
            output_tokens = usage_payload[key]
            break
    return Usage(
        input_tokens=usage_payload.get("promptTokenCount", 0),
        output_tokens=output_tokens,
        total_tokens=usage_payload.get("totalTokenCount"),
        cache_read_tokens=usage_payload.get("cachedContentTokenCount"),
        reasoning_tokens=usage_payload.get("thoughtsTokenCount"),
        input_audio_tokens=_modality_tokens(usage_payload.get("promptTokensDetails"), "AUDIO"),
        output_audio_tokens=_modality_tokens(
            usage_payload.get("candidatesTokensDetails") or usage_payload.get("responseTokensDetails"),
            "AUDIO",
        ),
    )


def gemini_token_logprobs(logprobs_result: Any) -> tuple[TokenLogprob, ...]:
    """lm15 ``_gemini_token_logprobs``."""
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
            top.append(
                TopLogprob(
                    token=str(alt.get("token") or ""),
                    logprob=float(alt.get("logProbability", 0.0) or 0.0),
                    token_id=alt.get("tokenId"),
                )
            )
        out.append(
            TokenLogprob(
                token=str(cand.get("token") or ""),
                logprob=float(cand.get("logProbability", 0.0) or 0.0),
                token_id=cand.get("tokenId"),
                top=tuple(top),
            )
        )
    return tuple(out)


def _signature_delta(signature: Any, idx: int) -> Any:
    return replace(
        EVENT,
        delta=new(
            ContinuationDelta,
            part_index=idx,
            provider="gemini",
            kind="thought_signature",
            data={"value": str(signature)},
        ),
    )


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


class _Part(msgspec.Struct, frozen=True, gc=False):
    text: str | msgspec.UnsetType | None = msgspec.UNSET
    thought: bool | None = None
    thoughtSignature: str | None = None
    functionCall: _FunctionCall | None = None
    inlineData: _Inline | None = None


class _Content(msgspec.Struct, frozen=True, gc=False):
    parts: list[_Part] | None = None


class _Candidate(msgspec.Struct, frozen=True, gc=False):
    content: _Content | None = None
    finishReason: str | None = None
    logprobsResult: Any = None


class _PromptFeedback(msgspec.Struct, frozen=True, gc=False):
    blockReason: str | None = None


class _Chunk(msgspec.Struct, frozen=True, gc=False):
    # usageMetadata is not declared: a chunk that ends the stream, or yields no
    # delta (then its usageMetadata key decides a usage-only end), is read again as a dict.
    candidates: list[_Candidate] | None = None
    promptFeedback: _PromptFeedback | None = None
    error: Any = msgspec.UNSET


_chunk_decoder: Final = msgspec.json.Decoder(_Chunk)


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps Gemini SSE chunks to lm15's adapter events (pre-coalesce)."""

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
                    chunk = _chunk_decoder.decode(data)
                except (msgspec.ValidationError, msgspec.DecodeError):
                    skipped += self._generic(data, out) if data else 1
                    continue
                candidates = chunk.candidates
                if (
                    not candidates
                    or chunk.error is not UNSET
                    or (chunk.promptFeedback is not None and chunk.promptFeedback.blockReason)
                ):
                    # no candidate, an error or a (possible) prompt block: rare, the generic path maps it
                    skipped += self._generic(data, out)
                    continue
                candidate = candidates[0]
                finish = candidate.finishReason
                if (finish and finish in CANDIDATE_FINISH_ERRORS) or candidate.logprobsResult is not None:
                    skipped += self._generic(data, out)
                    continue
                content = candidate.content
                parts = content.parts if content is not None else None
                if parts and len(parts) == 1 and parts[0].text is not UNSET and not parts[0].thought:
                    # the common chunk: one answer-text part
                    part = parts[0]
                    out.append(replace(EVENT, delta=replace(TEXT, text=part.text or "")))
                    if part.thoughtSignature is not None:
                        out.append(_signature_delta(part.thoughtSignature, 0))
                    if finish:
                        self._end(data, finish, False, out)
                    continue
                yielded_delta = False
                saw_tool = False
                if parts:
                    for idx, part in enumerate(parts):
                        text = part.text
                        if text is not UNSET:
                            yielded_delta = True
                            if part.thought:
                                out.append(
                                    replace(EVENT, delta=replace(THINKING, part_index=idx, text=text or ""))
                                )
                            else:
                                out.append(
                                    replace(EVENT, delta=replace(TEXT, part_index=idx, text=text or ""))
                                )
                            if part.thoughtSignature is not None:
                                out.append(_signature_delta(part.thoughtSignature, idx))
                        elif part.functionCall is not None:
                            fc = part.functionCall
                            saw_tool = True
                            yielded_delta = True
                            args = {} if fc.args is UNSET else fc.args
                            out.append(
                                replace(
                                    EVENT,
                                    delta=replace(
                                        TOOL_CALL,
                                        part_index=idx,
                                        input=json.dumps(args, separators=(",", ":")),
                                        id=fc.id or None,
                                        name=fc.name or None,
                                    ),
                                )
                            )
                            signature = part.thoughtSignature or fc.thoughtSignature
                            if signature is not None:
                                out.append(_signature_delta(signature, idx))
                        elif part.inlineData is not None:
                            inline = part.inlineData
                            mime = inline.mimeType or "application/octet-stream"
                            if mime.startswith("audio/"):
                                yielded_delta = True
                                audio = new(
                                    AudioDelta, part_index=idx, data=inline.data or "", media_type=mime
                                )
                                out.append(replace(EVENT, delta=audio))
                            elif mime.startswith("image/"):
                                yielded_delta = True
                                image = new(
                                    ImageDelta, part_index=idx, data=inline.data or "", media_type=mime
                                )
                                out.append(replace(EVENT, delta=image))
                if finish:
                    self._end(data, finish, saw_tool, out)
                elif not yielded_delta:
                    # a usage-only end depends on the usageMetadata key: read the chunk as lm15 does
                    payload = load_frame(data)
                    if "usageMetadata" in payload:
                        self.special = True
                        out.append(EndFrame("stop", gemini_usage(payload.get("usageMetadata")), payload))
                    else:
                        skipped += 1
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

    def _end(self, data: bytes, finish: str, saw_tool: bool, out: list[Any]) -> None:
        """A chunk with a finishReason: its end, with the chunk itself as provider_data."""
        self.special = True
        payload = load_frame(data)
        usage = gemini_usage(payload.get("usageMetadata"))
        out.append(EndFrame(finish_reason(finish, has_tool_call=saw_tool), usage, payload))

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, line for line."""
        self.generic += 1
        self.special = True
        payload = load_frame(data)
        if not isinstance(payload, dict):
            return
        if "error" in payload:
            err = payload["error"]
            if isinstance(err, dict):
                provider_code = str(err.get("status") or err.get("code") or "provider")
                message = str(err.get("message") or "")
            else:
                provider_code, message = "provider", ""
            out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))
            return
        inband = _inband_error(payload)
        if inband is not None:
            out.append(
                StreamErrorEvent(
                    error=ErrorDetail(
                        code="invalid_request",
                        provider_code="inband_finish_reason",
                        message=gemini_str_exception(inband.message, PROVIDER),
                    )
                )
            )
            return
        candidates = payload.get("candidates") or []
        candidate = candidates[0] if candidates and isinstance(candidates[0], dict) else None
        yielded_delta = False
        saw_tool = False
        finish = None
        if candidate is not None:
            content = candidate.get("content", {}) if isinstance(candidate.get("content"), dict) else {}
            chunk_logprobs = gemini_token_logprobs(candidate.get("logprobsResult"))
            for idx, part in enumerate(content.get("parts", []) or []):
                if not isinstance(part, dict):
                    continue
                if part.get("thought") and "text" in part:
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=ThinkingDelta(text=str(part.get("text") or ""), part_index=idx)
                        )
                    )
                    if part.get("thoughtSignature") is not None:
                        out.append(_checked_signature_delta(part.get("thoughtSignature"), idx))
                elif "text" in part:
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=TextDelta(
                                text=str(part.get("text") or ""), part_index=idx, logprobs=chunk_logprobs
                            )
                        )
                    )
                    chunk_logprobs = ()
                    if part.get("thoughtSignature") is not None:
                        out.append(_checked_signature_delta(part.get("thoughtSignature"), idx))
                elif "functionCall" in part and isinstance(part["functionCall"], dict):
                    fc = part["functionCall"]
                    saw_tool = True
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=ToolCallDelta(
                                input=json.dumps(fc.get("args", {}), separators=(",", ":")),
                                part_index=idx,
                                id=str(fc.get("id") or "") or None,
                                name=str(fc.get("name") or "") or None,
                            )
                        )
                    )
                    signature = part.get("thoughtSignature") or fc.get("thoughtSignature")
                    if signature is not None:
                        out.append(_checked_signature_delta(signature, idx))
                elif "inlineData" in part and isinstance(part["inlineData"], dict):
                    inline = part["inlineData"]
                    mime = str(inline.get("mimeType") or "application/octet-stream")
                    inline_data = str(inline.get("data") or "")
                    if mime.startswith("audio/"):
                        yielded_delta = True
                        out.append(
                            StreamDeltaEvent(
                                delta=AudioDelta(data=inline_data, part_index=idx, media_type=mime)
                            )
                        )
                    elif mime.startswith("image/"):
                        yielded_delta = True
                        out.append(
                            StreamDeltaEvent(
                                delta=ImageDelta(data=inline_data, part_index=idx, media_type=mime)
                            )
                        )
            finish = candidate.get("finishReason")
        if finish:
            usage = gemini_usage(payload.get("usageMetadata"))
            out.append(EndFrame(finish_reason(finish, has_tool_call=saw_tool), usage, payload))
        elif not yielded_delta and "usageMetadata" in payload:
            out.append(EndFrame("stop", gemini_usage(payload.get("usageMetadata")), payload))


def _checked_signature_delta(signature: Any, idx: int) -> StreamDeltaEvent:
    return StreamDeltaEvent(
        delta=ContinuationDelta(
            provider="gemini", kind="thought_signature", data={"value": str(signature)}, part_index=idx
        )
    )


# --------------------------------------------------------------------------
# streamGenerateContent without alt=sse: one JSON array of chunks

# A complete string, a lone quote (a string not finished yet), or a structural byte.
_ARRAY_TOKEN: Final = re.compile(rb'"(?:[^"\\]|\\.)*"|"|[\[\]{},]')
_JSON_WS: Final = b" \t\r\n"


class ArrayFramer:
    """Cuts the elements out of a JSON array body fed in arbitrary chunks
    (``streamGenerateContent`` without ``alt=sse``): each element is one
    ``GenerateContentResponse`` chunk, mapped like one SSE event's data.

    Same interface as the SSE framer's data-only methods: ``feed_data(bytes)
    -> list[bytes]`` and ``close_data() -> list[bytes]`` (the unfinished last
    element, if any: the stream decoder drops it when it is a truncated JSON
    text). A body that is not a JSON array raises :class:`DecodeError`.
    """

    __slots__ = ("_buf", "_count", "_depth", "_done", "_opened", "_pos", "_start")

    def __init__(self) -> None:
        self._buf = b""
        self._pos = 0  # where scanning resumes
        self._start = 0  # start of the current element
        self._depth = 0  # nesting inside the current element
        self._opened = False  # the array's "[" was seen
        self._done = False  # the array's "]" was seen
        self._count = 0  # elements cut so far

    def feed_data(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        if self._done:
            if bytes(data).strip(_JSON_WS):
                raise DecodeError("gemini: data after the end of the JSON array body")
            return []
        buf = self._buf + bytes(data)
        pos = self._pos
        if not self._opened:
            stripped = buf.lstrip(_JSON_WS)
            if not stripped:
                self._buf = b""
                return []
            if stripped[0] != 0x5B:  # "["
                raise DecodeError("gemini: the body is neither SSE nor a JSON array")
            self._opened = True
            pos = len(buf) - len(stripped) + 1
            self._start = pos
        out: list[bytes] = []
        depth = self._depth
        start = self._start
        search = _ARRAY_TOKEN.search
        while True:
            m = search(buf, pos)
            if m is None:
                pos = len(buf)
                break
            t0 = m.start()
            c = buf[t0]
            if c == 0x22:  # '"'
                if m.end() - t0 == 1:  # unfinished string: rescan it with more data
                    pos = t0
                    break
            elif c == 0x7B or c == 0x5B:  # "{" "["
                depth += 1
            elif depth:
                if c == 0x7D or c == 0x5D:  # "}" "]"
                    depth -= 1
            elif c == 0x2C or c == 0x5D:  # "," or "]" closing an element of the array
                element = buf[start:t0].strip(_JSON_WS)
                if element:
                    out.append(element)
                    self._count += 1
                elif c == 0x2C or self._count:
                    raise DecodeError("gemini: empty element in the JSON array body")
                if c == 0x5D:
                    self._done = True
                    rest = buf[t0 + 1 :]
                    self._buf = b""
                    if rest.strip(_JSON_WS):
                        raise DecodeError("gemini: data after the end of the JSON array body")
                    return out
                start = t0 + 1
            else:
                raise DecodeError("gemini: unbalanced JSON array body")
            pos = m.end()
        # Keep only the unfinished element.
        self._buf = buf[start:]
        self._pos = pos - start
        self._start = 0
        self._depth = depth
        return out

    def close_data(self) -> list[bytes]:
        element = self._buf.strip(_JSON_WS) if self._opened and not self._done else b""
        self.__init__()  # type: ignore[misc]
        return [element] if element else []


# --------------------------------------------------------------------------
# complete body


def _signature_state(signature: Any) -> tuple[ContinuationState, ...]:
    if signature is None:
        return ()
    return (ContinuationState(provider="gemini", kind="thought_signature", data={"value": str(signature)}),)


def _media(mime: str, data: str | None = None, url: str | None = None) -> Any:
    if mime.startswith("image/"):
        return ImagePart(media_type=mime, data=data, url=url)
    if mime.startswith("audio/"):
        return AudioPart(media_type=mime, data=data, url=url)
    return DocumentPart(media_type=mime, data=data, url=url)


def _candidate_parts(parts_payload: Any, unmapped: list[dict[str, str]], prefix: str) -> list[Any]:
    """``GeminiLM._parse_candidate_parts``."""
    parts: list[Any] = []
    for part_index, part in enumerate(parts_payload):
        if not isinstance(part, dict):
            record_unmapped(unmapped, f"{prefix}[{part_index}]", type(part).__name__)
            continue
        if part.get("thought") and "text" in part:
            parts.append(
                ThinkingPart(
                    text=str(part.get("text") or ""),
                    continuation=_signature_state(part.get("thoughtSignature")),
                )
            )
        elif "text" in part:
            parts.append(
                TextPart(
                    text=str(part.get("text") or ""),
                    continuation=_signature_state(part.get("thoughtSignature")),
                )
            )
        elif "functionCall" in part and isinstance(part["functionCall"], dict):
            fc: Any = part["functionCall"]
            continuation = _signature_state(part.get("thoughtSignature") or fc.get("thoughtSignature"))
            if not fc.get("name"):
                raise unnamed_tool_call_error(PROVIDER, f"{prefix}[{part_index}]")
            parts.append(
                ToolCallPart(
                    id=str(fc.get("id") or f"tool_call_{len(parts)}"),
                    name=str(fc["name"]),
                    input=fc.get("args") if isinstance(fc.get("args"), dict) else {},
                    continuation=continuation,
                )
            )
        elif "inlineData" in part and isinstance(part["inlineData"], dict):
            inline = part["inlineData"]
            mime = str(inline.get("mimeType") or "application/octet-stream")
            inline_data = str(inline.get("data") or "")
            if inline_data:
                parts.append(_media(mime, data=inline_data))
        elif "fileData" in part and isinstance(part["fileData"], dict):
            fd = part["fileData"]
            uri = str(fd.get("fileUri") or "")
            mime = str(fd.get("mimeType") or "application/octet-stream")
            if uri:
                parts.append(_media(mime, url=uri))
        elif any(key in part for key in _PROVIDER_EXECUTED_PART_KEYS):
            continue
        else:
            record_unmapped(unmapped, f"{prefix}[{part_index}]", "+".join(sorted(part)) or "<empty>")
    return parts


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _segment_text(segment: dict[str, Any], full_text: str) -> str | None:
    text = segment.get("text")
    if isinstance(text, str) and text:
        return text
    start = _int_or_none(segment.get("startIndex"))
    end = _int_or_none(segment.get("endIndex"))
    if start is not None and end is not None and 0 <= start < end <= len(full_text):
        return full_text[start:end]
    return None


def _grounding_chunk(chunks: list[Any], index: Any) -> dict[str, Any]:
    idx = _int_or_none(index)
    if idx is None or idx < 0 or idx >= len(chunks):
        return {}
    chunk = chunks[idx]
    return chunk if isinstance(chunk, dict) else {}


def _citations(candidate: dict[str, Any], full_text: str) -> list[CitationPart]:
    """lm15 ``_gemini_citations``."""
    grounding = candidate.get("groundingMetadata")
    if not isinstance(grounding, dict):
        return []
    chunks = grounding.get("groundingChunks") or []
    if not isinstance(chunks, list):
        chunks = []
    supports = grounding.get("groundingSupports") or []
    if not isinstance(supports, list):
        return []
    citations: list[CitationPart] = []
    seen: set[tuple[str | None, str | None, str | None]] = set()
    for support in supports:
        if not isinstance(support, dict):
            continue
        segment: Any = support.get("segment") if isinstance(support.get("segment"), dict) else {}
        cited_text = _segment_text(segment, full_text)
        indices = support.get("groundingChunkIndices") or []
        if not isinstance(indices, list):
            continue
        for index in indices:
            chunk = _grounding_chunk(chunks, index)
            source = chunk.get("web") or chunk.get("retrievedContext") or chunk.get("googleSearch") or {}
            if not isinstance(source, dict):
                source = {}
            url = source.get("uri") or source.get("url")
            title = source.get("title") or source.get("name")
            url_s = str(url) if url else None
            title_s = str(title) if title else None
            key = (url_s, title_s, cited_text)
            if key in seen or (url_s is None and title_s is None and cited_text is None):
                continue
            seen.add(key)
            citations.append(CitationPart(url=url_s, title=title_s, text=cited_text))
    return citations


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete generateContent body -> Response, as lm15's ``GeminiLM.parse_response``.

    ``Response.model`` is the request's model, as in lm15 (``modelVersion``
    is ignored); without a request it falls back to ``modelVersion``.
    """
    result: Response = guarded(PROVIDER, _parse, load_body(body), wire_model(request, PROVIDER), request)
    return result


def _parse(data: Any, model: str | None, request: Request | None) -> Response:
    inband = _inband_error(data)
    if inband is not None:
        raise inband
    candidate = (data.get("candidates") or [{}])[0]
    candidate = candidate if isinstance(candidate, dict) else {}
    content = candidate.get("content", {}) if isinstance(candidate.get("content"), dict) else {}
    unmapped: list[dict[str, str]] = []
    parts = _candidate_parts(content.get("parts", []) or [], unmapped, "candidates[0].content.parts")
    full_text = "".join(part.text for part in parts if type(part) is TextPart)
    parts.extend(_citations(candidate, full_text))
    if not parts:
        parts = [TextPart(text="")]
    usage = gemini_usage(data.get("usageMetadata"))
    has_tool = any(type(part) is ToolCallPart for part in parts)
    logprob_seq = gemini_token_logprobs(candidate.get("logprobsResult"))
    if model is None:
        version = data.get("modelVersion")
        model = version if isinstance(version, str) else ""
    return Response(
        id=str(data.get("responseId")) if data.get("responseId") else None,
        model=model,
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish_reason(candidate.get("finishReason"), has_tool_call=has_tool),
        usage=usage,
        logprobs=logprob_seq or None,
        provider_data=attach_unmapped(data, unmapped),
    )
