"""Long synthesized provider streams, frame for frame in each provider's exact event format.

Every frame is modelled on the captured bodies of the lm15 contract corpus
(``shared/corpus/lm15-contract/bodies/*stream*/``): the same keys in the same
order, the same JSON spelling (compact for OpenAI, Anthropic's space padding
before the closing brace, Gemini's ``": "`` separators), the same lifecycle
frames (``response.created`` ... ``response.completed``, ``message_start`` ...
``message_stop``, the Chat usage chunk and ``[DONE]``), ids, obfuscation
strings, sequence numbers and usage blocks.

A stream holds ``texts`` text deltas (token-sized words, some non-ASCII, some
escapes) followed by ``tools`` tool calls whose JSON arguments arrive in
``fragments`` pieces each. Gemini does not stream arguments: its tool calls
come as whole ``functionCall`` parts, all in the last chunk (as parallel calls arrive).

    stream = synth("anthropic")        # texts=2000, tools=4, fragments=300
    stream.body                        # the whole SSE body
    stream.events                      # the body cut into one chunk per SSE event
    stream.text, stream.tool_calls     # what assembling it must give
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_WORDS = (
    "The",
    " quick",
    " analysis",
    " of",
    " the",
    " data",
    " shows",
    " that",
    " the",
    " median",
    " latency",
    " dropped",
    " by",
    " 42",
    "%",
    " after",
    " the",
    " change",
    ".",
    "\n\n",
    "**",
    "Key",
    " points",
    "**",
    ":",
    "\n",
    "-",
    " throughput",
    " rose",
    " —",
    " roughly",
    " 3",
    "≈",
    " faster",
    ";",
    " café",
    " naïve",
    " résumé",
    ' "',
    "quoted",
    '"',
    " text",
    " and",
    " a",
    " tab",
    "\t",
    "here",
    ",",
    " 数据",
    " 👍",
    " done",
    "!",
)


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]


@dataclass(frozen=True)
class Stream:
    """One synthesized SSE body and what it must assemble to."""

    provider: str
    events: tuple[bytes, ...]  # one complete SSE event (its lines and blank line) per item
    text: str
    tool_calls: tuple[ToolCall, ...]
    body: bytes = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "body", b"".join(self.events))

    @property
    def n_events(self) -> int:
        """SSE events in the body (the benchmark's unit)."""
        return len(self.events)


def _sse(name: str | None, data: str) -> bytes:
    return ((f"event: {name}\n" if name else "") + f"data: {data}\n\n").encode("utf-8")


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _token(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_ALNUM) for _ in range(n))


def _text_deltas(n: int) -> list[str]:
    return [_WORDS[i % len(_WORDS)] for i in range(n)]


def _arguments(k: int, rng: random.Random) -> dict[str, Any]:
    """Tool arguments of a few KiB: nested objects, arrays, numbers, non-ASCII strings."""
    return {
        "query": f"quarterly revenue by region, call {k} — “Montréal” & 東京",
        "filters": {"year": 2025, "regions": ["north", "south", "east", "west"], "include_tax": k % 2 == 0},
        "rows": [
            {"id": i, "label": f"item {i} ({_token(rng, 5)})", "score": round(rng.random(), 4), "ok": True}
            for i in range(40)
        ],
        "note": 'line one\nline two with a "quote" and a backslash \\ end',
    }


def _fragments(text: str, n: int, rng: random.Random) -> list[str]:
    """``text`` cut into ``n`` non-empty pieces at random character offsets."""
    n = max(1, min(n, len(text)))
    cuts = sorted(rng.sample(range(1, len(text)), n - 1))
    return [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]


def _tool_calls(tools: int, rng: random.Random, id_of: Callable[[int], str]) -> list[ToolCall]:
    names = ("search_records", "get_weather", "create_report", "send_email", "lookup_customer")
    return [ToolCall(id_of(k), names[k % len(names)], _arguments(k, rng)) for k in range(tools)]


# -- OpenAI Responses API ------------------------------------------------------------


