"""Anthropic -> Anthropic routed by ``translate_request(..., model=)`` to another Claude model
(red team 43 F01; ``providers/_crossing_claude.claude_routed``).

The client's ``max_tokens`` is the whole generation, thinking included, in both thinking classes:
routed to a model of the other class it is kept (manual -> adaptive), or changed as lm15 builds
the effort for the manual class with a ``config.max_tokens`` note (adaptive -> manual), and a cap
over the model's output ceiling is clamped and noted, as from the other dialects. Without
``model=``, or with the body's own model, the body goes back as the client sent it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_claude import claude_routed, routed_elsewhere, rules_by_name
from lmcodec.providers.anthropic._build_tables import output_ceiling, takes_adaptive_thinking
from lmcodec.wire import EFFORT_THINKING_BUDGETS

from ..budget import examples

ASK = [{"role": "user", "content": "hi"}]
MANUAL = (
    "claude-sonnet-4-5",
    "claude-haiku-4-5-20251001",
    "claude-3-7-sonnet-latest",
    "claude-3-5-haiku-latest",
    "claude-3-haiku-20240307",
)
ADAPTIVE = ("claude-opus-4-6", "claude-sonnet-5", "claude-opus-4-7")
CAPS = (1500, 3000, 4095, 4096, 4097, 8191, 8192, 8193, 20000, 63999, 64000, 64001, 128000, 128001)
"""Caps on both sides of every output ceiling (4,096, 8,192, 64,000, 128,000)."""
SAMPLINGS: tuple[dict[str, Any], ...] = (
    {},
    {"temperature": 0.5},
    {"temperature": 1.0, "top_p": 0.99},
    {"top_k": 5},
)


def _routed(body: dict[str, Any], model: str | None) -> tuple[dict[str, Any], list[Any]]:
    built = lc.translate_request("anthropic", "anthropic", json.dumps(body), model=model)
    return json.loads(built.body), [a for a in built.adaptations if a.field == "config.max_tokens"]


@pytest.mark.parametrize(
    ("body", "model", "sent_cap"),
    [
        (
            {"model": "claude-sonnet-4-5", "thinking": {"type": "enabled", "budget_tokens": 2000}},
            "claude-sonnet-5",
            3000,
        ),
        (
            {"model": "claude-sonnet-4-5", "thinking": {"type": "enabled", "budget_tokens": 2000}},
            "claude-opus-4-6",
            3000,
        ),
        (
            {
                "model": "claude-opus-4-6",
                "thinking": {"type": "adaptive"},
                "output_config": {"effort": "max"},
            },
            "claude-sonnet-4-5",
            3000 + EFFORT_THINKING_BUDGETS["max"],
        ),
        (
            {
                "model": "claude-opus-4-6",
                "thinking": {"type": "adaptive"},
                "output_config": {"effort": "high"},
            },
            "claude-haiku-4-5-20251001",
            3000 + EFFORT_THINKING_BUDGETS["high"],
        ),
    ],
)
def test_a_cap_routed_across_the_thinking_classes_is_kept_or_noted(
    body: dict[str, Any], model: str, sent_cap: int
) -> None:
    sent, notes = _routed({**body, "max_tokens": 3000, "messages": ASK}, model)
    assert sent["max_tokens"] == sent_cap
    if sent_cap == 3000:
        assert sent["thinking"] == {"type": "adaptive"}
        assert notes == []
    else:  # lm15's budget for the effort, added to the cap: said
        assert sent["thinking"]["type"] == "enabled"
        assert [(a.action, a.asked, a.applied) for a in notes] == [("substituted", 3000, sent_cap)]


@pytest.mark.parametrize("model", ["claude-3-haiku-20240307", "claude-3-5-haiku-latest"])
def test_a_cap_over_the_routed_models_ceiling_is_clamped_and_noted(model: str) -> None:
    ceiling = output_ceiling(model)
    sent, notes = _routed({"model": "claude-sonnet-4-5", "max_tokens": 64000, "messages": ASK}, model)
    assert sent["max_tokens"] == ceiling
    assert [(a.action, a.asked, a.applied) for a in notes] == [("clamped", 64000, ceiling)]


def test_an_adaptive_thinking_word_is_written_in_a_manual_models_words() -> None:
    body = {"model": "claude-opus-4-6", "max_tokens": 3000, "thinking": {"type": "adaptive"}, "messages": ASK}
    built = lc.translate_request("anthropic", "anthropic", json.dumps(body), model="claude-sonnet-4-5")
    sent = json.loads(built.body)
    assert sent["thinking"] == {"type": "enabled", "budget_tokens": EFFORT_THINKING_BUDGETS["high"]}
    assert ("extensions.thinking", "substituted") in [(a.field, a.action) for a in built.adaptations]


@pytest.mark.parametrize(
    "body",
    [
        {"model": "claude-sonnet-4-5", "max_tokens": 64000, "messages": ASK},
        {"model": "claude-3-haiku-20240307", "max_tokens": 64000, "messages": ASK},
        {"model": "claude-opus-4-6", "max_tokens": 3000, "thinking": {"type": "adaptive"}, "messages": ASK},
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 3000,
            "thinking": {"type": "enabled", "budget_tokens": 2000},
            "temperature": 0.5,
            "messages": ASK,
        },
    ],
)
def test_the_bodys_own_model_sends_it_as_the_client_wrote_it(body: dict[str, Any]) -> None:
    alone = lc.translate_request("anthropic", "anthropic", json.dumps(body))
    named = lc.translate_request("anthropic", "anthropic", json.dumps(body), model=body["model"])
    assert named.body == alone.body
    assert named.adaptations == alone.adaptations
    assert json.loads(alone.body)["max_tokens"] == body["max_tokens"]


@st.composite
def _routings(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    source = draw(st.sampled_from(MANUAL + ADAPTIVE))
    cap = draw(st.sampled_from(CAPS))
    body: dict[str, Any] = {"model": source, "max_tokens": cap, "messages": ASK}
    kind = draw(st.sampled_from(("none", "enabled", "adaptive", "disabled")))
    if kind == "enabled":
        body["thinking"] = {"type": "enabled", "budget_tokens": draw(st.sampled_from((1024, 1200, 1499)))}
    elif kind == "adaptive" and takes_adaptive_thinking(source):
        body["thinking"] = {"type": "adaptive"}
        effort = draw(st.sampled_from((None, "low", "medium", "high", "max")))
        if effort is not None:
            body["output_config"] = {"effort": effort}
    elif kind == "disabled":
        body["thinking"] = {"type": "disabled"}
    body.update(draw(st.sampled_from(SAMPLINGS)))
    return body, draw(st.sampled_from([model for model in MANUAL + ADAPTIVE if model != source]))


@settings(max_examples=examples(400), deadline=None)
@given(_routings())
def test_routed_the_cap_is_the_clients_within_the_ceiling_or_noted(
    routing: tuple[dict[str, Any], str],
) -> None:
    body, model = routing
    asked = body["max_tokens"]
    sent, notes = _routed(body, model)
    cap, thinking = sent["max_tokens"], sent.get("thinking")
    budget = thinking.get("budget_tokens", 0) if thinking else 0
    ceiling = output_ceiling(model)
    assert ceiling is not None
    if budget < ceiling:  # (a budget that alone reaches it: the API's 400, as lm15 leaves it)
        assert cap <= ceiling
    if cap == asked:
        assert notes == []
    else:
        assert [(a.asked, a.applied) for a in notes] == [(asked, cap)]
    effort_alone = thinking is not None and "budget_tokens" not in body.get("thinking", {})
    if thinking is not None:  # in the routed model's own words
        words = {"adaptive", "disabled"} if takes_adaptive_thinking(model) else {"enabled", "disabled"}
        assert thinking["type"] in words
    if not (effort_alone and thinking["type"] == "enabled"):  # the budget within the client's cap
        assert cap == min(asked, ceiling)
    refuses_all, refuses_pair = rules_by_name(model)
    if refuses_all:
        assert not {"temperature", "top_p", "top_k"} & set(sent)
    if refuses_pair:
        assert not {"temperature", "top_p"} <= set(sent)


@settings(max_examples=examples(400), deadline=None)
@given(_routings())
def test_a_routing_left_unasked_is_one_claude_routed_gives_back(routing: tuple[dict[str, Any], str]) -> None:
    """``routed_elsewhere`` reads the body's model again only where ``claude_routed`` could change
    the request: where it does not ask, the routed passes give the request back with no note."""
    body, model = routing
    raw = json.dumps(body).encode()
    request = lc.decode_request("anthropic", raw, model=model)
    if not routed_elsewhere(request, raw):
        assert claude_routed(request, raw) == (request, ())
