"""Variants the installed anthropic SDK types and the canonical Request has no place for, refused
in words (red team 19 F06: before, msgspec's bare "Invalid enum value")."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

_BASE: dict[str, Any] = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}],
}
CASES = [
    (
        {**_BASE, "messages": [*_BASE["messages"], {"role": "system", "content": "Be brief."}]},
        "$.messages[2].role",
        "a message of role 'system' cannot be carried",
    ),
    (
        {**_BASE, "thinking": {"type": "between_tools"}},
        "$.thinking.type",
        "thinking of type 'between_tools' cannot be carried",
    ),
]


@pytest.mark.parametrize(("body", "path", "words"), CASES, ids=["system message", "between_tools"])
def test_refused_in_words_at_its_path(body: dict[str, Any], path: str, words: str) -> None:
    raw = json.dumps(body).encode()
    calls = [lambda: lc.decode_request("anthropic", raw)] + [
        lambda d=d: lc.translate_request("anthropic", d, raw)
        for d in ("anthropic", "openai", "openai_chat", "gemini")
    ]
    for call in calls:
        with pytest.raises(lc.ValidationError) as info:
            call()
        assert info.value.path == path
        assert info.value.message.startswith(words)
