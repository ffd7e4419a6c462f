"""Gemini complete (non-streamed) generateContent body -> Response, as lm15 1.5.0's
``GeminiLM.parse_response`` (gemini.py:1001). As there, a call's input is the ``args`` dict
inside ``provider_data``, not a copy (``docs/architecture.md``)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError
from lmcodec.providers._body import body_response, parse_body
from lmcodec.providers._content import attach_unmapped, blocks, judgment_parts, record_unmapped
from lmcodec.providers._errors import unnamed_tool_call_error
from lmcodec.providers._json import int_or_none
from lmcodec.providers._proven_parts import (
    TEXT_TEMPLATE,
    THINKING_TEMPLATE,
    proven_signature,
    proven_text,
    proven_thinking,
    proven_tool_call,
)
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
    ToolCallPart,
)

__all__ = ["parse_response"]

_replace: Final = msgspec.structs.replace
_PROVIDER_EXECUTED_PART_KEYS: Final = ("executableCode", "codeExecutionResult")


def _signature_state(signature: Any) -> tuple[ContinuationState, ...]:
    if signature is None:
        return ()
    return (proven_signature("gemini", "thought_signature", str(signature)),)


def _media(mime: str, data: str | None = None, url: str | None = None) -> Any:
    if mime.startswith("image/"):
        return ImagePart(media_type=mime, data=data, url=url)
    if mime.startswith("audio/"):
        return AudioPart(media_type=mime, data=data, url=url)
    return DocumentPart(media_type=mime, data=data, url=url)


def _candidate_parts(
    parts_payload: Any, unmapped: list[dict[str, str]], prefix: str, strict: bool = False
) -> list[Any]:
    """``GeminiLM._parse_candidate_parts``. Where msgspec read the body (``strict``) a call's args
    are strict JSON, so the call is built by :func:`proven_tool_call` (no walk of its args: red
    team 25 F07); a body ``json.loads`` read goes through the checked constructor. Text, thought
    and signature parts are template copies of what ``str()`` made."""
    parts: list[Any] = []
    append = parts.append
    for part_index, part in enumerate(parts_payload):
        if not isinstance(part, dict):
            record_unmapped(unmapped, f"{prefix}[{part_index}]", type(part).__name__)
            continue
        if "text" in part:  # (lm15 tests ``part.get("thought") and "text" in part`` first: the same)
            signature = part.get("thoughtSignature")
            text = part["text"]
            text = text if type(text) is str else str(text or "")
            if signature is None:  # the template's own () (no call to spell it: a step less a part)
                append(_replace(THINKING_TEMPLATE if part.get("thought") else TEXT_TEMPLATE, text=text))
            elif part.get("thought"):
                append(proven_thinking(text, _signature_state(signature)))
            else:
                append(proven_text(text, _signature_state(signature)))
            continue
        fc: Any = part.get("functionCall")
        if isinstance(fc, dict):
            signature = part.get("thoughtSignature") or fc.get("thoughtSignature")
            continuation = () if signature is None else _signature_state(signature)
            name = fc.get("name")
            if not name:
                raise unnamed_tool_call_error(PROVIDER, f"{prefix}[{part_index}]")
            call_id = str(fc.get("id") or f"tool_call_{len(parts)}")
            args = fc.get("args")
            args = args if isinstance(args, dict) else {}
            if strict:
                append(proven_tool_call(call_id, str(name), args, continuation))
            else:
                append(ToolCallPart(id=call_id, name=str(name), input=args, continuation=continuation))
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
    parts = _candidate_parts(blocks(content.get("parts", []) or [], unmapped, path), unmapped, path, strict)
    if isinstance(candidate.get("groundingMetadata"), dict):  # (else _citations finds none: no text joined)
        full_text = "".join(part.text for part in parts if type(part) is TextPart)
        parts.extend(_citations(candidate, full_text))
    if not parts:
        parts = [TextPart(text="")]
    usage = gemini_usage(data.get("usageMetadata"))
    has_tool = ToolCallPart in set(map(type, parts))
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
