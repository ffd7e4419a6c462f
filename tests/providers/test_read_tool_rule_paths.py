"""Refusals by the canonical Request's tool rules name the key of the client's body that broke
them (red team 19 F03; before: ``$``, ``canonical $`` or a canonical message's path)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

_SCHEMA = {"type": "object", "properties": {}}
_CHAT_TOOL = {"type": "function", "function": {"name": "get_weather", "parameters": _SCHEMA}}
_CLAUDE_TOOL = {"name": "get_weather", "description": "w", "input_schema": _SCHEMA}
_CLAUDE = {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [{"role": "user", "content": "Hi"}]}
_CHAT = {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "Hi"}]}
_OTHER = {"type": "function", "function": {"name": "lookup", "parameters": _SCHEMA}}

CASES: list[tuple[str, dict[str, Any], str]] = [
    ("anthropic", {**_CLAUDE, "tools": [_CLAUDE_TOOL, _CLAUDE_TOOL]}, "$.tools[1].name"),
    (
        "anthropic",
        {**_CLAUDE, "tools": [_CLAUDE_TOOL], "tool_choice": {"type": "tool", "name": "lookup"}},
        "$.tool_choice.name",
    ),
    ("openai_chat", {**_CHAT, "tools": [_CHAT_TOOL, _OTHER, _CHAT_TOOL]}, "$.tools[2].function.name"),
    ("openai_chat", {**_CHAT, "functions": [_CHAT_TOOL["function"]] * 2}, "$.functions[1].name"),
    (
        "openai",
        {
            "model": "gpt-4.1-mini",
            "input": "Hi",
            "tools": [{"type": "function", "name": "f", "parameters": _SCHEMA, "strict": False}] * 2,
        },
        "$.tools[1].name",
    ),
    (
        "gemini",
        {
            "contents": [
                {
                    "role": "user",
                    "parts": [{"text": "Hi"}, {"functionCall": {"name": "get_weather", "args": {}}}],
                }
            ]
        },
        "$.contents[0].parts[1]",
    ),
]


@pytest.mark.parametrize(("source", "body", "path"), CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_the_refusal_names_the_key_in_the_body(source: str, body: dict[str, Any], path: str) -> None:
    raw = json.dumps(body).encode()
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(source, raw)
    assert info.value.path == path
    for destination in ("openai", "openai_chat", "anthropic", "gemini"):
        with pytest.raises(lc.ValidationError) as info:
            lc.translate_request(source, destination, raw)
        assert info.value.path == path
