"""Anthropic Messages complete (non-streamed) body -> Response, as lm15 1.5.0's
``AnthropicLM.parse_response`` (anthropic.py:921)."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError
from lmcodec.providers._body import body_response, parse_body
from lmcodec.providers._content import attach_unmapped, blocks, citation_part, judgment_parts, record_unmapped
from lmcodec.providers._errors import unnamed_tool_call_error
from lmcodec.providers._mapper import new
from lmcodec.providers._proven_parts import TEXT_TEMPLATE, THINKING_TEMPLATE, proven_tool_call
from lmcodec.providers.anthropic.views import PROVIDER, finish_reason, stream_error_detail, usage_from
from lmcodec.wire import (
    CitationPart,
    ContinuationState,
    Message,
    Request,
    Response,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)

__all__ = ["parse_response"]

_replace: Final = msgspec.structs.replace  # (a template copied inline: proven_text's work without its call)
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
    # str() of a truthy JSON value is a non-empty str: the checked constructor's checks pass
    return citation_part(url_s, title_s, text_s)


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Messages body -> Response, as lm15's ``AnthropicLM.parse_response``
    (no error-envelope check: an error body parses to an empty response, as in lm15)."""
    result: Response = parse_body(PROVIDER, _parse, body, request)
    return result


def _error_body(data: Any) -> ProviderError | None:
    """An error body (``{"type": "error", "error": {"type": ..., "message": ...}}``, what the API
    answers with a non-2xx status) as the ProviderError lm15's error mapping gives for it."""
    err = data.get("error") if data.get("type") == "error" else None
    if not isinstance(err, dict):
        return None
    provider_code = str(err.get("type") or "provider")
    message = str(err.get("message") or "")
    detail = stream_error_detail(provider_code, message)
    return ProviderError(detail.message, code=detail.code, provider=PROVIDER, provider_code=provider_code)


def _parse(data: Any, model: str | None, request: Request | None, strict: bool) -> Response:
    parts: list[Any] = []
    unmapped: list[dict[str, str]] = []
    error = _error_body(data)
    if error is not None:
        raise error
    for block_index, block in enumerate(blocks(data.get("content", []) or [], unmapped, "content")):
        if not isinstance(block, dict):
            record_unmapped(unmapped, f"content[{block_index}]", type(block).__name__)
            continue
        block_type = block.get("type")
        if block_type == "text":
            text = block.get("text")
            parts.append(_replace(TEXT_TEMPLATE, text=text if type(text) is str else str(text or "")))
            for citation_payload in block.get("citations", []) or []:
                if not isinstance(citation_payload, dict):
                    continue
                citation = _citation(citation_payload)
                if citation is not None:
                    parts.append(citation)
        elif block_type == "tool_use":
            if not block.get("name"):
                raise unnamed_tool_call_error(PROVIDER, f"content[{block_index}]")
            call_id = str(block.get("id") or f"tool_{len(parts)}")
            call_input = block["input"] if isinstance(block.get("input"), dict) else {}
            if strict:  # an input msgspec read is strict JSON: the walk of it would pass
                parts.append(proven_tool_call(call_id, str(block["name"]), call_input))
            else:  # read by json.loads: NaN or Infinity refused by the checked constructor, as lm15
                parts.append(ToolCallPart(id=call_id, name=str(block["name"]), input=call_input))
        elif block_type == "thinking":
            signature = block.get("signature")
            continuation = (
                (
                    new(
                        ContinuationState,
                        provider="anthropic",
                        kind="thinking_signature",
                        data={"signature": str(signature)},
                    ),
                )
                if signature
                else ()
            )
            text = str(block.get("thinking") or block.get("text") or "")
            parts.append(_replace(THINKING_TEMPLATE, text=text, continuation=continuation))
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
    usage = usage_from(data.get("usage", {}) or {})
    has_tool = any(type(part) is ToolCallPart for part in parts)
    return body_response(
        strict,
        id=str(data.get("id")) if data.get("id") else None,
        model=str(data.get("model") or model or ""),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish_reason(data.get("stop_reason"), has_tool_call=has_tool),
        usage=usage,
        provider_data=attach_unmapped(data, unmapped),
    )