def synth_openai(texts: int = 2000, tools: int = 4, fragments: int = 300, seed: int = 0) -> Stream:
    rng = random.Random(seed)
    words = _text_deltas(texts)
    text = "".join(words)
    calls = _tool_calls(tools, rng, lambda k: "call_" + _token(rng, 24))
    rid = "resp_00908cd0f7c5fb98006a989365e5e087d29d0174678225d1f5"
    mid = "msg_00908cd0f7c5fb98006a9893667a2c81a0b1f5e8d2c3a4b5c6"
    fids = [f"fc_00908cd0f7c5fb98006a98936{k:02d}69c87d2acee5212b7a8d8df" for k in range(tools)]
    tool_defs = [
        {
            "type": "function",
            "description": f"Tool {c.name}.",
            "name": c.name,
            "output_schema": None,
            "parameters": {"type": "object", "properties": {}, "additionalProperties": True},
            "strict": False,
        }
        for c in calls
    ]

    def response(status: str, output: list[Any], usage: Any, completed_at: Any) -> dict[str, Any]:
        return {
            "id": rid,
            "object": "response",
            "created_at": 1788384101,
            "status": status,
            "background": False,
            "completed_at": completed_at,
            "error": None,
            "frequency_penalty": 0.0,
            "incomplete_details": None,
            "instructions": None,
            "max_output_tokens": None,
            "max_tool_calls": None,
            "model": "gpt-5.4-mini-2026-03-17",
            "moderation": None,
            "output": output,
            "parallel_tool_calls": True,
            "presence_penalty": 0.0,
            "previous_response_id": None,
            "prompt_cache_key": None,
            "prompt_cache_retention": "24h",
            "reasoning": {"context": "current_turn", "effort": "none", "mode": "standard", "summary": None},
            "safety_identifier": None,
            "service_tier": "auto" if status == "in_progress" else "default",
            "store": True,
            "temperature": 1.0,
            "text": {"format": {"type": "text"}, "verbosity": "medium"},
            "tool_choice": "auto",
            "tools": tool_defs,
            "top_logprobs": 0,
            "top_p": 0.98,
            "truncation": "disabled",
            "usage": usage,
            "user": None,
            "metadata": {},
        }

    seq = iter(range(1 << 30))
    out: list[bytes] = []

    def emit(name: str, payload: dict[str, Any]) -> None:
        out.append(_sse(name, _compact({"type": name, **payload, "sequence_number": next(seq)})))

    def message(status: str, content: list[Any]) -> dict[str, Any]:
        return {"id": mid, "type": "message", "status": status, "content": content, "role": "assistant"}

    def fcall(k: int, status: str, arguments: str) -> dict[str, Any]:
        c = calls[k]
        return {
            "id": fids[k],
            "type": "function_call",
            "status": status,
            "arguments": arguments,
            "call_id": c.id,
            "name": c.name,
        }

    part_done = {"type": "output_text", "annotations": [], "logprobs": [], "text": text}
    emit("response.created", {"response": response("in_progress", [], None, None)})
    emit("response.in_progress", {"response": response("in_progress", [], None, None)})
    emit("response.output_item.added", {"item": message("in_progress", []), "output_index": 0})
    emit(
        "response.content_part.added",
        {
            "content_index": 0,
            "item_id": mid,
            "output_index": 0,
            "part": {"type": "output_text", "annotations": [], "logprobs": [], "text": ""},
        },
    )
    for w in words:
        emit(
            "response.output_text.delta",
            {
                "content_index": 0,
                "delta": w,
                "item_id": mid,
                "logprobs": [],
                "obfuscation": _token(rng, max(2, 16 - len(w))),
                "output_index": 0,
            },
        )
    emit(
        "response.output_text.done",
        {"content_index": 0, "item_id": mid, "logprobs": [], "output_index": 0, "text": text},
    )
    emit(
        "response.content_part.done",
        {"content_index": 0, "item_id": mid, "output_index": 0, "part": part_done},
    )
    emit("response.output_item.done", {"item": message("completed", [part_done]), "output_index": 0})
    for k, c in enumerate(calls):
        args = _compact(c.arguments)
        emit("response.output_item.added", {"item": fcall(k, "in_progress", ""), "output_index": k + 1})
        for piece in _fragments(args, fragments, rng):
            emit(
                "response.function_call_arguments.delta",
                {
                    "delta": piece,
                    "item_id": fids[k],
                    "obfuscation": _token(rng, max(2, 16 - len(piece))),
                    "output_index": k + 1,
                },
            )
        emit(
            "response.function_call_arguments.done",
            {"arguments": args, "item_id": fids[k], "output_index": k + 1},
        )
        emit("response.output_item.done", {"item": fcall(k, "completed", args), "output_index": k + 1})
    usage = {
        "input_tokens": 139,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": texts + tools * fragments,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 139 + texts + tools * fragments,
    }
    final = [message("completed", [part_done])] + [
        fcall(k, "completed", _compact(c.arguments)) for k, c in enumerate(calls)
    ]
    emit("response.completed", {"response": response("completed", final, usage, 1788384102)})
    return Stream("openai", tuple(out), text, tuple(calls))


