"""A Response -> the Chat Completions API's non-streamed body (``object: chat.completion``).

The body a Response decoded from a Chat body came from, written back when it still reads as the
Response (a choice index the openai SDK refuses made its own: ``_choice_index``); else the body
built from the Response's parts (reasoning as ``reasoning_content``, an Anthropic thinking block's
state as a ``thinking_blocks`` entry: ``_thinking_blocks``). Used by :mod:`.write`.
"""

from __future__ import annotations

import time
from typing import Any, Final

from lmcodec.errors import LmcodecError
from lmcodec.providers._build_common import data_part_text
from lmcodec.providers.openai._sse_write import ENC, BodyArguments, chat_usage, logprob_entries, new_id
from lmcodec.providers.openai_chat._choice_index import with_sdk_indexes
from lmcodec.providers.openai_chat._thinking_blocks import redacted_entry, signed_entry
from lmcodec.providers.openai_chat.stream import parse_response
from lmcodec.wire import DataPart, RefusalPart, Response, TextPart, ThinkingPart, ToolCallPart
from lmcodec.wire._exact import as_exact, subclassed

__all__ = ["FINISH_REASONS", "chat_finish", "encode_response"]

FINISH_REASONS: Final[dict[str, str]] = {
    "stop": "stop",
    "length": "length",
    "tool_call": "tool_calls",
    "content_filter": "content_filter",
    "error": "stop",
}
"""Canonical finish reason -> Chat ``finish_reason`` (``error`` has no Chat value)."""


def encode_response(response: Response) -> bytes:
    """``response`` as a Chat Completions body (``object: chat.completion``).

    A Response decoded from a Chat body keeps that body as ``provider_data``; it is written back
    verbatim when it still decodes to ``response``, a choice's index the SDK refuses made its own."""
    data = response.provider_data
    if data is not None and "choices" in data:
        kept = {key: value for key, value in data.items() if key != "_lm15_unmapped"}
        body = ENC.encode(kept)
        try:
            if parse_response(body) == response:
                return body if (indexed := with_sdk_indexes(kept)) is None else ENC.encode(indexed)
        except (LmcodecError, ValueError, TypeError):  # it no longer reads back: rewrite it
            pass
    return ENC.encode(_body(response))


def _body(response: Response) -> dict[str, Any]:
    texts: list[str] = []
    reasoning: list[str] = []
    refusals: list[str] = []
    calls: list[dict[str, Any]] = []
    blocks: list[dict[str, Any]] = []
    arguments = BodyArguments("openai_chat")
    for item_part in response.message.parts:
        part: Any = item_part
        kind = type(part)
        if kind is TextPart:
            texts.append(part.text)
        elif kind is ThinkingPart:
            reasoning.append(part.text)
            if part.continuation:  # a thinking part without state has no entry (a call a part less)
                blocks.extend(_entries(part, len(blocks), len(calls)))
        elif kind is RefusalPart:
            refusals.append(part.text)
        elif kind is DataPart:
            texts.append(data_part_text(part))
        elif kind is ToolCallPart:
            call: Any = part
            function = {"name": call.name, "arguments": ""}
            arguments.put(function, call.input)
            calls.append({"id": call.id, "type": "function", "function": function})
        elif subclassed(part) is not None:  # a user's subclass of a kind: the body of lmcodec classes
            return _body(as_exact(response))
    arguments.settle()
    message: dict[str, Any] = {"role": "assistant", "content": "".join(texts) if texts else None}
    if reasoning:
        message["reasoning_content"] = "".join(reasoning)
    message["refusal"] = "".join(refusals) if refusals else None
    if calls:
        message["tool_calls"] = calls
    if blocks:
        message["thinking_blocks"] = blocks
    logprobs = (
        {"content": logprob_entries(response.logprobs, bytes_required=False)} if response.logprobs else None
    )
    choice = {
        "index": 0,
        "message": message,
        "logprobs": logprobs,
        "finish_reason": chat_finish(response.finish_reason, bool(calls)),
    }
    body: dict[str, Any] = {
        "id": response.id or new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": response.model,
        "choices": [choice],
    }
    usage = chat_usage(response.usage)
    if usage:  # nothing reported (a stream without include_usage): no usage, which the SDK allows
        body["usage"] = usage
    return body


def chat_finish(reason: str | None, wrote_calls: bool) -> str:
    """The Chat ``finish_reason`` of a canonical one: ``tool_calls`` only where tool calls were
    written (it promises ``message.tool_calls``), ``stop`` for a ``tool_call`` finish without one
    (an Anthropic ``pause_turn``, a Chat ``function_call`` finish)."""
    finish = FINISH_REASONS.get(reason or "stop", "stop")
    return "stop" if finish == "tool_calls" and not wrote_calls else finish


def _entries(part: ThinkingPart, first: int, after: int) -> list[dict[str, Any]]:
    """A thinking part's Anthropic state as ``thinking_blocks`` entries (numbered from ``first``),
    written after ``after`` of the message's tool calls (Claude's interleaved thinking, whose
    place the request reader puts it back in: ``_thinking_blocks.PLACE``)."""
    out: list[dict[str, Any]] = []
    for state in part.continuation:
        if state.provider != "anthropic":
            continue
        if state.kind == "thinking_signature" and isinstance(state.data.get("signature"), str):
            out.append(signed_entry(first + len(out), part.text, state.data["signature"], after))
        elif state.kind == "redacted_thinking" and isinstance(state.data.get("data"), str):
            out.append(redacted_entry(first + len(out), state.data["data"], after))
    return out
