"""OpenAI Chat Completions complete body: ``parse_response`` -> ``_response_from_chat_body``
(openai_chat.py:947) and ``_fold_judgments``, as lm15 1.5.0 reads it."""

from __future__ import annotations

from typing import Any

from lmcodec.errors import ProviderError
from lmcodec.providers._body import body_response, parse_body
from lmcodec.providers._content import (
    attach_unmapped,
    blocks,
    judgment_parts,
    openai_token_logprobs,
    record_unmapped,
)
from lmcodec.providers._errors import unnamed_tool_call_error
from lmcodec.providers._mapper import new
from lmcodec.providers._tool_arguments import arguments_call
from lmcodec.providers.openai.views import response_error
from lmcodec.providers.openai_chat.views import FINISH_REASONS, PROVIDER, usage_from_chat
from lmcodec.wire import Message, RefusalPart, Request, Response, TextPart, ThinkingPart, ToolCallPart
from lmcodec.wire.telemetry import FinishReason

__all__ = ["parse_response"]


def _finish_reason(
    raw: Any, *, has_tool_call: bool, unmapped: list[dict[str, str]], path: str
) -> FinishReason:
    if has_tool_call:
        return "tool_call"
    if raw is None or raw == "":
        return "stop"
    mapped = FINISH_REASONS.get(str(raw))
    if mapped is None:
        record_unmapped(unmapped, f"{path}.finish_reason", raw)
        return "stop"
    return mapped


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Chat Completions body -> Response, as lm15's ``OpenAIChatLM.parse_response``."""
    result: Response = parse_body(PROVIDER, _parse, body, request)
    return result


def _parse(data: Any, model: str | None, request: Request | None, strict: bool) -> Response:
    if not isinstance(data, dict):
        raise TypeError(f"a Chat Completions response body is a JSON object, got {type(data).__name__}")
    resp_error = data.get("error")
    if isinstance(resp_error, dict):
        code = str(resp_error.get("code") or "")
        raise response_error(PROVIDER, code, str(resp_error.get("message") or resp_error))
    unmapped: list[dict[str, str]] = []
    choices = data.get("choices") or []
    if not isinstance(choices, list):
        raise TypeError("choices must be an array")
    if len(choices) > 1:
        raise ProviderError(
            f"{PROVIDER}: the body carries {len(choices)} choices; a canonical Response is one message — "
            "name the choice to read (choice=i) and read each one, or send no n",
            code="unsupported_feature",
            provider=PROVIDER,
            feature="n",
        )
    path = "choices[0]"
    chosen: Any = choices[0] if choices and isinstance(choices[0], dict) else {}
    if choices and not isinstance(choices[0], dict):
        record_unmapped(unmapped, path, type(choices[0]).__name__)
    message: Any = chosen.get("message") if isinstance(chosen.get("message"), dict) else {}

    parts: list[Any] = []
    reasoning_text = message.get("reasoning_content") or message.get("reasoning")
    if reasoning_text:
        parts.append(new(ThinkingPart, text=str(reasoning_text)))
    content = message.get("content")
    if isinstance(content, str):
        if content:
            parts.append(new(TextPart, text=content))
    elif isinstance(content, list):
        for content_index, item in enumerate(content):
            if isinstance(item, dict) and item.get("type") == "text":
                parts.append(new(TextPart, text=str(item.get("text") or "")))
            else:
                record_unmapped(
                    unmapped,
                    f"{path}.message.content[{content_index}]",
                    item.get("type") if isinstance(item, dict) else type(item).__name__,
                )
    elif content is not None:
        record_unmapped(unmapped, f"{path}.message.content", type(content).__name__)
    refusal = message.get("refusal")
    if refusal:
        parts.append(RefusalPart(text=str(refusal)))
    calls = blocks(message.get("tool_calls") or [], unmapped, f"{path}.message.tool_calls")
    for call_index, call in enumerate(calls):
        if not isinstance(call, dict):
            record_unmapped(unmapped, f"{path}.message.tool_calls[{call_index}]", type(call).__name__)
            continue
        call_type = call.get("type") or "function"
        if call_type != "function":
            record_unmapped(unmapped, f"{path}.message.tool_calls[{call_index}]", call_type)
            continue
        fn: Any = call.get("function") if isinstance(call.get("function"), dict) else {}
        if not fn.get("name"):
            raise unnamed_tool_call_error(PROVIDER, f"{path}.message.tool_calls[{call_index}]")
        parts.append(
            arguments_call(str(call.get("id") or f"call_{len(parts)}"), str(fn["name"]), fn.get("arguments"))
        )
    if not parts:
        parts = [TextPart(text="")]
    has_tool = any(type(part) is ToolCallPart for part in parts)
    usage = usage_from_chat(data.get("usage") or {})
    logprobs_payload: Any = chosen.get("logprobs") if isinstance(chosen.get("logprobs"), dict) else {}
    logprob_seq = openai_token_logprobs(logprobs_payload.get("content"))
    resolved_model = data.get("model") or model
    if not resolved_model:
        raise ValueError("the body carries no model; pass model=")
    finish = _finish_reason(chosen.get("finish_reason"), has_tool_call=has_tool, unmapped=unmapped, path=path)
    return body_response(
        strict,
        id=str(data.get("id")) if data.get("id") else None,
        model=str(resolved_model),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish,
        usage=usage,
        logprobs=logprob_seq or None,
        provider_data=attach_unmapped(dict(data), unmapped),
    )