# -- OpenAI Chat Completions -----------------------------------------------------------


def synth_openai_chat(texts: int = 2000, tools: int = 4, fragments: int = 300, seed: int = 0) -> Stream:
    rng = random.Random(seed)
    words = _text_deltas(texts)
    calls = _tool_calls(tools, rng, lambda k: "call_" + _token(rng, 24))
    out: list[bytes] = []

    def chunk(choices: list[Any], usage: Any = None) -> None:
        frame = {
            "id": "chatcmpl-EJmgp9wGoa2FxWGHAEs1TeU7v3hH4",
            "object": "chat.completion.chunk",
            "created": 1788384103,
            "model": "gpt-5.4-mini-2026-03-17",
            "service_tier": "default",
            "system_fingerprint": None,
            "choices": choices,
            "usage": usage,
            "obfuscation": _token(rng, rng.randint(2, 14)),
        }
        out.append(_sse(None, _compact(frame)))

    chunk(
        [
            {
                "index": 0,
                "delta": {"role": "assistant", "content": "", "refusal": None},
                "logprobs": None,
                "finish_reason": None,
            }
        ]
    )
    for w in words:
        chunk([{"index": 0, "delta": {"content": w}, "logprobs": None, "finish_reason": None}])
    for k, c in enumerate(calls):
        head = {"index": k, "id": c.id, "type": "function", "function": {"name": c.name, "arguments": ""}}
        chunk([{"index": 0, "delta": {"tool_calls": [head]}, "finish_reason": None}])
        for piece in _fragments(_compact(c.arguments), fragments, rng):
            delta = {"tool_calls": [{"index": k, "function": {"arguments": piece}}]}
            chunk([{"index": 0, "delta": delta, "finish_reason": None}])
    chunk([{"index": 0, "delta": {}, "finish_reason": "tool_calls" if calls else "stop"}])
    n_out = texts + tools * fragments
    usage = {
        "prompt_tokens": 139,
        "completion_tokens": n_out,
        "total_tokens": 139 + n_out,
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    }
    chunk([], usage)
    out.append(_sse(None, "[DONE]"))
    return Stream("openai_chat", tuple(out), "".join(words), tuple(calls))


# -- Anthropic Messages ------------------------------------------------------------------


