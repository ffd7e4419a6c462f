"""What Claude refuses in a request another dialect's client sent, fixed by ``lc.translate_request``
(red team 5 F06, F09): each change is in ``.adaptations``, and each body is checked against the
anthropic SDK's ``MessageCreateParams``.

F06: with manual extended thinking (``thinking: {"type": "enabled"}``), the assistant turn of the
tool loop in progress must start with a thinking block (Anthropic: "Expected `thinking` or
`redacted_thinking`, but found `tool_use`"). A google-genai client (its wire carries no Anthropic
signature), a Chat client that rebuilds its assistant message, a failover from another backend
have none: the request goes without thinking (LiteLLM's rule), ``config.reasoning`` ``dropped``.
"""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body

TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object"}}}]
CALL = {
    "id": "toolu_01A",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
}
SIGNED = [{"type": "thinking", "thinking": "Let me check.", "signature": "sig-1"}]


def _chat(model: str, *messages: Any, **params: Any) -> bytes:
    return chat_body(
        model=model,
        messages=[{"role": "user", "content": "Weather in Paris?"}, *messages],
        tools=TOOLS,
        **params,
    )


def _sent(built: Any) -> dict[str, Any]:
    anthropic_accepts(built.body)
    sent: dict[str, Any] = json.loads(built.body)
    return sent


def _reasoning_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [(a.field, a.action, a.asked) for a in built.adaptations if a.field == "config.reasoning"]


GEMINI_TURN2 = {
    "contents": [
        {"role": "user", "parts": [{"text": "Weather in Paris?"}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]},
        {
            "role": "user",
            "parts": [{"functionResponse": {"name": "get_weather", "response": {"result": "sunny"}}}],
        },
    ],
    "tools": [{"functionDeclarations": [{"name": "get_weather", "parameters": {"type": "OBJECT"}}]}],
    "generationConfig": {"thinkingConfig": {"includeThoughts": True, "thinkingBudget": 2048}},
}


def test_a_google_genai_tool_loop_reaches_claude_without_thinking() -> None:
    body = json.dumps(GEMINI_TURN2).encode()
    built = lc.translate_request("gemini", "anthropic", body, model="claude-sonnet-4-5")
    sent = _sent(built)
    assert "thinking" not in sent
    assert [m["content"][0]["type"] for m in sent["messages"] if m["role"] == "assistant"] == ["tool_use"]
    [(field, action, asked)] = _reasoning_notes(built)
    assert (field, action) == ("config.reasoning", "dropped") and asked["thinking_budget"] == 2048


def test_a_rebuilt_chat_assistant_message_reaches_claude_without_thinking() -> None:
    body = _chat(
        "claude-sonnet-4-5",
        {"role": "assistant", "content": None, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        reasoning_effort="medium",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = _sent(built)
    assert "thinking" not in sent
    assert _reasoning_notes(built) == [("config.reasoning", "dropped", {"effort": "medium"})]
    assert (
        sent["max_tokens"]
        == json.loads(lc.translate_request("openai_chat", "anthropic", _chat("claude-sonnet-4-5")).body)[
            "max_tokens"
        ]
    )


def test_signed_thinking_before_the_call_keeps_thinking_on() -> None:
    body = _chat(
        "claude-sonnet-4-5",
        {"role": "assistant", "content": None, "thinking_blocks": SIGNED, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        reasoning_effort="medium",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = _sent(built)
    assert sent["thinking"] == {"type": "enabled", "budget_tokens": 8192}
    assert sent["messages"][1]["content"][0] == {
        "type": "thinking",
        "thinking": "Let me check.",
        "signature": "sig-1",
    }
    assert _reasoning_notes(built) == []


def test_a_later_step_of_the_same_loop_needs_no_thinking_of_its_own() -> None:
    second = {**CALL, "id": "toolu_01B"}
    body = _chat(
        "claude-sonnet-4-5",
        {"role": "assistant", "content": None, "thinking_blocks": SIGNED, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        {"role": "assistant", "content": None, "tool_calls": [second]},
        {"role": "tool", "tool_call_id": "toolu_01B", "content": "rain"},
        reasoning_effort="low",
    )
    assert "thinking" in _sent(lc.translate_request("openai_chat", "anthropic", body))


def test_a_finished_tool_loop_without_thinking_keeps_thinking_for_the_new_question() -> None:
    body = _chat(
        "claude-sonnet-4-5",
        {"role": "assistant", "content": None, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        {"role": "assistant", "content": "It is sunny."},
        {"role": "user", "content": "And tomorrow?"},
        reasoning_effort="low",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent(built)["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert _reasoning_notes(built) == []


def test_adaptive_thinking_takes_a_tool_turn_without_thinking() -> None:
    body = _chat(
        "claude-sonnet-4-6",
        {"role": "assistant", "content": None, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        reasoning_effort="high",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent(built)["thinking"] == {"type": "adaptive"}
    assert _reasoning_notes(built) == []


def test_the_same_dialect_is_left_as_the_client_sent_it() -> None:
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 4096,
            "thinking": {"type": "enabled", "budget_tokens": 2048},
            "messages": [
                {"role": "user", "content": "Weather?"},
                {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}],
                },
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]},
            ],
        }
    ).encode()
    built = lc.translate_request("anthropic", "anthropic", body)
    assert json.loads(built.body)["thinking"] == {"type": "enabled", "budget_tokens": 2048}
