"""A client's two end-user ids through ``lc.translate_request`` (red team 34 F02).

Both OpenAI dialects take both ``user`` and ``safety_identifier``: between Chat and Responses each
goes under its own name, with no note. Toward Anthropic and Gemini the canonical user_id (the
source's own key) is what the destination's one id (or none) carries; the other key is noted for
that, never as a field the destination lacks."""

from __future__ import annotations

import json

import pytest

import lmcodec as lc

from .gateway_support import chat_accepts, chat_body, responses_accepts, responses_body

IDS = {"user": "end-user-42", "safety_identifier": "hash-9f3a"}


def _bodies() -> dict[str, bytes]:
    return {
        "openai_chat": chat_body(model="gpt-4o", messages=[{"role": "user", "content": "hi"}], **IDS),
        "openai": responses_body(model="gpt-4o", input="hi", **IDS),
    }


@pytest.mark.parametrize(("source", "destination"), [("openai_chat", "openai"), ("openai", "openai_chat")])
def test_each_id_goes_under_its_own_name(source: str, destination: str) -> None:
    built = lc.translate_request(source, destination, _bodies()[source])
    sent = json.loads(built.body)
    assert {key: sent.get(key) for key in IDS} == IDS
    assert not [
        a for a in built.adaptations if a.field in ("extensions.user", "extensions.safety_identifier")
    ]
    (responses_accepts if destination == "openai" else chat_accepts)(built.body)


@pytest.mark.parametrize("source", ["openai_chat", "openai"])
@pytest.mark.parametrize("key", sorted(IDS))
def test_one_id_alone_still_crosses(source: str, key: str) -> None:
    body = (
        chat_body(model="gpt-4o", messages=[{"role": "user", "content": "hi"}], **{key: IDS[key]})
        if source == "openai_chat"
        else responses_body(model="gpt-4o", input="hi", **{key: IDS[key]})
    )
    destination = "openai" if source == "openai_chat" else "openai_chat"
    sent = json.loads(lc.translate_request(source, destination, body).body)
    assert IDS[key] in (sent.get("user"), sent.get("safety_identifier"))


@pytest.mark.parametrize(("source", "carried"), [("openai_chat", "user"), ("openai", "safety_identifier")])
def test_anthropic_gets_the_canonical_id_and_a_true_note(source: str, carried: str) -> None:
    built = lc.translate_request(source, "anthropic", _bodies()[source])
    assert json.loads(built.body)["metadata"] == {"user_id": IDS[carried]}
    other = next(key for key in IDS if key != carried)
    noted = [(a.field, a.action, a.asked) for a in built.adaptations if a.field == f"extensions.{other}"]
    assert noted == [(f"extensions.{other}", "dropped", IDS[other])]
    assert not [a for a in built.adaptations if "no such field" in a.reason and "extensions." in a.field]


@pytest.mark.parametrize("value", [7, "", None, ["x"]])
def test_an_other_id_that_is_no_text_is_dropped(value: object) -> None:
    body = json.dumps(
        {
            "model": "gpt-4o",
            "messages": [{"role": "user", "content": "hi"}],
            "user": "u1",
            "safety_identifier": value,
        }
    )
    built = lc.translate_request("openai_chat", "openai", body)
    sent = json.loads(built.body)
    assert sent["safety_identifier"] == "u1"
    noted = [(a.field, a.action) for a in built.adaptations if a.field == "extensions.safety_identifier"]
    assert noted == [("extensions.safety_identifier", "dropped")]
