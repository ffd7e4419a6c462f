"""Function tools translated to Responses from another dialect (``lc.translate_request``; red team
11 F03).

On Chat Completions, Anthropic and Gemini a tool without ``strict`` is not strict; on Responses it
is ("Responses requests will attempt to normalize your schema into strict mode ... To opt out ...
explicitly set strict: false", OpenAI's function-calling guide): every property becomes required.
lm15's Responses builder sends no flag, and a body with ``strict: false`` is one
``decode_request("openai")`` refuses (a gateway reads the built body back with it,
``examples/gateway.py``), so the tools go without the flag and the change is listed: one
``tools`` ``defaulted`` note naming the function tools, but a tool a Chat client asked strict
(``strict: true``, its meaning kept; ``dropped`` as before).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}, "units": {"type": "string"}}}
ASK = [{"role": "user", "content": "hi"}]


def _chat(*functions: dict[str, Any]) -> bytes:
    tools = [
        {"type": "function", "function": {"name": f"f{i}", "parameters": SCHEMA, **f}}
        for i, f in enumerate(functions)
    ]
    return json.dumps({"model": "gpt-5", "messages": ASK, "tools": tools}).encode()


BODIES = {
    "openai_chat": _chat({}),
    "anthropic": json.dumps(
        {
            "model": "gpt-5",
            "max_tokens": 100,
            "messages": ASK,
            "tools": [{"name": "f0", "input_schema": SCHEMA}],
        }
    ).encode(),
    "gemini": json.dumps(
        {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "tools": [{"functionDeclarations": [{"name": "f0", "parameters": SCHEMA}]}],
        }
    ).encode(),
}


def _strict_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [
        (a.field, a.action, a.applied)
        for a in built.adaptations
        if "strict" in a.field or (a.field == "tools" and a.action == "defaulted")
    ]


@pytest.mark.parametrize("source", sorted(BODIES))
def test_a_tool_of_another_dialect_is_listed_as_strict_on_responses(source: str) -> None:
    built = lc.translate_request(source, "openai", BODIES[source], model="gpt-5")
    assert _strict_notes(built) == [("tools", "defaulted", ["f0"])]
    assert b"strict" not in built.body
    lc.decode_request("openai", built.body)  # the body a gateway reads back


def test_a_chat_tool_asked_strict_keeps_its_meaning() -> None:
    built = lc.translate_request("openai_chat", "openai", _chat({"strict": True}, {"strict": False}, {}))
    assert _strict_notes(built) == [
        ("$.tools[0].function.strict", "dropped", None),
        ("tools", "defaulted", ["f1", "f2"]),
    ]


def test_other_destinations_and_the_same_dialect_have_no_note() -> None:
    for destination in ("openai_chat", "anthropic", "gemini"):
        built = lc.translate_request("anthropic", destination, BODIES["anthropic"], model="gemini-2.5-flash")
        assert _strict_notes(built) == []
    same = {
        "model": "gpt-5",
        "input": "hi",
        "tools": [{"type": "function", "name": "f", "parameters": SCHEMA}],
    }
    assert _strict_notes(lc.translate_request("openai", "openai", json.dumps(same).encode())) == []
