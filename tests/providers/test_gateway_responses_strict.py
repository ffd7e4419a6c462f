"""A Responses function tool with ``"strict": false`` through ``lc.translate_request`` (red-team 5
F05): the openai SDK's ``FunctionToolParam`` requires ``strict``, and ``false`` is what a client
sends for a schema that is not strict-compatible (the Responses API's default is true). The
gateway refused the body for every destination. Now the gateway's reading keeps the tools as the
client sent them (``Config.extensions``), so Responses to Responses sends ``strict: false`` back,
and to another dialect the canonical tools go without a strict flag (non-strict is the only or the
default meaning there), the client's spelling ``dropped`` with an Adaptation. ``decode_request``
keeps the tools as sent the same way (it refused them: lm15's builder sends no strict flag)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts, gemini_tools_accepted, responses_body

TOOLS: list[dict[str, Any]] = [
    {
        "type": "function",
        "name": "get_weather",
        "description": "Weather of a city",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        "strict": False,
    },
    {"type": "function", "name": "now", "parameters": {"type": "object", "properties": {}}, "strict": True},
]
BODY = responses_body(model="gpt-5", input=[{"role": "user", "content": "Weather in Paris?"}], tools=TOOLS)
STRING_INPUT = responses_body(model="gpt-5", input="Weather in Paris?", tools=TOOLS)
"""The openai SDK's simplest call, ``responses.create(input="...")`` (red team 11 F01)."""
ACCEPTS = {"openai_chat": chat_accepts, "anthropic": anthropic_accepts, "gemini": gemini_tools_accepted}


def test_decode_request_keeps_the_tools_as_sent() -> None:
    request = lc.decode_request("openai", BODY)
    assert request.config.extensions == {"tools": TOOLS}
    assert json.loads(lc.build_request("openai", request).body)["tools"] == TOOLS


@pytest.mark.parametrize("body", [BODY, STRING_INPUT], ids=["list input", "string input"])
def test_responses_to_responses_sends_the_tools_as_they_came(body: bytes) -> None:
    built = lc.translate_request("openai", "openai", body)
    assert json.loads(built.body)["tools"] == json.loads(body)["tools"]
    assert json.loads(built.body)["input"] == [
        {"role": "user", "content": [{"type": "input_text", "text": "Weather in Paris?"}]}
    ]
    assert not [a for a in built.adaptations if "tools" in a.field]


@pytest.mark.parametrize("body", [BODY, STRING_INPUT], ids=["list input", "string input"])
@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_another_dialect_gets_each_tool_s_strictness(destination: str, body: bytes) -> None:
    """``strict: false`` goes as the destination's default (no flag); ``strict: true`` goes as
    Chat's ``function.strict`` and Anthropic's ``strict``, and to Gemini, which has no flag, is
    listed (red team 26 F01: it went without the flag and without a note)."""
    built = lc.translate_request(
        "openai", destination, body, model="gemini-2.5-flash" if destination == "gemini" else None
    )
    tools = json.loads(built.body)["tools"]
    assert b"get_weather" in built.body and b'"now"' in built.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if "tools" in a.field]
    if destination == "gemini":
        assert b"strict" not in built.body
        assert notes == [("tools", "dropped", ["now"])]
    else:
        flags = [(tool.get("function") or tool).get("strict") for tool in tools]
        assert flags == [None, True]
        if destination == "openai_chat":  # "now"'s open empty schema: strict mode refuses it (F03)
            closed = {"type": "object", "properties": {}, "additionalProperties": False, "required": []}
            assert tools[1]["function"]["parameters"] == closed
            assert notes == [("tools[1].parameters", "substituted", {"type": "object", "properties": {}})]
        else:  # ... and the Messages API's (rtleft21): closed as the anthropic SDK closes it
            closed = {"type": "object", "properties": {}, "additionalProperties": False}
            assert tools[1]["input_schema"] == closed
            assert notes == [("tools[1].parameters", "substituted", {"type": "object", "properties": {}})]
    ACCEPTS[destination](built.body)
