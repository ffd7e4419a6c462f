"""What Claude refuses in a request another dialect's client sent, fixed by ``lc.translate_request``
(red team 5 F06, F09): each change is in ``.adaptations``, and each body is checked against the
anthropic SDK's ``MessageCreateParams``.

F06: with manual extended thinking (``thinking: {"type": "enabled"}``), the assistant turn of the
tool loop in progress must start with a thinking block (Anthropic: "Expected `thinking` or
`redacted_thinking`, but found `tool_use`"). A google-genai client (its wire carries no Anthropic
signature), a Chat client that rebuilds its assistant message, a failover from another backend
have none: the request goes without thinking (LiteLLM's rule), ``config.reasoning`` ``dropped``.

F09: beside thinking Claude refuses a forcing ``tool_choice`` (manual thinking: "Thinking may not be
enabled when tool_choice forces tool use"; the client asked for a call, so thinking goes), a
``temperature`` other than 1 and ``top_k`` (dropped), a ``top_p`` below 0.95 (clamped to 0.95);
and Claude from Opus 4.1 on refuses ``temperature`` and ``top_p`` together, thinking or not
("cannot both be specified for this model"; ``temperature`` kept).
"""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body, gemini_body, responses_body

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


def test_a_user_row_after_the_results_still_continues_the_loop() -> None:
    """Anthropic joins the tool rows and the user's row into one user turn holding the results."""
    body = _chat(
        "claude-sonnet-4-5",
        {"role": "assistant", "content": None, "tool_calls": [CALL]},
        {"role": "tool", "tool_call_id": "toolu_01A", "content": "sunny"},
        {"role": "user", "content": "Go on."},
        reasoning_effort="medium",
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = _sent(built)
    assert [m["role"] for m in sent["messages"]][-3:] == ["assistant", "user", "user"]
    assert "thinking" not in sent and _reasoning_notes(built) == [
        ("config.reasoning", "dropped", {"effort": "medium"})
    ]


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


def test_the_same_dialect_goes_without_thinking_too() -> None:
    """Red team 20 F02: an Anthropic client's loop without Claude's thinking (a failover; here a
    client that sent none) is refused by the API as the other dialects' would be."""
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
    sent = _sent(built)
    assert "thinking" not in sent
    assert sent["max_tokens"] == 4096
    assert _reasoning_notes(built) == [
        ("config.reasoning", "dropped", {"effort": "low", "thinking_budget": 2048})
    ]


def _notes(built: Any) -> list[tuple[str, str, Any, Any]]:
    fields = ("config.reasoning", "config.temperature", "config.top_p", "config.top_k", "config.tool_choice")
    return [(a.field, a.action, a.asked, a.applied) for a in built.adaptations if a.field in fields]


def test_a_forced_tool_goes_to_claude_without_thinking() -> None:
    body = _chat("claude-sonnet-4-5", tool_choice="required", reasoning_effort="medium")
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = _sent(built)
    assert "thinking" not in sent and sent["tool_choice"] == {"type": "any"}
    assert _notes(built) == [("config.reasoning", "dropped", {"effort": "medium"}, None)]
    [why] = [a.reason for a in built.adaptations if a.field == "config.reasoning"]
    assert "forces tool use" in why


def test_a_named_tool_choice_goes_to_claude_without_thinking() -> None:
    choice = {"type": "function", "function": {"name": "get_weather"}}
    built = lc.translate_request(
        "openai_chat", "anthropic", _chat("claude-sonnet-4-5", tool_choice=choice, reasoning_effort="low")
    )
    sent = _sent(built)
    assert "thinking" not in sent and sent["tool_choice"] == {"type": "tool", "name": "get_weather"}


def test_a_responses_forced_tool_goes_to_claude_without_thinking() -> None:
    tool = {"type": "function", "name": "get_weather", "parameters": {"type": "object"}, "strict": True}
    body = responses_body(
        model="claude-sonnet-4-5",
        input="weather?",
        tool_choice="required",
        reasoning={"effort": "high"},
        tools=[tool],
    )
    built = lc.translate_request("openai", "anthropic", body)
    sent = _sent(built)
    assert "thinking" not in sent and sent["tool_choice"] == {"type": "any"}


def test_adaptive_thinking_takes_a_forced_tool() -> None:
    built = lc.translate_request(
        "openai_chat",
        "anthropic",
        _chat("claude-sonnet-4-6", tool_choice="required", reasoning_effort="high"),
    )
    sent = _sent(built)
    assert sent["thinking"] == {"type": "adaptive"} and sent["tool_choice"] == {"type": "any"}


def test_temperature_below_1_is_dropped_beside_thinking() -> None:
    built = lc.translate_request(
        "openai_chat", "anthropic", _chat("claude-sonnet-4-5", temperature=0.2, reasoning_effort="medium")
    )
    sent = _sent(built)
    assert "temperature" not in sent and sent["thinking"]["type"] == "enabled"
    assert _notes(built) == [("config.temperature", "dropped", 0.2, None)]


def test_temperature_1_or_above_stays_beside_thinking() -> None:
    for asked in (1.0, 1.5):  # above 1: lm15's builder clamps it to 1, which thinking takes
        built = lc.translate_request(
            "openai_chat", "anthropic", _chat("claude-sonnet-4-5", temperature=asked, reasoning_effort="low")
        )
        sent = _sent(built)
        assert sent["temperature"] == 1.0 and sent["thinking"]["type"] == "enabled"


def test_a_forced_tool_keeps_the_temperature_it_no_longer_conflicts_with() -> None:
    body = _chat("claude-3-7-sonnet-latest", tool_choice="required", temperature=0.2, reasoning_effort="low")
    sent = _sent(lc.translate_request("openai_chat", "anthropic", body))
    assert "thinking" not in sent and sent["temperature"] == 0.2


def test_top_k_is_dropped_and_a_low_top_p_clamped_beside_thinking() -> None:
    from google.genai import types

    config = types.GenerateContentConfig(
        top_k=40, top_p=0.5, thinking_config=types.ThinkingConfig(thinking_budget=2048)
    )
    built = lc.translate_request(
        "gemini", "anthropic", gemini_body("hi", config), model="claude-3-7-sonnet-latest"
    )
    sent = _sent(built)
    assert "top_k" not in sent and sent["top_p"] == 0.95 and sent["thinking"]["type"] == "enabled"
    assert _notes(built) == [("config.top_p", "clamped", 0.5, 0.95), ("config.top_k", "dropped", 40, None)]


def test_top_p_at_or_above_095_stays_beside_thinking() -> None:
    from google.genai import types

    config = types.GenerateContentConfig(
        top_p=0.97, thinking_config=types.ThinkingConfig(thinking_budget=2048)
    )
    built = lc.translate_request(
        "gemini", "anthropic", gemini_body("hi", config), model="claude-3-7-sonnet-latest"
    )
    assert _sent(built)["top_p"] == 0.97 and _notes(built) == []


def test_temperature_and_top_p_together_keep_temperature_where_claude_refuses_both() -> None:
    for model in ("claude-sonnet-4-5", "claude-opus-4-1-20250805", "claude-haiku-4-5", "claude-sonnet-4-6"):
        built = lc.translate_request("openai_chat", "anthropic", _chat(model, temperature=0.2, top_p=0.9))
        sent = _sent(built)
        assert sent["temperature"] == 0.2 and "top_p" not in sent, model
        assert _notes(built) == [("config.top_p", "dropped", 0.9, None)]


def test_older_claude_and_other_names_take_temperature_and_top_p_together() -> None:
    for model in ("claude-3-7-sonnet-latest", "claude-sonnet-4-20250514", "my-alias"):
        sent = _sent(
            lc.translate_request("openai_chat", "anthropic", _chat(model, temperature=0.2, top_p=0.9))
        )
        assert (sent["temperature"], sent["top_p"]) == (0.2, 0.9), model


def test_sampling_without_thinking_is_left_alone() -> None:
    built = lc.translate_request(
        "openai_chat", "anthropic", _chat("claude-sonnet-4-5", temperature=0.2, tool_choice="required")
    )
    sent = _sent(built)
    assert sent["temperature"] == 0.2 and sent["tool_choice"] == {"type": "any"} and _notes(built) == []


def test_claude_from_opus_4_7_on_is_sent_no_sampling_parameter() -> None:
    """Those models answer 400 "temperature is deprecated for this model" (top_p, top_k alike)."""
    from google.genai import types

    config = types.GenerateContentConfig(temperature=0.2, top_p=0.9, top_k=40)
    for model in ("claude-opus-4-7", "claude-opus-5", "claude-sonnet-5-5", "claude-fable-5"):
        built = lc.translate_request("gemini", "anthropic", gemini_body("hi", config), model=model)
        sent = _sent(built)
        assert not {"temperature", "top_p", "top_k"} & set(sent), model
        assert _notes(built) == [
            ("config.temperature", "dropped", 0.2, None),
            ("config.top_p", "dropped", 0.9, None),
            ("config.top_k", "dropped", 40, None),
        ]
    sent = _sent(
        lc.translate_request("gemini", "anthropic", gemini_body("hi", config), model="claude-opus-4-6")
    )
    assert (sent["temperature"], sent["top_k"]) == (0.2, 40) and "top_p" not in sent  # the pair rule only
