"""Hosted tools crossing dialects through ``lc.translate_request`` (red-team gateway F05): a tool
with an equivalent at the destination (web search, code execution) is written with the
destination's own options, each option that does not cross named as dropped; any other hosted
tool is left out, named; nothing of the source's spelling reaches the destination. Client bodies
are the SDKs'; translated bodies are checked against the destination SDK's request types."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import (
    anthropic_accepts,
    anthropic_body,
    chat_accepts,
    gemini_body,
    gemini_tools_accepted,
    notes,
    responses_accepts,
    responses_body,
)

HI = [{"role": "user", "content": "hi"}]
LOCATION = {"type": "approximate", "country": "FR", "city": "Paris"}


def _anthropic(tool: dict[str, Any]) -> bytes:
    return anthropic_body(model="claude-sonnet-4-5", max_tokens=64, messages=HI, tools=[tool])


def _responses(tool: dict[str, Any]) -> bytes:
    return responses_body(model="gpt-4.1", input="hi", tools=[tool])


def _gemini(**tool: Any) -> bytes:
    from google.genai import types

    return gemini_body("hi", types.GenerateContentConfig(tools=[types.Tool(**tool)]))


def _accepted(dialect: str, body: bytes) -> None:
    {
        "anthropic": anthropic_accepts,
        "openai": responses_accepts,
        "openai_chat": chat_accepts,
        "gemini": gemini_tools_accepted,
    }[dialect](body)


def _tools(dialect: str, body: bytes) -> Any:
    return json.loads(body).get("tools")


WEB_SEARCH = {
    "anthropic": [{"type": "web_search_20250305", "name": "web_search", "user_location": LOCATION}],
    "openai": [{"type": "web_search_preview", "user_location": LOCATION}],
    "gemini": [{"googleSearch": {}}],
}


def _anthropic_search() -> bytes:
    tool = {
        "type": "web_search_20250305",
        "name": "web_search",
        "max_uses": 3,
        "allowed_domains": ["example.com"],
        "user_location": LOCATION,
    }
    return _anthropic(tool)


def _responses_search() -> bytes:
    return _responses(
        {"type": "web_search_preview", "search_context_size": "high", "user_location": LOCATION}
    )


@pytest.mark.parametrize("destination", ["openai", "gemini"])
def test_anthropic_web_search_is_the_destinations_web_search(destination: str) -> None:
    built = lc.translate_request("anthropic", destination, _anthropic_search())
    expected = WEB_SEARCH[destination]
    if destination == "gemini":
        expected = [{"googleSearch": {}}]
    assert _tools(destination, built.body) == expected
    _accepted(destination, built.body)
    dropped = {field for field, action, _, _ in notes(built, "tools[0].config") if action == "dropped"}
    assert {"tools[0].config.max_uses", "tools[0].config.allowed_domains"} <= dropped
    assert ("tools[0].config.user_location" in dropped) == (destination == "gemini")
    assert [action for field, action, _, _ in notes(built, "tools") if field == "tools[0]"] == ["substituted"]


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_responses_web_search_is_the_destinations_web_search(destination: str) -> None:
    built = lc.translate_request("openai", destination, _responses_search())
    assert _tools(destination, built.body) == WEB_SEARCH[destination]
    _accepted(destination, built.body)
    assert ("tools[0].config.search_context_size", "dropped", "high", None) in notes(built, "tools")


MODELS = {"anthropic": "claude-sonnet-4-5", "openai": "gpt-5", "openai_chat": "gpt-4o"}
"""The backend's model a gateway passes for a Gemini client's body (red team 18 F08: its URL names
it, and without model= translate_request refuses to send it to another dialect)."""


def test_gemini_google_search_is_web_search_elsewhere() -> None:
    body = _gemini(google_search={})
    for destination in ("anthropic", "openai"):
        built = lc.translate_request("gemini", destination, body, model=MODELS[destination])
        [tool] = _tools(destination, built.body)
        assert tool["type"] in ("web_search_20250305", "web_search_preview") and set(tool) <= {"type", "name"}
        _accepted(destination, built.body)


@pytest.mark.parametrize("destination", ["openai", "anthropic", "gemini"])
def test_code_execution_crosses_with_the_destinations_options(destination: str) -> None:
    sources = {
        "anthropic": _anthropic({"type": "code_execution_20250825", "name": "code_execution"}),
        "openai": _responses({"type": "code_interpreter", "container": {"type": "auto", "file_ids": ["f"]}}),
        "gemini": _gemini(code_execution={}),
    }
    for source, body in sources.items():
        if source == destination:
            continue
        model = MODELS[destination] if source == "gemini" else None  # a Gemini client's is in the URL
        built = lc.translate_request(source, destination, body, model=model)
        _accepted(destination, built.body)
        [tool] = _tools(destination, built.body)
        if destination == "openai":
            assert tool == {"type": "code_interpreter", "container": {"type": "auto"}}
        elif destination == "anthropic":
            assert tool == {"type": "code_execution_20250522", "name": "code_execution"}
        else:
            assert tool == {"codeExecution": {}}


FOREIGN = [
    ("anthropic", lambda: _anthropic({"type": "bash_20250124", "name": "bash"})),
    (
        "anthropic",
        lambda: _anthropic({"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}),
    ),
    ("openai", lambda: _responses({"type": "file_search", "vector_store_ids": ["vs_1"]})),
]  # a Responses custom tool is the client's, a function tool elsewhere: test_gateway_codex_custom_tools


@pytest.mark.parametrize(("source", "make"), FOREIGN)
def test_a_tool_only_its_provider_has_is_dropped_and_named(source: str, make: Any) -> None:
    body = make()
    for destination in ("openai", "anthropic", "gemini", "openai_chat"):
        if destination == source:
            continue
        built = lc.translate_request(source, destination, body)
        assert not _tools(destination, built.body)
        _accepted(destination, built.body)
        [(field, action, asked, _)] = notes(built, "tools")
        assert (field, action) == ("tools[0]", "dropped") and asked["type"] == "builtin"


def test_web_search_to_chat_is_dropped_and_named() -> None:
    built = lc.translate_request("openai", "openai_chat", _responses_search())
    assert "tools" not in json.loads(built.body)
    assert [(f, a) for f, a, _, _ in notes(built, "tools")] == [("tools[0]", "dropped")]


def test_function_tools_beside_them_are_untouched() -> None:
    function = {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}
    body = responses_body(
        model="gpt-4.1", input="hi", tools=[function, {"type": "file_search", "vector_store_ids": ["v"]}]
    )
    built = lc.translate_request("openai", "anthropic", body)
    assert [t["name"] for t in _tools("anthropic", built.body)] == ["f"]
    anthropic_accepts(built.body)


def test_a_tool_choice_forcing_a_dropped_hosted_tool_is_dropped_and_named() -> None:
    function = {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}
    body = responses_body(
        model="gpt-4.1",
        input="hi",
        tools=[function, {"type": "file_search", "vector_store_ids": ["v"]}],
        tool_choice={"type": "file_search"},
    )
    built = lc.translate_request("openai", "anthropic", body)
    sent = json.loads(built.body)
    assert "tool_choice" not in sent and [t["name"] for t in sent["tools"]] == ["f"]
    anthropic_accepts(built.body)
    assert [(f, a) for f, a, _, _ in notes(built, "tool_choice")] == [("config.tool_choice", "dropped")]


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_two_web_searches_send_the_first(destination: str) -> None:
    """A Responses body's ``web_search_preview`` beside ``web_search_2025_08_26`` is two web searches
    of one name at the destination: the first is sent, the second ``dropped`` (the Request's
    tool names are unique: it was a ValueError)."""
    body = responses_body(
        model="gpt-4.1",
        input="hi",
        tools=[
            {"type": "web_search_preview"},
            {"type": "web_search_2025_08_26", "search_context_size": "low"},
        ],
    )
    built = lc.translate_request(
        "openai", destination, body, model="claude-sonnet-4-5" if destination == "anthropic" else None
    )
    assert len(_tools(destination, built.body)) == 1
    _accepted(destination, built.body)
    second = {"type": "builtin", "name": "web_search_2025_08_26", "config": {"search_context_size": "low"}}
    assert notes(built, "tools[1]") == [("tools[1]", "dropped", second, None)]


def test_a_custom_tool_named_as_a_function_tool_leaves_the_function() -> None:
    body = responses_body(
        model="gpt-4.1",
        input="hi",
        tools=[
            {"type": "custom", "name": "apply_patch", "description": "Edit."},
            {
                "type": "function",
                "name": "apply_patch",
                "parameters": {"type": "object", "properties": {}},
                "strict": True,
            },
        ],
    )
    built = lc.translate_request("openai", "anthropic", body, model="claude-sonnet-4-5")
    assert [tool["name"] for tool in _tools("anthropic", built.body)] == ["apply_patch"]
    assert "input_schema" in _tools("anthropic", built.body)[0]
    _accepted("anthropic", built.body)
    custom = {"type": "builtin", "name": "custom", "config": {"name": "apply_patch", "description": "Edit."}}
    # the function's open empty schema goes closed beside its strict: true (rtleft21: the Messages
    # API's strict mode refuses it open), noted at its index among the tools sent
    closed = {"type": "object", "properties": {}, "additionalProperties": False}
    assert notes(built, "tools[0]") == [
        ("tools[0]", "dropped", custom, None),
        ("tools[0].parameters", "substituted", {"type": "object", "properties": {}}, closed),
    ]


@pytest.mark.parametrize(
    ("source", "body"),
    [
        (
            "openai",
            responses_body(
                model="gpt-5",
                input="news today?",
                tools=[{"type": "web_search_preview"}],
                tool_choice={"type": "web_search_preview"},
            ),
        ),
        (
            "anthropic",
            anthropic_body(
                model="claude-sonnet-4-5",
                max_tokens=64,
                messages=HI,
                tools=[{"type": "web_search_20250305", "name": "web_search"}],
                tool_choice={"type": "tool", "name": "web_search"},
            ),
        ),
    ],
    ids=["responses", "anthropic"],
)
def test_a_tool_choice_forcing_a_hosted_tool_goes_to_gemini_unforced(source: str, body: bytes) -> None:
    """Red team 26 F06: the web search is sent, the forcing Gemini cannot say is dropped and named
    (was lm15's ProviderError, with no path), as to Chat, where the tool goes too."""
    built = lc.translate_request(source, "gemini", body, model="gemini-2.5-flash")
    sent = json.loads(built.body)
    assert sent["tools"] == [{"googleSearch": {}}] and "toolConfig" not in sent
    gemini_tools_accepted(built.body)
    choice = notes(built, "tool_choice")
    assert [(f, a) for f, a, _, _ in choice] == [("config.tool_choice", "dropped")]
    assert "functionCallingConfig names function declarations only" in next(
        a.reason for a in built.adaptations if a.field == "config.tool_choice"
    )


def test_a_forced_function_beside_a_hosted_tool_stays_forced_to_gemini() -> None:
    function = {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}
    body = responses_body(
        model="gpt-5",
        input="hi",
        tools=[function, {"type": "web_search_preview"}],
        tool_choice={
            "type": "allowed_tools",
            "mode": "required",
            "tools": [{"type": "function", "name": "f"}, {"type": "web_search_preview"}],
        },
    )
    built = lc.translate_request("openai", "gemini", body, model="gemini-2.5-flash")
    calling = json.loads(built.body)["toolConfig"]["functionCallingConfig"]
    assert calling == {"mode": "ANY", "allowedFunctionNames": ["f"]}
    assert [(f, a) for f, a, _, _ in notes(built, "tool_choice")] == [("config.tool_choice", "substituted")]
