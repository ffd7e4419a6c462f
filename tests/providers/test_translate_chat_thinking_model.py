"""Anthropic's signed thinking to a Chat backend goes as ``thinking_blocks`` only toward Claude.

A Chat backend fronting Claude (LiteLLM, OpenRouter, a chained lmcodec gateway) takes Claude's
signed and redacted blocks back as an assistant row's ``thinking_blocks``; OpenAI's own Chat
Completions API refuses a message key it does not know ("Additional properties are not allowed
('thinking_blocks' was unexpected) - 'messages.1'"), so a gateway failing over from Claude to a
gpt-* model with an Anthropic client's history would be refused. The rule: ``thinking_blocks``
go only where the destination model names a Claude model (its name holds "claude", in any
case); to any other model the thinking is left out, each part ``dropped`` (as before 860fbe2).
The same rule holds Chat -> Chat for a client's own ``thinking_blocks``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.chat import ChatCompletionAssistantMessageParam

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts, responses_body
from .test_translate_thinking_carriage import REDACTED, SIGNATURE

CLAUDE = [
    "claude-sonnet-4-5",
    "anthropic/claude-opus-4-6",
    "bedrock/anthropic.claude-3-7-sonnet-20250219-v1:0",
    "openrouter/anthropic/claude-sonnet-4",
    "Claude-Sonnet-4-5",
]
NOT_CLAUDE = ["gpt-4o", "gpt-5", "o4-mini", "deepseek-reasoner"]

ASSISTANT_KEYS = frozenset(ChatCompletionAssistantMessageParam.__annotations__)
"""The keys OpenAI's Chat Completions API takes on an assistant message (it refuses others)."""

SIGNED = {"type": "thinking", "thinking": "Need the weather tool.", "signature": SIGNATURE}
REDACTED_BLOCK = {"type": "redacted_thinking", "data": REDACTED}
CALL = {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
TOOL = {"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}


def _anthropic(model: str) -> bytes:
    return anthropic_body(
        model=model,
        max_tokens=2048,
        thinking={"type": "enabled", "budget_tokens": 1024},
        tools=[TOOL],
        messages=[
            {"role": "user", "content": "Weather in Paris?"},
            {"role": "assistant", "content": [SIGNED, REDACTED_BLOCK, CALL]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "18C"}],
            },
        ],
    )


def _chat(model: str) -> bytes:
    call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
    }
    assistant = {
        "role": "assistant",
        "content": "",
        "tool_calls": [call],
        "thinking_blocks": [SIGNED, REDACTED_BLOCK],
    }
    return json.dumps(
        {
            "model": model,
            "messages": [
                {"role": "user", "content": "Weather in Paris?"},
                assistant,
                {"role": "tool", "tool_call_id": "call_1", "content": "18C"},
            ],
        }
    ).encode()


def _rows(built: Any) -> list[dict[str, Any]]:
    return [row for row in json.loads(built.body)["messages"] if row["role"] == "assistant"]


def _thinking_notes(built: Any) -> list[tuple[str, str]]:
    return [(a.field, a.action) for a in built.adaptations if a.field.startswith("messages[1].parts[")]


@pytest.mark.parametrize("model", NOT_CLAUDE)
@pytest.mark.parametrize("source", ["anthropic", "openai_chat"])
def test_no_thinking_blocks_to_a_model_that_is_not_claude(source: str, model: str) -> None:
    body = _anthropic(model) if source == "anthropic" else _chat(model)
    built = lc.translate_request(source, "openai_chat", body)
    (row,) = _rows(built)
    assert set(row) <= ASSISTANT_KEYS, set(row) - ASSISTANT_KEYS
    assert "Need the weather tool." not in built.body.decode()  # not sent as text either
    dropped = [field for field, action in _thinking_notes(built) if action == "dropped"]
    assert {"messages[1].parts[0]", "messages[1].parts[1]"} <= {
        f.removesuffix(".continuation") for f in dropped
    }
    chat_accepts(built.body)


@pytest.mark.parametrize("model", CLAUDE)
@pytest.mark.parametrize("source", ["anthropic", "openai_chat"])
def test_thinking_blocks_to_a_claude_model(source: str, model: str) -> None:
    body = _anthropic(model) if source == "anthropic" else _chat(model)
    built = lc.translate_request(source, "openai_chat", body)
    (row,) = _rows(built)
    assert row["thinking_blocks"] == [SIGNED, REDACTED_BLOCK]
    assert "dropped" not in {action for _, action in _thinking_notes(built)}


def test_the_model_given_to_translate_request_decides() -> None:
    """The destination model is the built request's: ``model=`` overrides the body's."""
    to_gpt = lc.translate_request("anthropic", "openai_chat", _anthropic("claude-sonnet-4-5"), model="gpt-4o")
    assert set(_rows(to_gpt)[0]) <= ASSISTANT_KEYS
    to_claude = lc.translate_request("openai_chat", "openai_chat", _chat("gpt-4o"), model="claude-sonnet-4-5")
    assert _rows(to_claude)[0]["thinking_blocks"] == [SIGNED, REDACTED_BLOCK]


def test_a_responses_clients_carried_thinking_to_gpt_is_left_out() -> None:
    """A Responses client's carriage of Claude's thinking (from a chain through lmcodec) to gpt-*."""
    answer = lc.decode_response(
        "anthropic",
        json.dumps(
            {
                "id": "msg_1",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [SIGNED, CALL],
                "stop_reason": "tool_use",
                "stop_sequence": None,
                "usage": {"input_tokens": 4, "output_tokens": 4},
            }
        ).encode(),
    )
    output = json.loads(lc.encode_response("openai", answer))["output"]
    body = responses_body(
        model="gpt-4o",
        input=[
            {"role": "user", "content": "Weather in Paris?"},
            *output,
            {"type": "function_call_output", "call_id": "toolu_01", "output": "18C"},
        ],
    )
    built = lc.translate_request("openai", "openai_chat", body)
    for row in _rows(built):
        assert set(row) <= ASSISTANT_KEYS
    assert any(a.action == "dropped" for a in built.adaptations)
    to_claude = lc.translate_request("openai", "openai_chat", body, model="claude-sonnet-4-5")
    assert any("thinking_blocks" in row for row in _rows(to_claude))
