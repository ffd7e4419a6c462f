"""A deterministic, built-in workload: realistic conversation-log records made in memory.

Used by ``lmcodec bench`` and by the benchmark suite, so that every figure is
measured on the same data without downloading anything.
"""

from __future__ import annotations

import random
import string
from typing import Any

__all__ = ["turn_dicts"]

_WORDS = (
    "the model reads a request and answers with text tool calls and reasoning about weather "
    "paris lyon celsius forecast stream token delta assemble encode decode message part json "
    "schema provider signature cache usage latency throughput benchmark conversation log record"
).split()


def _sentence(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(words)).capitalize() + "."


def _paragraphs(rng: random.Random, chars: int) -> str:
    out: list[str] = []
    size = 0
    while size < chars:
        s = _sentence(rng, rng.randint(6, 18))
        out.append(s)
        size += len(s) + 1
    return " ".join(out)


def _signature(rng: random.Random, n: int) -> str:
    alphabet = string.ascii_letters + string.digits + "+/"
    return "".join(rng.choice(alphabet) for _ in range(n)) + "=="


def _tool_schema(name: str) -> dict[str, Any]:
    return {
        "type": "function",
        "name": name,
        "description": f"Look up {name.replace('_', ' ')} for a place.",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {"type": "string", "description": "City name"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
                "days": {"type": "integer", "minimum": 1, "maximum": 10},
            },
            "required": ["location"],
        },
    }


def _logprobs(rng: random.Random, n: int) -> list[dict[str, Any]]:
    out = []
    for _ in range(n):
        token = rng.choice(_WORDS)
        out.append(
            {
                "token": token,
                "logprob": -round(rng.random() * 3, 6),
                "bytes": list(token.encode()),
                "top": [
                    {"token": alt, "logprob": -round(rng.random() * 8 + 3, 6)}
                    for alt in rng.sample(_WORDS, 2)
                ],
            }
        )
    return out


def turn_dict(rng: random.Random, index: int) -> dict[str, Any]:
    """One Turn record (~10 KiB of canonical JSON): an 8-message request and its response."""
    tools = [_tool_schema(name) for name in ("get_weather", "get_forecast", "search_docs")]
    call_ids = [f"call_{index}_{k}" for k in range(2)]
    messages: list[dict[str, Any]] = [
        {"role": "user", "parts": [{"type": "text", "text": _paragraphs(rng, 600)}]},
        {
            "role": "assistant",
            "parts": [
                {
                    "type": "thinking",
                    "text": _paragraphs(rng, 500),
                    "continuation": [
                        {
                            "provider": "anthropic",
                            "kind": "thinking_signature",
                            "data": {"signature": _signature(rng, 300)},
                        }
                    ],
                },
                {"type": "text", "text": _sentence(rng, 12)},
                {
                    "type": "tool_call",
                    "id": call_ids[0],
                    "name": "get_weather",
                    "input": {"location": "Paris", "unit": "celsius", "days": 3},
                },
                {
                    "type": "tool_call",
                    "id": call_ids[1],
                    "name": "get_forecast",
                    "input": {"location": "Lyon", "unit": "celsius"},
                },
            ],
        },
        {
            "role": "tool",
            "parts": [
                {
                    "type": "tool_result",
                    "id": call_ids[0],
                    "content": [{"type": "text", "text": _paragraphs(rng, 300)}],
                },
                {
                    "type": "tool_result",
                    "id": call_ids[1],
                    "name": "get_forecast",
                    "content": [{"type": "text", "text": _paragraphs(rng, 300)}],
                },
            ],
        },
        {"role": "assistant", "parts": [{"type": "text", "text": _paragraphs(rng, 700)}]},
        {"role": "user", "parts": [{"type": "text", "text": _paragraphs(rng, 300)}]},
        {
            "role": "assistant",
            "parts": [
                {"type": "text", "text": _paragraphs(rng, 600)},
                {"type": "citation", "url": "https://example.com/weather", "title": "Weather"},
            ],
        },
        {"role": "developer", "parts": [{"type": "text", "text": _sentence(rng, 20)}]},
        {"role": "user", "parts": [{"type": "text", "text": _paragraphs(rng, 400)}]},
    ]
    request: dict[str, Any] = {
        "model": "claude-sonnet-4-5",
        "messages": messages,
        "system": "You are a concise weather assistant. " + _sentence(rng, 20),
        "tools": tools,
        "config": {
            "max_tokens": 2048,
            "temperature": 0.7,
            "stop": ["\n\nHuman:"],
            "tool_choice": {"mode": "auto", "parallel": True},
            "reasoning": {"effort": "medium", "thinking_budget": 4096},
        },
    }
    response: dict[str, Any] = {
        "id": f"msg_{index:06d}",
        "model": "claude-sonnet-4-5-20250929",
        "message": {
            "role": "assistant",
            "parts": [
                {
                    "type": "thinking",
                    "text": _paragraphs(rng, 400),
                    "continuation": [
                        {
                            "provider": "anthropic",
                            "kind": "thinking_signature",
                            "data": {"signature": _signature(rng, 300)},
                        }
                    ],
                },
                {"type": "text", "text": _paragraphs(rng, 2500)},
            ],
        },
        "finish_reason": "stop",
        "usage": {
            "input_tokens": 1800 + index % 100,
            "output_tokens": 700 + index % 50,
            "total_tokens": 2500 + index % 100 + index % 50,
            "cache_read_tokens": 1024,
            "reasoning_tokens": 180,
        },
    }
    if index % 4 == 0:
        response["logprobs"] = _logprobs(rng, 24)
    return {
        "id": f"turn-{index:06d}",
        "created_at": "2026-11-30T12:00:00Z",
        "request": request,
        "response": response,
    }


def turn_dicts(count: int = 2000, *, seed: int = 15) -> list[dict[str, Any]]:
    """``count`` Turn records as canonical builtins (dicts), the same for a given seed."""
    rng = random.Random(seed)
    return [turn_dict(rng, i) for i in range(count)]
