"""Gemini complete (non-streamed) generateContent body -> Response, as lm15 1.5.0's
``GeminiLM.parse_response`` (gemini.py:1001). As there, a call's input is the ``args`` dict
inside ``provider_data``, not a copy (``docs/architecture.md``)."""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import ProviderError
from lmcodec.providers._body import body_response, parse_body
from lmcodec.providers._content import attach_unmapped, blocks, judgment_parts, record_unmapped
from lmcodec.providers._errors import unnamed_tool_call_error
from lmcodec.providers._json import int_or_none
from lmcodec.providers._mapper import new
from lmcodec.providers.gemini.views import (
    PROVIDER,
    finish_reason,
    gemini_token_logprobs,
    gemini_usage,
    inband_error,
    stream_error_detail,
)
from lmcodec.wire import (
    AudioPart,
    CitationPart,
    ContinuationState,
    DocumentPart,
    ImagePart,
    Message,
    Request,
    Response,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)

__all__ = ["parse_response"]

_PROVIDER_EXECUTED_PART_KEYS: Final = ("executableCode", "codeExecutionResult")


def _signature_state(signature: Any) -> tuple[ContinuationState, ...]:
    if signature is None:
        return ()
    return (
        new(ContinuationState, provider="gemini", kind="thought_signature", data={"value": str(signature)}),
    )


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
            continuation = _signature_state(part.get("thoughtSignature"))
            parts.append(new(ThinkingPart, text=str(part.get("text") or ""), continuation=continuation))
        elif "text" in part:
            continuation = _signature_state(part.get("thoughtSignature"))
            parts.append(new(TextPart, text=str(part.get("text") or ""), continuation=continuation))
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


def _segment_text(segment: dict[str, Any], full_text: str) -> str | None:
    text = segment.get("text")
    if isinstance(text, str) and text:
        return text
    start = int_or_none(segment.get("startIndex"))
    end = int_or_none(segment.get("endIndex"))
    if start is not None and end is not None and 0 <= start < end <= len(full_text):
        return full_text[start:end]
    return None


def _grounding_chunk(chunks: list[Any], index: Any) -> dict[str, Any]:
    idx = int_or_none(index)
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
    result: Response = parse_body(PROVIDER, _parse, body, request)
    return result


def _error_body(data: Any) -> ProviderError | None:
    """An error body (``{"error": {"code": 429, "message": ..., "status": ...}}``, what the API
    answers with a non-2xx status) as the ProviderError lm15's error mapping gives for it."""
    err = data.get("error")
    if not isinstance(err, dict):
        return None
    provider_code = str(err.get("status") or err.get("code") or "provider")
    message = str(err.get("message") or "")
    detail = stream_error_detail(provider_code, message)
    return ProviderError(detail.message, code=detail.code, provider=PROVIDER, provider_code=provider_code)


def _parse(data: Any, model: str | None, request: Request | None, strict: bool) -> Response:
    error = _error_body(data)
    if error is not None:
        raise error
    inband = inband_error(data)
    if inband is not None:
        raise inband
    candidate = (data.get("candidates") or [{}])[0]
    candidate = candidate if isinstance(candidate, dict) else {}
    content = candidate.get("content", {}) if isinstance(candidate.get("content"), dict) else {}
    unmapped: list[dict[str, str]] = []
    path = "candidates[0].content.parts"
    parts = _candidate_parts(blocks(content.get("parts", []) or [], unmapped, path), unmapped, path)
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
    return body_response(
        strict,
        id=str(data.get("responseId")) if data.get("responseId") else None,
        model=model,
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish_reason(candidate.get("finishReason"), has_tool_call=has_tool),
        usage=usage,
        logprobs=logprob_seq or None,
        provider_data=attach_unmapped(data, unmapped),
    )
