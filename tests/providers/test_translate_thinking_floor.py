"""A reasoning budget under 1,024 crossing to Anthropic (``lc.translate_request``; red team 11 F05).

Gemini 2.5 takes budgets from 0 (Flash) or 128 / 512 (Pro, Flash-Lite), an OpenRouter-style Chat
client sends ``reasoning: {"max_tokens": 500}``; the Messages API refuses ``budget_tokens`` under
1,024 (the anthropic SDK's ``ThinkingConfigEnabledParam``: "Must be >=1024"). lm15's builder has no
rule for it and sends the budget it is given, so ``build_request`` does too; between two dialects
the gateway raises the budget to 1,024, ``config.reasoning.thinking_budget`` ``clamped``. Same
dialect, the client's budget goes as it came.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body

ASK = [{"role": "user", "content": "hi"}]


def _gemini(budget: int) -> bytes:
    return json.dumps(
        {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "generationConfig": {"thinkingConfig": {"includeThoughts": True, "thinkingBudget": budget}},
        }
    ).encode()


def _budget_notes(built: Any) -> list[tuple[str, Any, Any]]:
    field = "config.reasoning.thinking_budget"
    return [(a.action, a.asked, a.applied) for a in built.adaptations if a.field == field]


@pytest.mark.parametrize("budget", [1, 128, 512, 1023])
def test_a_gemini_budget_under_1024_reaches_claude_as_1024(budget: int) -> None:
    built = lc.translate_request("gemini", "anthropic", _gemini(budget), model="claude-sonnet-4-5")
    anthropic_accepts(built.body)
    sent = json.loads(built.body)
    assert sent["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert sent["max_tokens"] == 64000  # lm15's ceiling for the model: budget and answer together
    assert _budget_notes(built) == [("clamped", budget, 1024)]


def test_a_chat_reasoning_max_tokens_under_1024_reaches_claude_as_1024() -> None:
    body = chat_body(
        model="claude-sonnet-4-5",
        messages=ASK,
        max_tokens=2000,
        extra_body={"reasoning": {"max_tokens": 500}},
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = json.loads(built.body)
    assert sent["thinking"] == {"type": "enabled", "budget_tokens": 1024}
    assert sent["max_tokens"] == 1024 + 2000
    assert _budget_notes(built) == [("clamped", 500, 1024)]


def test_a_budget_of_1024_or_more_and_the_same_dialect_go_as_sent() -> None:
    built = lc.translate_request("gemini", "anthropic", _gemini(1024), model="claude-sonnet-4-5")
    assert json.loads(built.body)["thinking"]["budget_tokens"] == 1024 and _budget_notes(built) == []
    own = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 4096,
        "thinking": {"type": "enabled", "budget_tokens": 512},
        "messages": ASK,
    }
    same = lc.translate_request("anthropic", "anthropic", json.dumps(own).encode())
    assert json.loads(same.body)["thinking"]["budget_tokens"] == 512 and _budget_notes(same) == []


def test_adaptive_thinking_has_no_budget_to_raise() -> None:
    built = lc.translate_request("gemini", "anthropic", _gemini(512), model="claude-opus-4-6")
    assert "budget_tokens" not in json.loads(built.body).get("thinking", {})
    assert _budget_notes(built) == [("dropped", 512, None)]  # lm15's note: the class has no budget


def test_lm15_builds_the_raised_request_as_the_gateway_sends_it() -> None:
    from .request_support import lm15_build

    built = lc.translate_request("gemini", "anthropic", _gemini(512), model="claude-sonnet-4-5")
    request = lc.decode_request("gemini", _gemini(512))
    request = lc.replace(request, model="claude-sonnet-4-5")
    config = request.config
    assert config.reasoning is not None
    raised = lc.replace(config, reasoning=lc.replace(config.reasoning, thinking_budget=1024))
    assert json.loads(built.body) == lm15_build("anthropic", lc.replace(request, config=raised)).body_value
