"""Token usage as each dialect means it, for the tests of usage crossing dialects (red team 4 F03).

A call's counts are stated once, in one meaning (``Counts``: the whole input, the cache reads and
writes inside it, the whole output, the reasoning inside it), rendered as each source dialect's
wire says them, and read back from what each destination's own SDK makes of the written bytes.
The meanings, from the providers' documentation:

- Anthropic: ``input_tokens`` is the uncached input; ``cache_read_input_tokens`` and
  ``cache_creation_input_tokens`` are counted beside it; ``output_tokens`` includes thinking
  (``output_tokens_details.thinking_tokens`` is a part of it).
- OpenAI Responses and Chat: the input count includes ``cached_tokens`` (and
  ``cache_write_tokens``); the output count includes ``reasoning_tokens``; total = input + output.
- Gemini: ``promptTokenCount`` includes ``cachedContentTokenCount``; ``candidatesTokenCount``
  excludes ``thoughtsTokenCount``; ``totalTokenCount`` counts all; no cache-write counter.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

import pytest

from ..providers.sdk_readers import _transport, anthropic, gemini_chunks, genai
from .write_support import _client, chat_completion

openai = pytest.importorskip("openai")
from openai._models import construct_type as openai_construct  # noqa: E402
from openai.lib.streaming.responses import ResponseStreamState  # noqa: E402
from openai.types.chat import ChatCompletion  # noqa: E402
from openai.types.responses import Response  # noqa: E402

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PAIRS = [(src, dst) for src in DIALECTS for dst in DIALECTS]


class Counts(NamedTuple):
    """A call's token counts in one meaning; ``None``: not reported."""

    input: int | None  # every input token, cached or not
    cache_read: int | None  # part of input
    cache_write: int | None  # part of input
    output: int | None  # every output token, reasoning included
    reasoning: int | None  # part of output
    total: int | None = None  # input + output where the wire says one


def _sub(a: int | None, *parts: int | None) -> int | None:
    return None if a is None else a - sum(p or 0 for p in parts)


def _put(out: dict[str, Any], key: str, value: int | None) -> None:
    if value is not None:
        out[key] = value


def wire_usage(dialect: str, c: Counts) -> dict[str, Any]:
    """``c`` as ``dialect``'s usage object says it."""
    total = c.input + c.output if c.input is not None and c.output is not None else None
    out: dict[str, Any] = {}
    if dialect == "anthropic":
        _put(out, "input_tokens", _sub(c.input, c.cache_read, c.cache_write))
        _put(out, "cache_creation_input_tokens", c.cache_write)
        _put(out, "cache_read_input_tokens", c.cache_read)
        _put(out, "output_tokens", c.output)
        if c.reasoning is not None:
            out["output_tokens_details"] = {"thinking_tokens": c.reasoning}
    elif dialect == "gemini":
        _put(out, "promptTokenCount", c.input)
        _put(out, "cachedContentTokenCount", c.cache_read)
        _put(out, "candidatesTokenCount", _sub(c.output, c.reasoning))
        _put(out, "thoughtsTokenCount", c.reasoning)
        _put(out, "totalTokenCount", total)
    else:
        chat = dialect == "openai_chat"
        _put(out, "prompt_tokens" if chat else "input_tokens", c.input)
        _put(out, "completion_tokens" if chat else "output_tokens", c.output)
        _put(out, "total_tokens", total)
        details: dict[str, Any] = {}
        _put(details, "cached_tokens", c.cache_read)
        _put(details, "cache_write_tokens", c.cache_write)
        if details:
            out["prompt_tokens_details" if chat else "input_tokens_details"] = details
        if c.reasoning is not None:
            key = "completion_tokens_details" if chat else "output_tokens_details"
            out[key] = {"reasoning_tokens": c.reasoning}
    return out


