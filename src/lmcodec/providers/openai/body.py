"""OpenAI Responses API complete (non-streamed) body -> Response, as lm15 1.5.0's
``OpenAILM.parse_response`` (openai.py:1118)."""

from __future__ import annotations

from typing import Any, Final

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
from lmcodec.providers._proven_parts import proven_text, proven_thinking
from lmcodec.providers._tool_arguments import arguments_call
from lmcodec.providers.openai._citations import citation_parts
from lmcodec.providers.openai.views import PROVIDER, response_error, usage_from
from lmcodec.wire import (
    AudioPart,
    ContinuationState,
    ImagePart,
    Message,
    RefusalPart,
    Request,
    Response,
    TextPart,
    TokenLogprob,
    ToolCallPart,
)
from lmcodec.wire.telemetry import FinishReason

__all__ = ["parse_response"]

_PROVIDER_EXECUTED_ITEMS: Final = frozenset(
    {"web_search_call", "file_search_call", "code_interpreter_call", "computer_call", "computer_use_call"}
)


def _finish_from_status(data: dict[str, Any], *, has_tool_call: bool) -> FinishReason:
    if has_tool_call:
        return "tool_call"
    status = str(data.get("status") or "").lower()
    incomplete = data.get("incomplete_details") or {}
    reason = str(incomplete.get("reason") or "").lower() if isinstance(incomplete, dict) else ""
    if status == "incomplete" and "token" in reason:
        return "length"
    if "content_filter" in reason or "safety" in reason:
        return "content_filter"
    return "stop"


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Responses API body -> Response, as lm15's ``OpenAILM.parse_response``."""
    result: Response = parse_body(PROVIDER, _parse, body, request)
    return result


def _parse(data: Any, model: str | None, request: Request | None, strict: bool) -> Response:
    resp_error = data.get("error") if isinstance(data, dict) else None
    if isinstance(resp_error, dict):
        raise response_error(
            PROVIDER, str(resp_error.get("code") or ""), str(resp_error.get("message") or resp_error)
        )
    parts: list[Any] = []
    unmapped: list[dict[str, str]] = []
    logprob_seq: list[TokenLogprob] = []
    for item_index, item in enumerate(blocks(data.get("output", []) or [], unmapped, "output")):
        if not isinstance(item, dict):
            record_unmapped(unmapped, f"output[{item_index}]", type(item).__name__)
            continue
        item_type = item.get("type")
        if item_type == "message":
            contents = item.get("content", []) or []
            if type(contents) is not list:  # (the path spelled only where it may be recorded)
                contents = blocks(contents, unmapped, f"output[{item_index}].content")
            for content_index, content in enumerate(contents):
                if not isinstance(content, dict):
                    record_unmapped(
                        unmapped, f"output[{item_index}].content[{content_index}]", type(content).__name__
                    )
                    continue
                ctype = content.get("type")
                if ctype in ("output_text", "text"):
                    text = str(content.get("text") or "")
                    parts.append(proven_text(text))
                    entries = content.get("logprobs")
                    if entries:  # (none, or an empty list: no call)
                        logprob_seq.extend(openai_token_logprobs(entries))
                    annotations = content.get("annotations")
                    if annotations:
                        parts.extend(citation_parts(annotations, text))
                elif ctype == "refusal":
                    text = str(content.get("refusal") or content.get("text") or "")
                    parts.append(RefusalPart(text=text) if text else TextPart(text=""))
                elif ctype == "output_image":
                    b64 = content.get("b64_json") or content.get("image_base64") or ""
                    if b64:
                        parts.append(ImagePart(media_type="image/png", data=str(b64)))
                elif ctype == "output_audio":
                    audio_payload: Any = (
                        content.get("audio") if isinstance(content.get("audio"), dict) else {}
                    )
                    b64 = audio_payload.get("data") or content.get("b64_json") or ""
                    if b64:
                        parts.append(AudioPart(media_type="audio/wav", data=str(b64)))
                else:
                    record_unmapped(unmapped, f"output[{item_index}].content[{content_index}]", ctype)
        elif item_type == "function_call":
            if not item.get("name"):
                raise unnamed_tool_call_error(PROVIDER, f"output[{item_index}]")
            parts.append(
                arguments_call(
                    str(item.get("call_id") or item.get("id") or f"call_{len(parts)}"),
                    str(item["name"]),
                    item.get("arguments"),
                )
            )
        elif item_type == "reasoning":
            summary = item.get("summary")
            if isinstance(summary, list):
                text = "\n".join(str(x.get("text") if isinstance(x, dict) else x) for x in summary)
            else:
                text = str(summary or item.get("text") or "")
            state: dict[str, Any] = {}
            if item.get("id"):
                state["id"] = str(item["id"])
            if item.get("encrypted_content"):
                state["encrypted_content"] = str(item["encrypted_content"])
            continuation = (
                (new(ContinuationState, provider="openai", kind="reasoning_item", data=state),)
                if state
                else ()
            )
            if text or continuation:
                parts.append(proven_thinking(text, continuation))
        elif item_type in _PROVIDER_EXECUTED_ITEMS:
            continue
        else:
            record_unmapped(unmapped, f"output[{item_index}]", item_type)

    if not parts:
        parts = [TextPart(text=str(data.get("output_text") or ""))]
    usage = usage_from(data.get("usage", {}) or {})
    has_tool = any(type(part) is ToolCallPart for part in parts)
    return body_response(
        strict,
        id=str(data.get("id")) if data.get("id") else None,
        model=str(data.get("model") or model or ""),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=_finish_from_status(data, has_tool_call=has_tool),
        usage=usage,
        logprobs=tuple(logprob_seq) if logprob_seq else None,
        provider_data=attach_unmapped(data, unmapped),
    )
