"""A google-genai body's ``systemInstruction`` and ``generationConfig`` through ``lc.translate_request``
(red team 9 F06): ``decode_request`` keeps them whole where Gemini's builder would spell them otherwise
(google-genai sends ``role: "user"`` on the system instruction and ``generationConfig: {}`` on every
call), but their content goes to the destination as the canonical system prompt and settings; the
adaptations name only what did not go (``asked`` that rest), never the whole object as dropped."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import gemini_body

DESTINATIONS = ["anthropic", "openai", "openai_chat"]


def _notes(built: lc.ProviderRequest, key: str) -> list[tuple[str, Any]]:
    return [(a.action, a.asked) for a in built.adaptations if a.field == f"extensions.{key}"]


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_a_system_instructions_role_is_no_loss(dst: str) -> None:
    """The role Gemini ignores in a system instruction carries nothing (red team 43 F03)."""
    from google.genai import types

    body = gemini_body("Bonjour?", types.GenerateContentConfig(system_instruction="Answer in French."))
    assert json.loads(body)["systemInstruction"]["role"] == "user"  # what google-genai sends
    built = lc.translate_request("gemini", dst, body, model="gemini-2.5-flash")
    assert "Answer in French." in built.body.decode()
    assert [action for action, _ in _notes(built, "systemInstruction")] == ["satisfied"]
    assert [action for action, _ in _notes(built, "generationConfig")] in ([], ["satisfied"])


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_generation_settings_sent_are_not_named_dropped(dst: str) -> None:
    from google.genai import types

    settings = types.GenerateContentConfig(temperature=0.2, candidate_count=1, max_output_tokens=100)
    built = lc.translate_request("gemini", dst, gemini_body("Bonjour?", settings), model="gemini-2.5-flash")
    assert json.loads(built.body)["temperature"] == 0.2
    assert [action for action, _ in _notes(built, "generationConfig")] == ["satisfied"]  # one: n's default


def test_a_schema_under_either_key_is_carried() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}}}
    for spelling in ("responseJsonSchema", "responseSchema"):
        generation = {"responseMimeType": "application/json", spelling: schema, "candidateCount": 1}
        raw = json.dumps(
            {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "generationConfig": generation}
        )
        built = lc.translate_request("gemini", "openai", raw.encode(), model="gemini-2.5-flash")
        assert json.loads(built.body)["text"]["format"]["schema"] == schema
        assert [action for action, _ in _notes(built, "generationConfig")] == ["satisfied"], spelling
