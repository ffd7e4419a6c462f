"""A function tool ``strict: true`` declared without parameters goes to Responses and Chat with the
closed empty schema strict mode takes (red team 30 F03): it was sent as lm15's open
``{"type": "object", "properties": {}}`` beside ``strict: true``, which OpenAI refuses ("In
context=(), 'additionalProperties' is required to be supplied and to be false"). The closed schema
is what the openai SDK's ``to_strict_json_schema`` writes for an object of no properties; each
change is a ``tools[i].parameters`` ``substituted`` note. Toward Anthropic (rtleft21) the same tool
went as the open default beside ``strict: true``, which the Messages API refuses too; it goes as
the anthropic SDK's ``transform_schema`` closes it (``additionalProperties: false``, no
``required``), noted alike, and an Anthropic client's own tools go as it wrote them."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

CLOSED = {"type": "object", "properties": {}, "additionalProperties": False, "required": []}
OPEN = {"type": "object", "properties": {}}
MESSAGES = [{"role": "user", "content": "what time is it?"}]


def _responses(tool: dict[str, Any]) -> dict[str, Any]:
    return {"model": "gpt-5", "input": "what time is it?", "tools": [tool]}


def _chat(function: dict[str, Any]) -> dict[str, Any]:
    return {"model": "gpt-4.1", "messages": MESSAGES, "tools": [{"type": "function", "function": function}]}


def _anthropic(tool: dict[str, Any]) -> dict[str, Any]:
    return {"model": "gpt-4.1", "max_tokens": 9, "messages": MESSAGES, "tools": [tool]}


STRICT_WITHOUT_PARAMETERS = {
    "Responses, absent": ("openai", _responses({"type": "function", "name": "now", "strict": True})),
    "Responses, null": (
        "openai",
        _responses({"type": "function", "name": "now", "parameters": None, "strict": True}),
    ),
    "Chat, absent": ("openai_chat", _chat({"name": "now", "strict": True})),
    "Chat, null": ("openai_chat", _chat({"name": "now", "parameters": None, "strict": True})),
    "Anthropic, bare object": (
        "anthropic",
        _anthropic({"name": "now", "input_schema": {"type": "object"}, "strict": True}),
    ),
}


def _sent_tool(built: lc.ProviderRequest) -> dict[str, Any]:
    tool: dict[str, Any] = json.loads(built.body)["tools"][0]
    return tool.get("function", tool)  # type: ignore[no-any-return]


def _strict_mode_takes(schema: Any) -> bool:
    """OpenAI's strict-mode rule on an object schema: closed, every property required."""
    return (
        isinstance(schema, dict)
        and schema.get("additionalProperties") is False
        and sorted(schema.get("required", ())) == sorted(schema.get("properties", {}))
    )


@pytest.mark.parametrize("destination", ["openai", "openai_chat"])
@pytest.mark.parametrize("case", sorted(STRICT_WITHOUT_PARAMETERS))
def test_a_strict_tool_without_parameters_goes_with_a_closed_schema(case: str, destination: str) -> None:
    source, body = STRICT_WITHOUT_PARAMETERS[case]
    built = lc.translate_request(source, destination, json.dumps(body))
    tool = _sent_tool(built)
    assert tool["strict"] is True
    assert tool["parameters"] == CLOSED
    assert _strict_mode_takes(tool["parameters"])
    closed = [a for a in built.adaptations if a.applied == CLOSED]
    assert [(a.field, a.action, a.asked) for a in closed] == [("tools[0].parameters", "substituted", OPEN)]


@pytest.mark.parametrize("destination", ["openai", "openai_chat"])
@pytest.mark.parametrize("source", ["openai", "openai_chat"])
def test_a_tool_not_strict_or_with_parameters_goes_as_before(source: str, destination: str) -> None:
    """Only a strict tool with no parameters changes: a loose one keeps lm15's open default (Chat
    validates it loosely; Responses gets it with ``strict: false`` or as sent), a strict one with
    its own schema keeps it."""
    properties = {"tz": {"type": "string"}}
    schema = {"type": "object", "properties": properties, "required": ["tz"], "additionalProperties": False}
    for strict, parameters in ((None, None), (True, schema)):
        function: dict[str, Any] = {"name": "now"}
        if strict is not None:
            function["strict"] = strict
        if parameters is not None:
            function["parameters"] = parameters
        body = _chat(function) if source == "openai_chat" else _responses({"type": "function", **function})
        built = lc.translate_request(source, destination, json.dumps(body))
        assert _sent_tool(built)["parameters"] == (parameters or OPEN)
        assert not [a for a in built.adaptations if a.applied == CLOSED]