def as_read(src: str, dst: str, c: Counts, verbatim: bool = False) -> Counts:
    """What ``dst``'s client can read of ``c`` sent by ``src``: the source's wire and lm15's reading
    of it, the destination wire's own limits (its required counts, its missing counters);
    ``verbatim``: the source's body goes to its own dialect as it came (a Responses body)."""
    if src == "gemini" and not wire_usage(src, c):  # an empty usageMetadata: nothing reported
        c = Counts(None, None, None, None, None)
    elif src == "gemini" and dst != "gemini":  # lm15 reads a missing prompt or candidates count
        # as 0 (a Gemini client gets the source's chunk as it came); no cache writes
        output = (c.reasoning or 0) if c.output is None else c.output
        c = c._replace(input=c.input or 0, output=output, cache_write=None)
    if dst == "gemini":
        c = c._replace(cache_write=None)
    if dst == "anthropic":  # input_tokens and output_tokens are required: an unknown one reads as 0
        if c.input is None:
            c = c._replace(input=(c.cache_read or 0) + (c.cache_write or 0))
        if c.output is None:
            c = c._replace(output=0)
    # SDK-required counts, written by the destination writer: always between two dialects, and from
    # Responses to Responses unless the source's final response goes as it came (Chat to Chat copies
    # the source's usage chunk)
    rewritten = src != dst or (dst == "openai" and not verbatim)
    if dst in ("openai", "openai_chat") and rewritten and any(v is not None for v in c):
        if c.input is None:  # an unknown one reads as its reported parts (red team 9 F03)
            c = c._replace(input=(c.cache_read or 0) + (c.cache_write or 0))
        if c.output is None:
            c = c._replace(output=c.reasoning or 0)
    if dst == "openai" and not verbatim and any(v is not None for v in c):  # both details objects:
        # an unreported cached, cache-write or reasoning count is written as OpenAI's 0 (red team 21
        # F03; the cache-write count since rtleft25: the SDK requires it, OpenAI sends it)
        c = c._replace(
            cache_read=c.cache_read or 0, cache_write=c.cache_write or 0, reasoning=c.reasoning or 0
        )
    return c._replace(total=None)


def _get(obj: Any, name: str) -> Any:
    return None if obj is None else getattr(obj, name, None)


def _extra(obj: Any, name: str) -> Any:
    """A key the SDK's model does not declare (kept as an extra)."""
    if obj is None:
        return None
    value = getattr(obj, name, None)
    if value is None:
        value = (getattr(obj, "model_extra", None) or {}).get(name)
    return value


def counts_of(dst: str, usage: Any) -> Counts:
    """The counts a client of ``dst`` reads from its SDK's usage object, in the one meaning."""
    if usage is None:
        return Counts(None, None, None, None, None)
    if dst == "anthropic":
        cache_read = usage.cache_read_input_tokens
        cache_write = usage.cache_creation_input_tokens
        uncached = usage.input_tokens
        return Counts(
            input=None if uncached is None else uncached + (cache_read or 0) + (cache_write or 0),
            cache_read=cache_read,
            cache_write=cache_write,
            output=usage.output_tokens,
            reasoning=_get(usage.output_tokens_details, "thinking_tokens"),
        )
    if dst == "gemini":
        candidates, thoughts = usage.candidates_token_count, usage.thoughts_token_count
        return Counts(
            input=usage.prompt_token_count,
            cache_read=usage.cached_content_token_count,
            cache_write=None,
            output=None if candidates is None and thoughts is None else (candidates or 0) + (thoughts or 0),
            reasoning=thoughts,
            total=usage.total_token_count,
        )
    chat = dst == "openai_chat"
    details = _get(usage, "prompt_tokens_details" if chat else "input_tokens_details")
    out_details = _get(usage, "completion_tokens_details" if chat else "output_tokens_details")
    return Counts(
        input=_get(usage, "prompt_tokens" if chat else "input_tokens"),
        cache_read=_get(details, "cached_tokens"),
        cache_write=_extra(details, "cache_write_tokens"),
        output=_get(usage, "completion_tokens" if chat else "output_tokens"),
        reasoning=_get(out_details, "reasoning_tokens"),
        total=_get(usage, "total_tokens"),
    )


def check_client_counts(src: str, dst: str, sent: Counts, usage: Any, verbatim: bool = False) -> None:
    """The destination client reads the source's counts: input, cache reads and writes, output and
    reasoning equal; the cached part no larger than the input; the total = input + output."""
    got = counts_of(dst, usage)
    assert got._replace(total=None) == as_read(src, dst, sent, verbatim), (src, dst, wire_usage(src, sent))
    if got.input is not None and got.cache_read is not None:
        assert got.cache_read + (got.cache_write or 0) <= got.input
    if got.total is not None and got.input is not None and got.output is not None:
        assert got.total == got.input + got.output


def ids_aside(body: bytes) -> bytes:
    """``body`` with the ids a writer numbers per call (``msg_<hex>``, ``resp_<hex>``) as one."""
    return re.sub(rb'"([a-z]+)_[0-9a-f]{16,}"', rb'"\\1_ID"', body)


# ── source streams and bodies ─────────────────────────────────────────────────


def _sse(frames: list[dict[str, Any]], named: bool = False) -> bytes:
    out = []
    for frame in frames:
        if named:
            out.append(f"event: {frame['type']}\n")
        out.append(f"data: {json.dumps(frame)}\n\n")
    return "".join(out).encode()