def synth_anthropic(texts: int = 2000, tools: int = 4, fragments: int = 300, seed: int = 0) -> Stream:
    rng = random.Random(seed)
    words = _text_deltas(texts)
    calls = _tool_calls(tools, rng, lambda k: "toolu_01" + _token(rng, 22))
    out: list[bytes] = []

    def emit(name: str, payload: dict[str, Any]) -> None:
        # The API pads each frame with spaces before its closing brace (see the captures).
        data = _compact({"type": name, **payload})
        out.append(_sse(name, data[:-1] + " " * rng.randint(0, 14) + "}"))

    usage0 = {
        "input_tokens": 573,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
        "output_tokens": 22,
        "service_tier": "standard",
        "inference_geo": "not_available",
    }
    emit(
        "message_start",
        {
            "message": {
                "model": "claude-haiku-4-5-20251001",
                "id": "msg_011CefKAcwrxpVDgJAAkGQiB",
                "type": "message",
                "role": "assistant",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "stop_details": None,
                "usage": usage0,
            }
        },
    )
    emit("content_block_start", {"index": 0, "content_block": {"type": "text", "text": ""}})
    out.append(_sse("ping", '{"type": "ping"}'))
    for w in words:
        emit("content_block_delta", {"index": 0, "delta": {"type": "text_delta", "text": w}})
    emit("content_block_stop", {"index": 0})
    for k, c in enumerate(calls):
        i = k + 1
        block = {"type": "tool_use", "id": c.id, "name": c.name, "input": {}, "caller": {"type": "direct"}}
        emit("content_block_start", {"index": i, "content_block": block})
        emit("content_block_delta", {"index": i, "delta": {"type": "input_json_delta", "partial_json": ""}})
        for piece in _fragments(json.dumps(c.arguments, ensure_ascii=False), fragments - 1, rng):
            emit(
                "content_block_delta",
                {"index": i, "delta": {"type": "input_json_delta", "partial_json": piece}},
            )
        emit("content_block_stop", {"index": i})
    emit(
        "message_delta",
        {
            "delta": {
                "stop_reason": "tool_use" if calls else "end_turn",
                "stop_sequence": None,
                "stop_details": None,
            },
            "usage": {
                "input_tokens": 573,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "output_tokens": texts + tools * fragments,
            },
        },
    )
    emit("message_stop", {})
    return Stream("anthropic", tuple(out), "".join(words), tuple(calls))


# -- Gemini streamGenerateContent?alt=sse ---------------------------------------------------


def synth_gemini(texts: int = 2000, tools: int = 4, fragments: int = 300, seed: int = 0) -> Stream:
    """``fragments`` is ignored: Gemini sends each function call whole, in one part."""
    rng = random.Random(seed)
    words = _text_deltas(texts)
    calls = _tool_calls(tools, rng, lambda k: "")
    signature = "CiQBEU0yD78p51q1FQC7X11lrVcwgxtsF9CJhoR2+4TZrT8Vl/AKcwERTTIP5xTmwXm/Qi0TcapZTMEJk9zy5Jjx"
    out: list[bytes] = []
    produced = 0

    def chunk(parts: list[Any], last: bool) -> None:
        nonlocal produced
        produced += 1
        cand: dict[str, Any] = {"content": {"parts": parts, "role": "model"}}
        if last:
            cand["finishReason"] = "STOP"
        cand["index"] = 0
        if last and calls:
            cand["finishMessage"] = "Model generated function call(s)."
        frame = {
            "candidates": [cand],
            "usageMetadata": {
                "promptTokenCount": 54,
                "candidatesTokenCount": produced,
                "totalTokenCount": 113 + produced,
                "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 54}],
                "thoughtsTokenCount": 59,
            },
            "modelVersion": "gemini-2.5-flash",
            "responseId": "a5OYat3RMvaq_uMPl9PO4AY",
        }
        out.append(_sse(None, json.dumps(frame, separators=(",", ": "), ensure_ascii=False)))

    for i, w in enumerate(words):
        chunk([{"text": w}], last=not calls and i == len(words) - 1)
    if calls:
        # Parallel calls arrive together, in the last chunk (one part each; the first signed).
        parts: list[Any] = [{"functionCall": {"name": c.name, "args": c.arguments}} for c in calls]
        parts[0]["thoughtSignature"] = signature
        chunk(parts, last=True)
    return Stream("gemini", tuple(out), "".join(words), tuple(calls))


SYNTH: dict[str, Callable[..., Stream]] = {
    "openai": synth_openai,
    "openai_chat": synth_openai_chat,
    "anthropic": synth_anthropic,
    "gemini": synth_gemini,
}


def synth(provider: str, texts: int = 2000, tools: int = 4, fragments: int = 300, seed: int = 0) -> Stream:
    return SYNTH[provider](texts=texts, tools=tools, fragments=fragments, seed=seed)