def test_responses_tools_riding_as_sent_keep_the_clients_spelling() -> None:
    """Beside a ``strict: false`` tool, Responses to Responses sends the tools as the client wrote
    them (``_crossing_schemas.strict_flags_back``): a strict tool without parameters goes so, as
    the SDK types it (``parameters`` Optional), and nothing is noted."""
    loose = {"type": "function", "name": "b", "parameters": OPEN, "strict": False}
    strict = {"type": "function", "name": "now", "strict": True}
    body = {"model": "gpt-5", "input": "t", "tools": [strict, loose]}
    built = lc.translate_request("openai", "openai", json.dumps(body))
    assert json.loads(built.body)["tools"] == [strict, loose]
    assert not [a for a in built.adaptations if a.applied == CLOSED]


# ── toward Anthropic (the Messages API's strict mode wants every object closed) ──

CLAUDE_CLOSED = {"type": "object", "properties": {}, "additionalProperties": False}
OPENAI_CLIENTS = sorted(case for case in STRICT_WITHOUT_PARAMETERS if not case.startswith("Anthropic"))


@pytest.mark.parametrize("case", OPENAI_CLIENTS)
def test_a_strict_tool_without_parameters_goes_to_anthropic_closed(case: str) -> None:
    """It went as lm15's open default beside ``strict: true``, which the Messages API refuses ("For
    'object' type, 'additionalProperties' must be explicitly set to false"); it goes as the
    anthropic SDK's ``transform_schema`` writes that default, a schema the SDK sends as it is."""
    anthropic_sdk = pytest.importorskip(
        "anthropic", reason="the anthropic SDK's transform_schema is the oracle"
    )
    source, body = STRICT_WITHOUT_PARAMETERS[case]
    built = lc.translate_request(source, "anthropic", json.dumps(body), model="claude-sonnet-4-5")
    tool = _sent_tool(built)
    assert tool["strict"] is True
    assert tool["input_schema"] == anthropic_sdk.transform_schema(OPEN) == CLAUDE_CLOSED
    assert anthropic_sdk.transform_schema(tool["input_schema"]) == tool["input_schema"]
    closed = [a for a in built.adaptations if a.applied == CLAUDE_CLOSED]
    assert [(a.field, a.action, a.asked) for a in closed] == [("tools[0].parameters", "substituted", OPEN)]


def test_the_note_names_the_tools_entry_among_others() -> None:
    schema = {
        "type": "object",
        "properties": {"q": {"type": "string"}},
        "required": ["q"],
        "additionalProperties": False,
    }
    body = _chat({"name": "find", "parameters": schema, "strict": True})
    body["tools"] += [
        {"type": "function", "function": {"name": "loose"}},
        {"type": "function", "function": {"name": "now", "strict": True}},
    ]
    built = lc.translate_request("openai_chat", "anthropic", json.dumps(body), model="claude-sonnet-4-5")
    tools = json.loads(built.body)["tools"]
    assert [(t["name"], t["input_schema"], t.get("strict")) for t in tools] == [
        ("find", schema, True),
        ("loose", OPEN, None),
        ("now", CLAUDE_CLOSED, True),
    ]
    closed = [a for a in built.adaptations if a.applied == CLAUDE_CLOSED]
    assert [a.field for a in closed] == ["tools[2].parameters"]


@pytest.mark.parametrize("source", ["openai", "openai_chat"])
def test_to_anthropic_a_tool_not_strict_or_with_parameters_goes_as_before(source: str) -> None:
    properties = {"tz": {"type": "string"}}
    schema = {"type": "object", "properties": properties, "required": ["tz"], "additionalProperties": False}
    for strict, parameters in ((False, None), (True, schema)):
        function: dict[str, Any] = {"name": "now", "strict": strict}
        if parameters is not None:
            function["parameters"] = parameters
        body = _chat(function) if source == "openai_chat" else _responses({"type": "function", **function})
        built = lc.translate_request(source, "anthropic", json.dumps(body), model="claude-sonnet-4-5")
        assert _sent_tool(built)["input_schema"] == (parameters or OPEN)
        assert not [a for a in built.adaptations if a.applied == CLAUDE_CLOSED]


@pytest.mark.parametrize("schema", [{"type": "object"}, OPEN])
def test_anthropic_to_anthropic_sends_the_clients_strict_tool_as_it_wrote_it(schema: dict[str, Any]) -> None:
    """The client's tools ride as it sent them: its own API gets the schema it wrote."""
    tool = {"name": "now", "input_schema": schema, "strict": True}
    built = lc.translate_request("anthropic", "anthropic", json.dumps(_anthropic(tool)))
    assert json.loads(built.body)["tools"] == [tool]
    assert not [a for a in built.adaptations if a.applied == CLAUDE_CLOSED]