def source_stream(src: str, c: Counts) -> bytes:
    """A one-text answer in ``src``'s stream form whose usage says ``c``."""
    usage = wire_usage(src, c)
    if src == "anthropic":
        message = {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 0, "output_tokens": 1},
        }
        return _sse(
            [
                {"type": "message_start", "message": message},
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Hi"}},
                {"type": "content_block_stop", "index": 0},
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": usage,
                },
                {"type": "message_stop"},
            ],
            named=True,
        )
    if src == "openai_chat":
        head = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}
        return (
            _sse(
                [
                    {
                        **head,
                        "choices": [
                            {
                                "index": 0,
                                "delta": {"role": "assistant", "content": "Hi"},
                                "finish_reason": None,
                            }
                        ],
                    },
                    {**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
                    {**head, "choices": [], "usage": usage},
                ]
            )
            + b"data: [DONE]\n\n"
        )
    if src == "gemini":
        return _sse(
            [
                {
                    "candidates": [
                        {
                            "content": {"parts": [{"text": "Hi"}], "role": "model"},
                            "finishReason": "STOP",
                            "index": 0,
                        }
                    ],
                    "usageMetadata": usage,
                    "modelVersion": "gemini-x",
                    "responseId": "r1",
                }
            ]
        )
    response = {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "model": "gpt-x",
        "status": "in_progress",
        "output": [],
    }
    item = {
        "type": "message",
        "id": "msg_1",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": "Hi", "annotations": []}],
    }
    done = {**response, "status": "completed", "output": [item], "usage": usage}
    return _sse(
        [
            {"type": "response.created", "sequence_number": 0, "response": response},
            {
                "type": "response.output_text.delta",
                "sequence_number": 1,
                "item_id": "msg_1",
                "output_index": 0,
                "content_index": 0,
                "delta": "Hi",
            },
            {"type": "response.completed", "sequence_number": 2, "response": done},
        ],
        named=True,
    )


def source_body(src: str, c: Counts) -> bytes:
    """A one-text answer as ``src``'s non-streamed body whose usage says ``c``."""
    usage = wire_usage(src, c)
    if src == "anthropic":
        body: dict[str, Any] = {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [{"type": "text", "text": "Hi"}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": usage,
        }
    elif src == "openai_chat":
        body = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-x",
            "choices": [
                {"index": 0, "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}
            ],
            "usage": usage,
        }
    elif src == "gemini":
        body = {
            "candidates": [
                {"content": {"parts": [{"text": "Hi"}], "role": "model"}, "finishReason": "STOP", "index": 0}
            ],
            "usageMetadata": usage,
            "modelVersion": "gemini-x",
            "responseId": "r1",
        }
    else:
        item = {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": "Hi", "annotations": []}],
        }
        body = {
            "id": "resp_1",
            "object": "response",
            "created_at": 1,
            "model": "gpt-x",
            "status": "completed",
            "output": [item],
            "usage": usage,
        }
    return json.dumps(body).encode()


# ── what each destination's SDK reads ─────────────────────────────────────────


def stream_usage(dst: str, body: bytes) -> Any:
    """The usage object ``dst``'s SDK gives for a written stream (its own client and accumulator)."""
    if dst == "openai_chat":
        return chat_completion(body).usage
    if dst == "openai":
        rstate: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
        with _client(body).responses.create(model="m-1", input="hi", stream=True) as rstream:
            for event in rstream:
                rstate.handle_event(event)
        return rstate._completed_response.usage
    if dst == "anthropic":
        client = anthropic.Anthropic(
            api_key="sk-test", http_client=_transport(body, "text/event-stream"), max_retries=0
        )
        with client.messages.stream(
            model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
        ) as s:
            return s.get_final_message().usage
    chunks = [c for c in gemini_chunks(body) if c.usage_metadata is not None]
    return chunks[-1].usage_metadata if chunks else None


def body_usage(dst: str, body: bytes) -> Any:
    """The usage object ``dst``'s SDK gives for a written non-streamed body (built as each client
    builds it: the openai and anthropic clients construct without validating)."""
    data = json.loads(body)
    if dst == "openai_chat":
        return openai_construct(value=data, type_=ChatCompletion).usage  # type: ignore[attr-defined]
    if dst == "openai":
        return openai_construct(value=data, type_=Response).usage  # type: ignore[attr-defined]
    if dst == "anthropic":
        return anthropic.types.Message.model_validate(data).usage
    return genai.types.GenerateContentResponse.model_validate(data).usage_metadata
