"""A Gemini client's ``candidateCount`` and its system instruction's ``role`` through
``lc.translate_request`` to another dialect (red team 43 F02, F03).

``candidateCount`` other than 1 is refused at its path, as Chat's ``n`` other than 1 is (a canonical
Response holds one answer; sent as one, the client would read a candidate that never comes); 1, the
default, carries nothing. To Gemini the body goes as sent. A system instruction's ``role`` (which
google-genai always writes, and the API ignores there) is no loss: the prompt is ``satisfied``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

DESTINATIONS = ["anthropic", "openai", "openai_chat"]
ASK = [{"role": "user", "parts": [{"text": "Two taglines, please."}]}]


def _body(**top: Any) -> bytes:
    return json.dumps({"contents": ASK, **top}).encode()


@pytest.mark.parametrize("dst", DESTINATIONS)
@pytest.mark.parametrize("count", [2, 8, "5", 2.5, 0, True])
def test_a_candidate_count_other_than_one_is_refused_at_its_path(dst: str, count: Any) -> None:
    for key, name in (("generationConfig", "candidateCount"), ("generation_config", "candidate_count")):
        with pytest.raises(lc.ValidationError) as caught:
            lc.translate_request("gemini", dst, _body(**{key: {name: count, "temperature": 0.3}}), model="m")
        assert caught.value.path == "$.generationConfig.candidateCount"
        assert "one candidate" in caught.value.message


@pytest.mark.parametrize("dst", DESTINATIONS)
def test_one_candidate_is_the_default_and_no_loss(dst: str) -> None:
    built = lc.translate_request("gemini", dst, _body(generationConfig={"candidateCount": 1}), model="m")
    notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")]
    assert notes == [("extensions.generationConfig", "satisfied")]


def test_to_gemini_the_candidate_count_goes_as_sent() -> None:
    built = lc.translate_request(
        "gemini", "gemini", _body(generationConfig={"candidateCount": 2}), model="gemini-2.5-flash"
    )
    assert json.loads(built.body)["generationConfig"] == {"candidateCount": 2}


@pytest.mark.parametrize("dst", DESTINATIONS)
@pytest.mark.parametrize("role", ["user", "model", ""])
def test_a_system_instructions_role_is_no_loss(dst: str, role: str) -> None:
    system = {"parts": [{"text": "be terse"}], "role": role}
    built = lc.translate_request("gemini", dst, _body(systemInstruction=system), model="m")
    assert "be terse" in built.body.decode()
    notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("extensions.")]
    assert notes == [("extensions.systemInstruction", "satisfied")]
