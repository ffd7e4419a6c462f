"""A ``ttl: "1h"`` cache mark to a Chat backend (review7 R14).

Clients put Anthropic-style marks on a Chat body for a Chat backend fronting Claude (LiteLLM,
OpenRouter), and LiteLLM (default settings) refuses ``prompt_cache_retention`` for an Anthropic
model (UnsupportedParamsError: "anthropic does not support parameters:
['prompt_cache_retention']"). So Chat -> Chat adds no retention (the ttl goes with its dropped
mark, as at 860fbe2), and an Anthropic client's ``1h`` mark to a Chat backend asked for a Claude
model sends none either (the canonical long retention left out, the ttl with its dropped mark);
to a gpt-* model on Chat, OpenAI's own field, it stays ``prompt_cache_retention: "24h"``."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts

LONG = {"type": "ephemeral", "ttl": "1h"}
CLAUDE = ["anthropic/claude-sonnet-4-5", "claude-sonnet-4-5", "openrouter/anthropic/claude-sonnet-4"]


def _chat(model: str) -> bytes:
    system = {
        "role": "system",
        "content": [{"type": "text", "text": "long system prompt", "cache_control": LONG}],
    }
    return json.dumps({"model": model, "messages": [system, {"role": "user", "content": "hi"}]}).encode()


def _anthropic(model: str) -> bytes:
    return anthropic_body(
        model=model,
        max_tokens=100,
        system=[{"type": "text", "text": "long system prompt", "cache_control": LONG}],
        messages=[{"role": "user", "content": "hi"}],
    )


def _litellm_accepts(body: bytes) -> None:
    """Raises unless LiteLLM's completion (default settings, a mocked answer: no network) takes
    ``body`` for an Anthropic model, as a LiteLLM proxy in front of Claude does."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network fetch at import
    litellm = pytest.importorskip("litellm")
    sent: dict[str, Any] = json.loads(body)
    params = {k: v for k, v in sent.items() if k not in ("model", "messages")}
    litellm.completion(
        model="anthropic/claude-sonnet-4-5", messages=sent["messages"], mock_response="ok", **params
    )


def _mark_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [(a.field, a.action, a.asked) for a in built.adaptations if "cache_control" in a.field]


@pytest.mark.parametrize("model", [*CLAUDE, "gpt-4o"])
def test_chat_to_chat_adds_no_retention(model: str) -> None:
    built = lc.translate_request("openai_chat", "openai_chat", _chat(model))
    assert "prompt_cache_retention" not in json.loads(built.body)
    assert _mark_notes(built) == [("$.messages[0].content[0].cache_control", "dropped", LONG)]  # ttl with it
    chat_accepts(built.body)
    _litellm_accepts(built.body)


@pytest.mark.parametrize("model", CLAUDE)
def test_an_anthropic_clients_long_mark_to_claude_on_chat_adds_no_retention(model: str) -> None:
    built = lc.translate_request("anthropic", "openai_chat", _anthropic(model))
    assert "prompt_cache_retention" not in json.loads(built.body)
    assert _mark_notes(built) == [("$.system[0].cache_control", "dropped", LONG)]
    _litellm_accepts(built.body)


def test_an_anthropic_clients_long_mark_to_gpt_on_chat_is_openais_retention() -> None:
    built = lc.translate_request("anthropic", "openai_chat", _anthropic("gpt-4o"))
    assert json.loads(built.body)["prompt_cache_retention"] == "24h"
    assert ("$.system[0].cache_control.ttl", "substituted", "1h") in _mark_notes(built)
    chat_accepts(built.body)


@pytest.mark.parametrize("source", ["anthropic", "openai_chat"])
def test_a_long_mark_to_responses_is_still_openais_retention(source: str) -> None:
    body = _anthropic("claude-sonnet-4-5") if source == "anthropic" else _chat("claude-sonnet-4-5")
    built = lc.translate_request(source, "openai", body)
    assert json.loads(built.body)["prompt_cache_retention"] == "24h"
