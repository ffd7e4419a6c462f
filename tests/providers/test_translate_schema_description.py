"""A structured-output schema's ``description`` through ``lc.translate_request`` (red team 26 F07).

Chat's ``response_format.json_schema.description`` and Responses' ``text.format.description`` are
documented fields of the openai SDK's types; the gateway refused them in every pair, the same
dialect included. Now they go to either OpenAI dialect (the same dialect: the body as written) and
are left out elsewhere, ``dropped`` at their path. ``decode_request`` still refuses them, as lm15's
ingest does (the canonical response_format has no description, INV-050).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .gateway_support import anthropic_accepts, chat_accepts, responses_accepts

SCHEMA = {
    "type": "object",
    "properties": {"a": {"type": "string"}},
    "required": ["a"],
    "additionalProperties": False,
}
READ_AT = {"openai_chat": "$.response_format.json_schema.description", "openai": "$.text.format.description"}


def _body(dialect: str, description: str, strict: bool | None = True) -> bytes:
    fmt: dict[str, Any] = {"name": "out", "description": description, "schema": SCHEMA}
    if strict is not None:
        fmt["strict"] = strict
    if dialect == "openai_chat":
        return json.dumps(
            {
                "model": "gpt-4o",
                "messages": [{"role": "user", "content": "hi"}],
                "response_format": {"type": "json_schema", "json_schema": fmt},
            }
        ).encode()
    return json.dumps(
        {"model": "gpt-5", "input": "hi", "text": {"format": {"type": "json_schema", **fmt}}}
    ).encode()


def _format(dialect: str, body: bytes) -> Any:
    value = json.loads(body)
    return value["response_format"]["json_schema"] if dialect == "openai_chat" else value["text"]["format"]


@pytest.mark.parametrize("dialect", ["openai_chat", "openai"])
def test_decode_request_still_refuses_it(dialect: str) -> None:
    with pytest.raises(lc.ValidationError, match="description"):
        lc.decode_request(dialect, _body(dialect, "the answer"))


@pytest.mark.parametrize("dialect", ["openai_chat", "openai"])
def test_the_same_dialect_gets_the_body_as_written(dialect: str) -> None:
    body = _body(dialect, "the answer as one field")
    built = lc.translate_request(dialect, dialect, body)
    assert json.loads(built.body)["model"] == json.loads(body)["model"]
    assert _format(dialect, built.body) == _format(dialect, body)
    keys = list(_format(dialect, built.body))
    assert keys[keys.index("name") + 1] == "description"  # where the openai SDK's types declare it
    assert built.adaptations == ()


@pytest.mark.parametrize(("source", "destination"), [("openai_chat", "openai"), ("openai", "openai_chat")])
def test_the_other_openai_dialect_gets_it(source: str, destination: str) -> None:
    built = lc.translate_request(source, destination, _body(source, "the answer"))
    assert _format(destination, built.body)["description"] == "the answer"
    assert not [a for a in built.adaptations if "description" in a.field]
    (chat_accepts if destination == "openai_chat" else responses_accepts)(built.body)


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("source", ["openai_chat", "openai"])
def test_elsewhere_it_is_dropped_at_its_path(source: str, destination: str) -> None:
    built = lc.translate_request(source, destination, _body(source, "the answer"), model="gemini-2.5-flash")
    assert b"the answer" not in built.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if "description" in a.field]
    assert notes == [(READ_AT[source], "dropped", "the answer")]
    if destination == "anthropic":
        anthropic_accepts(built.body)


@settings(max_examples=examples(40), deadline=None)
@given(
    dialect=st.sampled_from(["openai_chat", "openai"]),
    description=st.text(max_size=20),
    strict=st.sampled_from([True, False, None]),
)
def test_the_same_dialect_round_trips(dialect: str, description: str, strict: bool | None) -> None:
    body = _body(dialect, description, strict)
    built = lc.translate_request(dialect, dialect, body)
    assert _format(dialect, built.body) == _format(dialect, body)
    assert built.adaptations == ()
