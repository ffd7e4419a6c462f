"""An Anthropic client's ``thinking`` crossing to another dialect (red team 5 F10): ``decode_request``
maps it onto ``Config.reasoning`` only where lm15's builder gives the same body back (a manual
budget for a model outside the adaptive class, ``adaptive`` with ``output_config.effort`` for one
inside it) and keeps every other spelling in ``Config.extensions``; ``lc.translate_request`` to
another dialect used to drop those, so Claude Code's ``claude-opus-4-6`` with a budget, and
``adaptive`` on the older names, asked the backend for no reasoning. It now reads them by meaning
(``substituted``): a budget as that budget and its effort, ``adaptive`` as the effort
``output_config`` names, else Anthropic's default (``high``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts, responses_accepts

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
