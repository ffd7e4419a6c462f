"""Function tools translated to Responses from another dialect (``lc.translate_request``; red team
11 F03).

On Chat Completions, Anthropic and Gemini a tool without ``strict`` is not strict; on Responses it
is ("Responses requests will attempt to normalize your schema into strict mode ... To opt out ...
explicitly set strict: false", OpenAI's function-calling guide): every property becomes required
and the model fills the optional ones. lm15's Responses builder sends no flag, so
``build_request`` does not either; between two dialects each function tool goes with
``strict: false`` (the meaning it had), listed in one ``tools`` ``substituted`` note naming them,
and with ``strict: true`` where a Chat client asked for it (no longer ``dropped``). The body is
one ``decode_request("openai")`` reads back (a gateway does: ``examples/gateway.py``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import responses_accepts

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}, "units": {"type": "string"}},
    "required": ["city"],
}
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
            "tools": [{"name": "f0", "description": "Weather", "input_schema": SCHEMA}],
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
        (a.field, a.action, a.applied) for a in built.adaptations if "strict" in a.field or a.field == "tools"
    ]


def _without_strict(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{key: value for key, value in tool.items() if key != "strict"} for tool in tools]


@pytest.mark.parametrize("source", sorted(BODIES))
def test_a_tool_of_another_dialect_goes_to_responses_non_strict(source: str) -> None:
    built = lc.translate_request(source, "openai", BODIES[source], model="gpt-5")
    tools = json.loads(built.body)["tools"]
    assert [tool["strict"] for tool in tools] == [False]
    assert _strict_notes(built) == [("tools", "substituted", ["f0"])]
    plain = lc.build_request("openai", lc.replace(lc.decode_request(source, BODIES[source]), model="gpt-5"))
    assert b"strict" not in plain.body  # build_request keeps lm15's omission
    assert _without_strict(tools) == json.loads(plain.body)["tools"]  # the builder's tools, flagged
    assert list(json.loads(built.body)) == list(json.loads(plain.body))  # where lm15 writes them
    responses_accepts(built.body)
    read = lc.decode_request("openai", built.body)  # the body a gateway reads back
    assert json.loads(lc.build_request("openai", read).body) == json.loads(built.body)


def test_a_chat_tools_strict_flag_goes_as_it_asked() -> None:
    built = lc.translate_request("openai_chat", "openai", _chat({"strict": True}, {"strict": False}, {}))
    assert [tool["strict"] for tool in json.loads(built.body)["tools"]] == [True, False, False]
    assert _strict_notes(built) == [("tools", "substituted", ["f1", "f2"])]  # f0's dropped note gone
    responses_accepts(built.body)
    only_strict = lc.translate_request("openai_chat", "openai", _chat({"strict": True}))
    assert json.loads(only_strict.body)["tools"][0]["strict"] is True
    assert _strict_notes(only_strict) == []


def test_a_hosted_tool_beside_keeps_the_builders_entry() -> None:
    body = json.dumps(
        {
            "model": "gpt-5",
            "max_tokens": 100,
            "messages": ASK,
            "tools": [
                {"type": "web_search_20250305", "name": "web_search"},
                {"name": "f1", "input_schema": SCHEMA},
            ],
        }
    ).encode()
    built = lc.translate_request("anthropic", "openai", body)
    tools = json.loads(built.body)["tools"]
    assert [tool.get("strict") for tool in tools] == [None, False]
    assert tools[0]["type"] == "web_search_preview"
    assert _strict_notes(built) == [("tools", "substituted", ["f1"])]


def test_other_destinations_and_the_same_dialect_are_unchanged() -> None:
    for destination in ("openai_chat", "anthropic", "gemini"):
        built = lc.translate_request("anthropic", destination, BODIES["anthropic"], model="gemini-2.5-flash")
        assert _strict_notes(built) == []
        assert b"strict" not in built.body
    same = {
        "model": "gpt-5",
        "input": "hi",
        "tools": [{"type": "function", "name": "f", "parameters": SCHEMA}],
    }
    built = lc.translate_request("openai", "openai", json.dumps(same).encode())
    assert _strict_notes(built) == [] and b"strict" not in built.body


def test_the_red_team_reproducer() -> None:
    """red team 11 F03's f03_non_strict_tools_become_strict_on_responses.py, as a test."""
    tool = {"name": "get_weather", "parameters": SCHEMA}
    bodies = {
        "openai_chat": {"model": "gpt-5", "messages": ASK, "tools": [{"type": "function", "function": tool}]},
        "openai_chat (strict: false)": {
            "model": "gpt-5",
            "messages": ASK,
            "tools": [{"type": "function", "function": {**tool, "strict": False}}],
        },
        "anthropic": {
            "model": "gpt-5",
            "max_tokens": 100,
            "messages": ASK,
            "tools": [{"name": "get_weather", "input_schema": SCHEMA}],
        },
        "gemini": {
            "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
            "tools": [{"functionDeclarations": [tool]}],
        },
    }
    for name, body in bodies.items():
        built = lc.translate_request(name.split()[0], "openai", json.dumps(body).encode(), model="gpt-5")
        assert json.loads(built.body)["tools"][0].get("strict") is False, name
