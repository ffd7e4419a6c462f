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
    assert _cap_notes(built) == [("clamped", 100000, 64000)]


CLAMPED_WITH_REASONING = [
    ("claude-sonnet-4-5", {"reasoning_effort": "high"}, 64000),
    ("claude-sonnet-4-5", {"reasoning_effort": "none"}, 64000),
    ("claude-sonnet-4-5", {"extra_body": {"reasoning": {"max_tokens": 60000}}}, 64000),
    ("claude-sonnet-4-5", {"extra_body": {"reasoning": {"max_tokens": 500}}}, 64000),
    ("claude-sonnet-4-6", {"reasoning_effort": "high"}, 128000),
    ("claude-opus-4-1", {"extra_body": {"reasoning": {"max_tokens": 70000}}}, 128000),
]


@pytest.mark.parametrize(("model", "reasoning", "ceiling"), CLAMPED_WITH_REASONING)
def test_one_note_on_the_cap_saying_what_the_body_holds(
    model: str, reasoning: dict[str, Any], ceiling: int
) -> None:
    """Review 9: with reasoning the clamp said the visible cap (47616) and the substitution the
    body's (64000), two notes on one field that disagreed."""
    body = chat_body(model="x", messages=ASK, max_tokens=200000, **reasoning)
    built = lc.translate_request("openai_chat", "anthropic", body, model=model)
    sent = _sent(built)
    assert sent["max_tokens"] == ceiling
    assert _cap_notes(built) == [("clamped", 200000, ceiling)]
    (note,) = [a for a in built.adaptations if a.field == "config.max_tokens"]
    assert "output ceiling" in note.reason


def test_a_cap_the_ceiling_cuts_below_what_the_budget_adds_is_one_substitution_naming_the_ceiling() -> None:
    body = chat_body(model="claude-sonnet-4-5", messages=ASK, max_tokens=50000, reasoning_effort="high")
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent(built)["max_tokens"] == 64000
    assert _cap_notes(built) == [("substituted", 50000, 64000)]
    (note,) = [a for a in built.adaptations if a.field == "config.max_tokens"]
    assert "output ceiling" in note.reason


def test_thinking_dropped_for_a_forced_call_leaves_one_clamp_note() -> None:
    tools = [
        {"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}
    ]
    body = chat_body(
        model="claude-sonnet-4-5",
        messages=ASK,
        max_tokens=200000,
        reasoning_effort="high",
        tools=tools,
        tool_choice="required",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert "thinking" not in _sent(built)
    assert _cap_notes(built) == [("clamped", 200000, 64000)]


@pytest.mark.parametrize(
    ("model", "reasoning", "ceiling"),
    [case for case in CLAMPED_WITH_REASONING if "extra_body" not in case[1]],
)
def test_lm15_builds_the_clamped_thinking_request_as_the_gateway_sends_it(
    model: str, reasoning: dict[str, Any], ceiling: int
) -> None:
    from .request_support import lm15_build

    body = chat_body(model="x", messages=ASK, max_tokens=200000, **reasoning)
    built = lc.translate_request("openai_chat", "anthropic", body, model=model)
    budget = _sent(built).get("thinking", {}).get("budget_tokens", 0)
    request = lc.decode_request("openai_chat", body, model=model)
    clamped = lc.replace(request, config=lc.replace(request.config, max_tokens=ceiling - budget))
    assert json.loads(built.body) == lm15_build("anthropic", clamped).body_value


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
