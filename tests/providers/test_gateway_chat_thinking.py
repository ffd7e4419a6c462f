"""Chat -> Chat through ``lc.translate_request`` with replayed reasoning (red-team 5 F07): lm15's
Chat builder writes a ThinkingPart as assistant text, so a replayed ``reasoning_content`` and
Anthropic-signed ``thinking_blocks`` reached the backend as what the assistant said
(``"The user asks...\\n4"``), with no Adaptation. Now ``reasoning_content`` is left out
(``dropped``; DeepSeek's docs: it must not be sent back), signed ``thinking_blocks`` go on as
``thinking_blocks`` (the Chat wire's own field for them, which a Chat backend fronting Claude
replays), and reasoning never becomes content, in every pair."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import chat_accepts, notes

PRIVATE = "The user asks 2+2. PRIVATE-REASONING-77a1"
SIG = "EqQBCkYIBxgCKkBsignature=="
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def _body(assistant: dict[str, Any], **extra: Any) -> bytes:
    messages = [
        {"role": "user", "content": "2+2?"},
        assistant,
        {"role": "user", "content": "times 3?"},
    ]
    return json.dumps({"model": "deepseek-reasoner", "messages": messages, **extra}).encode()


DEEPSEEK = _body({"role": "assistant", "content": "4", "reasoning_content": PRIVATE})
CLAUDE_VIA_CHAT = json.dumps(
    {
        "model": "claude-sonnet-4-5",
        "messages": [
            {"role": "user", "content": "weather?"},
            {
                "role": "assistant",
                "content": "",
                "reasoning_content": PRIVATE,
                "thinking_blocks": [
                    {"type": "thinking", "thinking": PRIVATE, "signature": SIG, "index": 0},
                    {"type": "redacted_thinking", "data": "REDACTED-DATA", "index": 1},
                ],
                "tool_calls": [
                    {
                        "id": "toolu_01A",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": "{}"},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        ],
        "tools": [
            {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}
        ],
    }
).encode()


def _rows(built: Any) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(built.body)["messages"]
    return rows


def test_chat_to_chat_leaves_reasoning_content_out() -> None:
    built = lc.translate_request("openai_chat", "openai_chat", DEEPSEEK)
    assert PRIVATE.encode() not in built.body
    assert _rows(built)[1] == {"role": "assistant", "content": "4"}
    assert ("messages[1].parts[0]", "dropped", PRIVATE, None) in notes(built, "messages")
    chat_accepts(built.body)


def test_chat_to_chat_forwards_signed_thinking_blocks_as_thinking_blocks() -> None:
    built = lc.translate_request("openai_chat", "openai_chat", CLAUDE_VIA_CHAT)
    row = _rows(built)[1]
    assert row["thinking_blocks"] == [
        {"type": "thinking", "thinking": PRIVATE, "signature": SIG},
        {"type": "redacted_thinking", "data": "REDACTED-DATA"},
    ]
    assert PRIVATE not in (row.get("content") or "")
    assert "REDACTED" not in (row.get("content") or "")
    assert row["tool_calls"][0]["id"] == "toolu_01A"
    assert "reasoning_content" not in row
    assert not [a for a in built.adaptations if a.field.startswith("messages[1]")]
    # the body read back is the same conversation, the signed blocks with their state
    again = lc.decode_request("openai_chat", built.body)
    original = lc.decode_request("openai_chat", CLAUDE_VIA_CHAT)
    assert again.messages == original.messages


def test_chat_to_chat_without_thinking_is_build_of_decode() -> None:
    body = _body({"role": "assistant", "content": "4"})
    built = lc.translate_request("openai_chat", "openai_chat", body)
    assert built == lc.build_request("openai_chat", lc.decode_request("openai_chat", body))


def test_a_turn_of_reasoning_only_keeps_its_row() -> None:
    body = _body({"role": "assistant", "content": None, "reasoning_content": PRIVATE})
    built = lc.translate_request("openai_chat", "openai_chat", body)
    assert PRIVATE.encode() not in built.body
    assert [row["role"] for row in _rows(built)] == ["user", "assistant", "user"]
    chat_accepts(built.body)


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("body", [DEEPSEEK, CLAUDE_VIA_CHAT], ids=["reasoning_content", "thinking_blocks"])
def test_reasoning_never_becomes_content(destination: str, body: bytes) -> None:
    built = lc.translate_request(
        "openai_chat", destination, body, model="m" if destination == "gemini" else None
    )
    sent = json.loads(built.body)
    if destination == "anthropic":  # signed thinking goes back as thinking blocks, nothing else
        for message in sent["messages"]:
            for block in message["content"]:
                if block["type"] == "text":
                    assert PRIVATE not in block["text"]
    elif destination == "openai_chat":
        for row in sent["messages"]:
            assert PRIVATE not in json.dumps(row.get("content"))
            assert "reasoning_content" not in row
    else:
        assert PRIVATE.encode() not in built.body
