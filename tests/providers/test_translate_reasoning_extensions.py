"""A client's reasoning request that ``decode_request`` keeps in ``Config.extensions`` (as the body
spelled it, so that the same dialect's builder gives it back), crossing to another dialect (red
team 5 F10). ``lc.translate_request`` used to drop those, asking the backend for no reasoning; it
now reads each by meaning (``substituted``):

- Anthropic ``thinking``, which ``decode_request`` maps onto ``Config.reasoning`` only where
  lm15's builder gives the body back (a manual budget for a model outside the adaptive class,
  ``adaptive`` with ``output_config.effort`` for one inside it): a budget as that budget and its
  effort, ``adaptive`` as the effort ``output_config`` names, else Anthropic's default (``high``);
  ``output_config.effort`` alone as that effort;
- Gemini's dynamic thinking (``thinkingBudget: -1``, or ``includeThoughts`` with no budget) as
  ``medium``, a ``thinkingLevel`` lm15 keeps for a model outside Gemini 3 as that level;
- the Chat ecosystem's spellings: LiteLLM's Anthropic-style ``thinking``, OpenRouter's
  ``reasoning`` (``effort``, ``max_tokens``, ``enabled``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, anthropic_body, chat_accepts, chat_body, responses_accepts

HI = [{"role": "user", "content": "hi"}]
OLDER = "claude-sonnet-4-5"  # outside lm15's adaptive class: decode_request maps its budget
NEWER = ("claude-opus-4-6", "claude-sonnet-4-6")  # inside it


def _body(model: str, thinking: dict[str, Any], **params: Any) -> bytes:
    return anthropic_body(model=model, max_tokens=16000, messages=HI, thinking=thinking, **params)


def _sent(destination: str, body: bytes) -> tuple[dict[str, Any], Any]:
    built = lc.translate_request("anthropic", destination, body)
    if destination == "openai":
        responses_accepts(built.body)
    elif destination == "openai_chat":
        chat_accepts(built.body)
    sent = json.loads(built.body)
    sent.pop("model", None)
    return sent, built


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
@pytest.mark.parametrize("model", NEWER)
def test_a_budget_on_the_newer_claude_names_crosses_as_on_the_older(destination: str, model: str) -> None:
    thinking = {"type": "enabled", "budget_tokens": 4096}
    newer, built = _sent(destination, _body(model, thinking))
    older, _ = _sent(destination, _body(OLDER, thinking))
    assert newer == older
    assert (
        newer.get("reasoning") or newer.get("reasoning_effort") or newer["generationConfig"]["thinkingConfig"]
    )
    [note] = [a for a in built.adaptations if a.field == "extensions.thinking"]
    assert (note.action, note.asked, note.applied) == (
        "substituted",
        thinking,
        {"effort": "low", "thinking_budget": 4096},
    )


@pytest.mark.parametrize("model", [OLDER, "my-alias", *NEWER])
def test_adaptive_without_an_effort_crosses_as_anthropics_default_effort(model: str) -> None:
    sent, built = _sent("openai", _body(model, {"type": "adaptive"}))
    assert sent["reasoning"] == {"effort": "high"}
    assert [(a.action, a.applied) for a in built.adaptations if a.field == "extensions.thinking"] == [
        ("substituted", {"effort": "high"})
    ]
    gemini, _ = _sent("gemini", _body(model, {"type": "adaptive"}))
    assert gemini["generationConfig"]["thinkingConfig"]


def test_adaptive_with_an_effort_on_an_older_name_crosses_with_that_effort() -> None:
    body = _body(OLDER, {"type": "adaptive"}, output_config={"effort": "low"})
    sent, built = _sent("openai", body)
    assert sent["reasoning"] == {"effort": "low"}
    taken = [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")]
    assert taken == [("extensions.thinking", "substituted"), ("extensions.output_config", "substituted")]


def test_nothing_is_dropped_for_thinking_any_more() -> None:
    for model in (OLDER, *NEWER):
        for thinking in ({"type": "enabled", "budget_tokens": 4096}, {"type": "adaptive"}):
            _, built = _sent("gemini", _body(model, thinking))
            assert not [
                a for a in built.adaptations if a.field == "extensions.thinking" and a.action == "dropped"
            ]


@pytest.mark.parametrize("model", NEWER)
def test_decode_request_and_the_same_dialect_keep_the_clients_thinking(model: str) -> None:
    body = _body(model, {"type": "enabled", "budget_tokens": 4096})
    request = lc.decode_request("anthropic", body)
    assert request.config.reasoning is None and request.config.extensions
    rebuilt = json.loads(lc.build_request("anthropic", request).body)
    assert (rebuilt["thinking"], rebuilt["max_tokens"]) == ({"type": "enabled", "budget_tokens": 4096}, 16000)
    assert (
        lc.translate_request("anthropic", "anthropic", body).body
        == lc.build_request("anthropic", request).body
    )


def test_an_anthropic_effort_alone_crosses_as_that_effort() -> None:
    body = json.dumps(
        {"model": "claude-opus-4-5", "max_tokens": 64000, "messages": HI, "output_config": {"effort": "high"}}
    ).encode()
    sent, built = _sent("openai", body)
    assert sent["reasoning"] == {"effort": "high"}
    assert [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")] == [
        ("extensions.output_config", "substituted")
    ]


GEMINI = {"contents": [{"role": "user", "parts": [{"text": "x"}]}]}


@pytest.mark.parametrize(
    ("thinking", "effort"),
    [
        ({"thinkingBudget": -1, "includeThoughts": True}, "medium"),
        ({"thinkingBudget": -1}, "medium"),
        ({"includeThoughts": True}, "medium"),
        ({"thinkingLevel": "HIGH", "includeThoughts": True}, "high"),
        ({"thinkingLevel": "low"}, "low"),
    ],
)
def test_gemini_dynamic_thinking_and_levels_cross(thinking: dict[str, Any], effort: str) -> None:
    body = json.dumps({**GEMINI, "generationConfig": {"thinkingConfig": thinking}}).encode()
    built = lc.translate_request("gemini", "openai", body, model="gemini-2.5-pro")
    responses_accepts(built.body)
    assert json.loads(built.body)["reasoning"]["effort"] == effort
    [note] = [a for a in built.adaptations if a.field.startswith("extensions.")]
    assert (note.field, note.action) == ("extensions.generationConfig.thinkingConfig", "substituted")
    to_claude = lc.translate_request("gemini", "anthropic", body, model="claude-sonnet-4-5")
    anthropic_accepts(to_claude.body)
    assert json.loads(to_claude.body)["thinking"]["type"] == "enabled"


def test_gemini_settings_beside_thinking_are_still_dropped_by_name() -> None:
    body = json.dumps(
        {
            **GEMINI,
            "generationConfig": {
                "thinkingConfig": {"thinkingBudget": -1},
                "mediaResolution": "MEDIA_RESOLUTION_LOW",
            },
        }
    ).encode()
    built = lc.translate_request("gemini", "openai", body, model="gemini-2.5-pro")
    assert json.loads(built.body)["reasoning"]["effort"] == "medium"
    kept = [
        (a.field, a.action, a.asked) for a in built.adaptations if a.field == "extensions.generationConfig"
    ]
    assert kept == [("extensions.generationConfig", "dropped", {"mediaResolution": "MEDIA_RESOLUTION_LOW"})]


@pytest.mark.parametrize(
    ("extra", "sent_thinking"),
    [
        (
            {"thinking": {"type": "enabled", "budget_tokens": 2048}},
            {"type": "enabled", "budget_tokens": 2048},
        ),
        ({"reasoning": {"effort": "high"}}, {"type": "enabled", "budget_tokens": 16384}),
        ({"reasoning": {"max_tokens": 4096}}, {"type": "enabled", "budget_tokens": 4096}),
        ({"reasoning": {"enabled": True}}, {"type": "enabled", "budget_tokens": 8192}),
    ],
)
def test_the_chat_ecosystems_reasoning_spellings_cross(
    extra: dict[str, Any], sent_thinking: dict[str, Any]
) -> None:
    body = chat_body(model="claude-sonnet-4-5", messages=HI, extra_body=extra)
    built = lc.translate_request("openai_chat", "anthropic", body)
    anthropic_accepts(built.body)
    assert json.loads(built.body)["thinking"] == sent_thinking
    [key] = extra
    assert [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")] == [
        (f"extensions.{key}", "substituted")
    ]


def test_the_chat_reasoning_effort_wins_over_an_extension() -> None:
    body = chat_body(
        model="claude-sonnet-4-5",
        messages=HI,
        reasoning_effort="low",
        extra_body={"reasoning": {"effort": "high"}},
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert json.loads(built.body)["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")] == [
        ("extensions.reasoning", "dropped")
    ]
