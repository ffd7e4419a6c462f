"""A parameterless tool crossing dialects (``lc.translate_request``; red team 11 F07).

google-genai declares one as ``FunctionDeclaration(name=...)`` with no ``parameters`` (read as
``{}``, which Gemini gets back as it came); Gemini's ``{"type": "OBJECT"}`` and an Anthropic
client's ``{"type": "object"}`` (what MCP servers emit) are the other common spellings. Sent as
they came, Anthropic refuses ``input_schema: {}`` (its ``type`` is required: the anthropic SDK's
``InputSchemaTyped``) and OpenAI refuses both (``{}``: "schema must be a JSON Schema of 'type:
"object"'", ``{"type": "object"}``: "object schema missing properties"). Between two dialects the
gateway sends ``{"type": "object", "properties": {}}`` (the canonical default, what lm15 writes
for a tool declared without parameters), ``tools[i].parameters`` ``substituted``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts, responses_accepts

EMPTY = {"type": "object", "properties": {}}
ACCEPTS = {"openai": responses_accepts, "openai_chat": chat_accepts, "anthropic": anthropic_accepts}


def _gemini(*declarations: dict[str, Any]) -> tuple[str, bytes]:
    body = {
        "contents": [{"role": "user", "parts": [{"text": "hi"}]}],
        "tools": [{"functionDeclarations": list(declarations)}],
    }
    return "gemini", json.dumps(body).encode()


def _anthropic(*tools: dict[str, Any]) -> tuple[str, bytes]:
    ask = [{"role": "user", "content": "hi"}]
    body = {"model": "m", "max_tokens": 10, "messages": ask, "tools": list(tools)}
    return "anthropic", json.dumps(body).encode()


def _schemas(destination: str, body: bytes) -> list[Any]:
    tools = json.loads(body)["tools"]
    if destination == "anthropic":
        return [tool["input_schema"] for tool in tools]
    if destination == "openai_chat":
        return [tool["function"]["parameters"] for tool in tools]
    return [tool["parameters"] for tool in tools]


def _notes(built: Any) -> list[tuple[str, Any, Any]]:
    return [(a.field, a.asked, a.applied) for a in built.adaptations if a.field.endswith(".parameters")]


def _translate(case: tuple[str, bytes], destination: str) -> Any:
    source, body = case
    return lc.translate_request(source, destination, body, model="claude-sonnet-4-5")


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "anthropic"])
def test_a_gemini_declaration_without_parameters_goes_as_an_empty_object_schema(destination: str) -> None:
    built = _translate(_gemini({"name": "get_time"}), destination)
    ACCEPTS[destination](built.body)
    assert _schemas(destination, built.body) == [EMPTY]
    assert ("tools[0].parameters", {}, EMPTY) in _notes(built)
    assert [a.action for a in built.adaptations if a.field == "tools[0].parameters"] == ["substituted"]


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "anthropic"])
def test_a_gemini_object_without_properties_goes_with_them(destination: str) -> None:
    built = _translate(_gemini({"name": "get_time", "parameters": {"type": "OBJECT"}}), destination)
    ACCEPTS[destination](built.body)
    assert _schemas(destination, built.body) == [EMPTY]


@pytest.mark.parametrize("destination", ["openai", "openai_chat"])
def test_an_anthropic_object_without_properties_goes_to_openai_with_them(destination: str) -> None:
    schema = {"type": "object", "description": "no arguments"}
    built = _translate(_anthropic({"name": "get_time", "input_schema": schema}), destination)
    ACCEPTS[destination](built.body)
    assert _schemas(destination, built.body) == [{**schema, "properties": {}}]
    assert _notes(built) == [("tools[0].parameters", schema, {**schema, "properties": {}})]


def test_only_the_parameterless_tool_changes() -> None:
    full = {"type": "object", "properties": {"city": {"type": "string"}}}
    built = _translate(
        _anthropic({"name": "now", "input_schema": {"type": "object"}}, {"name": "w", "input_schema": full}),
        "openai_chat",
    )
    assert _schemas("openai_chat", built.body) == [EMPTY, full]
    assert [note[0] for note in _notes(built)] == ["tools[0].parameters"]


def test_the_same_dialect_and_gemini_get_the_tools_as_they_came() -> None:
    source, body = _gemini({"name": "get_time"})
    same = lc.translate_request(source, "gemini", body, model="gemini-2.5-flash")
    assert json.loads(same.body)["tools"] == json.loads(body)["tools"] and _notes(same) == []
    source, body = _anthropic({"name": "get_time", "input_schema": {"type": "object"}})
    same = lc.translate_request(source, "anthropic", body)
    assert _schemas("anthropic", same.body) == [{"type": "object"}] and _notes(same) == []
    to_gemini = lc.translate_request(source, "gemini", body, model="gemini-2.5-flash")
    assert _notes(to_gemini) == []
