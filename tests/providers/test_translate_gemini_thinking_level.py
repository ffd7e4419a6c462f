"""Gemini -> Gemini with ``model=`` outside the Gemini 3 class: a ``thinkingLevel`` (which only that
class takes) goes as the budget lm15's builder writes for the same effort there, as from the other
dialects, ``substituted``; to a Gemini 3 model, and with no model named, it goes as sent
(``providers/_translate_same_dialect._level_out``; red team 43's check of the same-dialect
passthrough)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

ASK = [{"role": "user", "parts": [{"text": "hi"}]}]
BUDGET_CLASS = ["gemini-2.5-flash", "gemini-2.5-pro", "models/gemini-2.5-flash-lite"]


def _gemini(settings: dict[str, Any], model: str | None) -> Any:
    body = json.dumps({"contents": ASK, "generationConfig": settings})
    return lc.translate_request("gemini", "gemini", body, model=model)


def _from_chat(effort: str, model: str) -> Any:
    """What a Chat client's same effort is sent to ``model`` as (the other dialects' road)."""
    body = {"model": "x", "messages": [{"role": "user", "content": "hi"}], "reasoning_effort": effort}
    built = lc.translate_request("openai_chat", "gemini", json.dumps(body), model=model)
    return json.loads(built.body)["generationConfig"]["thinkingConfig"]


@pytest.mark.parametrize("model", BUDGET_CLASS)
@pytest.mark.parametrize("level", ["minimal", "low", "medium", "high", "HIGH"])
def test_a_level_to_a_budget_class_model_goes_as_its_budget(model: str, level: str) -> None:
    built = _gemini({"thinkingConfig": {"thinkingLevel": level}, "maxOutputTokens": 3000, "topK": 5}, model)
    sent = json.loads(built.body)["generationConfig"]
    assert sent["thinkingConfig"] == _from_chat(level.lower(), model)
    assert "thinkingLevel" not in json.dumps(sent)
    assert sent["maxOutputTokens"] == 3000 and sent["topK"] == 5  # the rest as the client wrote it
    notes = [(a.field, a.action, a.asked) for a in built.adaptations]
    assert notes == [("extensions.generationConfig.thinkingConfig.thinkingLevel", "substituted", level)]


def test_the_thoughts_shown_stay_shown() -> None:
    built = _gemini({"thinkingConfig": {"thinkingLevel": "low", "includeThoughts": True}}, "gemini-2.5-flash")
    thinking = json.loads(built.body)["generationConfig"]["thinkingConfig"]
    assert thinking == {
        "includeThoughts": True,
        "thinkingBudget": _from_chat("low", "gemini-2.5-flash")["thinkingBudget"],
    }


@pytest.mark.parametrize("model", ["gemini-3-pro-preview", "gemini-3-flash", None])
@pytest.mark.parametrize("level", ["low", "HIGH"])
def test_a_level_to_gemini_3_or_no_model_goes_as_sent(model: str | None, level: str) -> None:
    built = _gemini({"thinkingConfig": {"thinkingLevel": level}}, model)
    assert json.loads(built.body)["generationConfig"]["thinkingConfig"] == {"thinkingLevel": level}
    assert built.adaptations == ()


def test_a_word_that_is_no_level_is_the_clients_own() -> None:
    built = _gemini({"thinkingConfig": {"thinkingLevel": "ultra"}}, "gemini-2.5-flash")
    assert json.loads(built.body)["generationConfig"]["thinkingConfig"] == {"thinkingLevel": "ultra"}
