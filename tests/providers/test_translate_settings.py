"""Settings whose vocabulary or meaning differs between dialects, through ``lc.translate_request``
(red-team gateway F06, F13): the client bodies are the official SDKs', the translated bodies are
checked against the destination SDK's request types, and every change is in ``.adaptations``."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import (
    anthropic_accepts,
    anthropic_body,
    chat_accepts,
    chat_body,
    gemini_body,
    notes,
    responses_accepts,
    responses_body,
)

HI = [{"role": "user", "content": "hi"}]


def _client_body(dialect: str, tier: str) -> bytes:
    """The body each SDK sends with ``service_tier=tier``."""
    if dialect == "openai_chat":
        return chat_body(model="gpt-4.1", messages=HI, service_tier=tier)
    if dialect == "openai":
        return responses_body(model="gpt-4.1", input="hi", service_tier=tier)
    if dialect == "anthropic":
        return anthropic_body(model="claude-sonnet-4-5", max_tokens=64, messages=HI, service_tier=tier)
    from google.genai import types

    return gemini_body("hi", types.GenerateContentConfig(service_tier=tier))


def _sent_tier(dialect: str, body: bytes) -> Any:
    return json.loads(body).get("serviceTier" if dialect == "gemini" else "service_tier")


def _accepted(dialect: str, body: bytes) -> None:
    """The destination SDK's request type takes ``body``'s tier."""
    if dialect == "anthropic":
        anthropic_accepts(body)
    elif dialect == "openai":
        responses_accepts(body)
    elif dialect == "openai_chat":
        chat_accepts(body)
    else:
        from google.genai import types

        tier = _sent_tier(dialect, body)
        if tier is not None:
            types.ServiceTier(tier)


TIERS = [  # (source, its tier, destination, the tier sent or None, the action recorded or None)
    ("openai_chat", "flex", "anthropic", None, "dropped"),
    ("openai_chat", "priority", "anthropic", None, "dropped"),
    ("openai_chat", "default", "anthropic", "standard_only", "substituted"),
    ("openai_chat", "auto", "anthropic", "auto", None),
    ("openai_chat", "default", "gemini", "standard", "substituted"),
    ("openai_chat", "auto", "gemini", "unspecified", "substituted"),
    ("openai_chat", "flex", "gemini", "flex", None),
    ("openai_chat", "fast", "gemini", "priority", "substituted"),
    ("openai_chat", "scale", "gemini", None, "dropped"),
    ("openai_chat", "fast", "openai", "fast", None),
    ("openai", "ultrafast", "openai_chat", None, "dropped"),
    ("anthropic", "standard_only", "openai", "default", "substituted"),
    ("anthropic", "standard_only", "openai_chat", "default", "substituted"),
    ("anthropic", "standard_only", "gemini", "standard", "substituted"),
    ("anthropic", "auto", "gemini", "unspecified", "substituted"),
    ("gemini", "standard", "openai_chat", "default", "substituted"),
    ("gemini", "priority", "openai", "priority", None),
    ("gemini", "flex", "anthropic", None, "dropped"),
    ("gemini", "unspecified", "anthropic", "auto", "substituted"),
]


@pytest.mark.parametrize(("source", "tier", "destination", "sent", "action"), TIERS)
def test_a_service_tier_crosses_by_meaning(
    source: str, tier: str, destination: str, sent: str | None, action: str | None
) -> None:
    model = (
        "backend-model" if source == "gemini" else None
    )  # a Gemini client's is in the URL (red team 18 F08)
    built = lc.translate_request(source, destination, _client_body(source, tier), model=model)
    assert _sent_tier(destination, built.body) == sent
    _accepted(destination, built.body)
    recorded = notes(built, "service_tier")
    assert recorded == ([] if action is None else [("config.service_tier", action, tier, sent)])


def test_a_tier_the_source_does_not_have_is_dropped_not_guessed() -> None:
    body = json.dumps({"model": "m", "messages": HI, "service_tier": "standard"}).encode()
    built = lc.translate_request("openai_chat", "gemini", body)
    assert _sent_tier("gemini", built.body) is None
    [(field, action, asked, _)] = notes(built, "service_tier")
    assert (field, action, asked) == ("config.service_tier", "dropped", "standard")


def test_the_same_dialect_keeps_the_tier_as_it_came() -> None:
    body = _client_body("anthropic", "standard_only")
    assert (
        lc.translate_request("anthropic", "anthropic", body).body
        == lc.build_request("anthropic", lc.decode_request("anthropic", body)).body
    )


@pytest.mark.parametrize(("source", "destination"), [("openai_chat", "openai"), ("openai", "openai_chat")])
def test_metadata_crosses_between_the_openai_dialects(source: str, destination: str) -> None:
    """F13: both request types have the same ``metadata`` (16 string pairs); it was dropped with
    the reason "another dialect has no such field"."""
    tags = {"run": "eval-7", "team": "search"}
    if source == "openai_chat":
        body = chat_body(model="gpt-4.1", messages=HI, metadata=tags, store=True)
    else:
        body = responses_body(model="gpt-4.1", input="hi", metadata=tags, store=True)
    built = lc.translate_request(source, destination, body)
    assert json.loads(built.body)["metadata"] == tags
    (chat_accepts if destination == "openai_chat" else responses_accepts)(built.body)
    assert notes(built, "metadata") == []


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_metadata_is_dropped_where_the_destination_has_no_such_field(destination: str) -> None:
    body = chat_body(model="gpt-4.1", messages=HI, metadata={"run": "eval-7"})
    built = lc.translate_request("openai_chat", destination, body)
    assert "metadata" not in json.loads(built.body)
    [note] = [a for a in built.adaptations if a.field == "extensions.metadata"]
    assert note.action == "dropped" and "another dialect" not in note.reason
    assert destination in note.reason.lower() or "generatecontent" in note.reason.lower()


def _cap_notes(built: Any) -> list[tuple[str, str, Any, Any]]:
    return [
        (f, a, asked, applied) for f, a, asked, applied in notes(built, "max_tokens") if a == "substituted"
    ]


def test_a_chat_cap_with_effort_high_sent_larger_to_anthropic_is_named() -> None:
    """F10: max_completion_tokens 2,000 (reasoning included) with effort high is Anthropic's
    max_tokens 18,384 (lm15's builder adds the 16,384 budget): the client's cap is not kept."""
    body = chat_body(model="o3", messages=HI, max_completion_tokens=2000, reasoning_effort="high")
    built = lc.translate_request("openai_chat", "anthropic", body)
    sent = json.loads(built.body)["max_tokens"]
    assert sent == 18384  # build_request stays lm15's
    assert _cap_notes(built) == [("config.max_tokens", "substituted", 2000, 18384)]
    anthropic_accepts(built.body)


@pytest.mark.parametrize(
    ("destination", "key"),
    [
        ("openai", "max_output_tokens"),
        ("openai_chat", "max_completion_tokens"),
        ("gemini", "generationConfig.maxOutputTokens"),
    ],
)
@pytest.mark.parametrize(("whole", "budget"), [(4096, 2048), (1025, 1024)])
@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "claude-opus-4-6", "claude-3-7-sonnet-latest"])
def test_an_anthropic_cap_with_a_budget_goes_whole_to_the_others(
    destination: str, key: str, whole: int, budget: int, model: str
) -> None:
    """Anthropic's max_tokens holds the thinking budget, as OpenAI's and Gemini's caps hold the
    reasoning: the client's cap is sent as it is (it was the cap less the budget: 1,025 with a
    1,024 budget left 1 token for thinking and answer together), and nothing is named."""
    body = anthropic_body(
        model=model,
        max_tokens=whole,
        thinking={"type": "enabled", "budget_tokens": budget},
        messages=HI,
    )
    built = lc.translate_request("anthropic", destination, body)
    sent: Any = json.loads(built.body)
    for step in key.split("."):
        sent = sent[step]
    assert sent == whole
    assert _cap_notes(built) == []


def test_the_same_cap_or_no_reasoning_is_not_named() -> None:
    plain = chat_body(model="gpt-4.1", messages=HI, max_completion_tokens=2000)
    assert _cap_notes(lc.translate_request("openai_chat", "anthropic", plain)) == []
    reasoning = chat_body(model="o3", messages=HI, max_completion_tokens=2000, reasoning_effort="high")
    assert _cap_notes(lc.translate_request("openai_chat", "openai", reasoning)) == []
    no_cap = chat_body(model="o3", messages=HI, reasoning_effort="high")
    assert _cap_notes(lc.translate_request("openai_chat", "anthropic", no_cap)) == []
