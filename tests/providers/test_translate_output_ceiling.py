"""A client's output cap above a Claude model's output ceiling, crossing to Anthropic
(``lc.translate_request``; leftover 9 item 1).

Anthropic refuses it ("max_tokens: 200000 > 64000, which is the maximum allowed number of output
tokens for claude-sonnet-4-5-20250929", the error LiteLLM PR 15715 answers), and lm15's builder
sends the value it is given. Between two dialects the gateway sends the ceiling instead (lm15's own
table, the value its builder sends when no cap is set), ``config.max_tokens`` ``clamped``; with
manual thinking the wire cap (budget plus answer) is what stays within it. Same dialect, and a name
that is not Claude's (lm15 knows no ceiling for it), the cap goes as the client sent it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body, gemini_body, responses_body

ASK = [{"role": "user", "content": "Write a long story."}]


def _sent(built: Any) -> dict[str, Any]:
    anthropic_accepts(built.body)
    sent: dict[str, Any] = json.loads(built.body)
    return sent


def _cap_notes(built: Any) -> list[tuple[str, Any, Any]]:
    return [(a.action, a.asked, a.applied) for a in built.adaptations if a.field == "config.max_tokens"]


@pytest.mark.parametrize(
    ("model", "ceiling"),
    [("claude-sonnet-4-5-20250929", 64000), ("claude-opus-4-6", 128000), ("claude-3-5-haiku-latest", 8192)],
)
def test_a_chat_cap_over_the_ceiling_is_clamped_to_it(model: str, ceiling: int) -> None:
    body = chat_body(model=model, messages=ASK, max_tokens=200000)
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent(built)["max_tokens"] == ceiling
    assert _cap_notes(built) == [("clamped", 200000, ceiling)]


def test_a_responses_and_a_gemini_cap_over_the_ceiling_are_clamped() -> None:
    body = responses_body(model="claude-sonnet-4-5", input="Write a long story.", max_output_tokens=100000)
    built = lc.translate_request("openai", "anthropic", body)
    assert _sent(built)["max_tokens"] == 64000
    assert _cap_notes(built) == [("clamped", 100000, 64000)]
    gemini = gemini_body(
        model="claude-sonnet-4-5", contents="Write a long story.", config={"max_output_tokens": 70000}
    )
    built = lc.translate_request("gemini", "anthropic", gemini, model="claude-sonnet-4-5")
    assert _sent(built)["max_tokens"] == 64000
    assert _cap_notes(built) == [("clamped", 70000, 64000)]


def test_with_manual_thinking_the_budget_and_answer_together_stay_within_the_ceiling() -> None:
    body = chat_body(
        model="claude-sonnet-4-5", messages=ASK, max_completion_tokens=100000, reasoning_effort="high"
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = _sent(built)
    budget = sent["thinking"]["budget_tokens"]
    assert sent["max_tokens"] == 64000 and budget < 64000
    assert ("clamped", 100000, 64000 - budget) in _cap_notes(built)


def test_a_cap_within_the_ceiling_a_name_lm15_knows_no_ceiling_for_and_same_dialect_go_as_sent() -> None:
    within = lc.translate_request(
        "openai_chat", "anthropic", chat_body(model="claude-sonnet-4-5", messages=ASK, max_tokens=64000)
    )
    assert json.loads(within.body)["max_tokens"] == 64000 and _cap_notes(within) == []
    other = lc.translate_request(
        "openai_chat", "anthropic", chat_body(model="deepseek-chat", messages=ASK, max_tokens=200000)
    )
    assert json.loads(other.body)["max_tokens"] == 200000 and _cap_notes(other) == []
    own = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 200000, "messages": ASK}).encode()
    same = lc.translate_request("anthropic", "anthropic", own)
    assert json.loads(same.body)["max_tokens"] == 200000 and _cap_notes(same) == []


def test_lm15_builds_the_clamped_request_as_the_gateway_sends_it() -> None:
    from .request_support import lm15_build

    body = chat_body(model="claude-sonnet-4-5", messages=ASK, max_tokens=200000)
    built = lc.translate_request("openai_chat", "anthropic", body)
    request = lc.decode_request("openai_chat", body)
    clamped = lc.replace(request, config=lc.replace(request.config, max_tokens=64000))
    assert json.loads(built.body) == lm15_build("anthropic", clamped).body_value
