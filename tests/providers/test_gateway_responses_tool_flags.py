"""A Responses function tool's ``strict: true`` and openai 3.63's ``defer_loading``,
``output_schema``, ``allowed_callers`` and ``async`` through ``lc.translate_request`` (rtleft19).

- ``strict: true``: the Responses API reads an omitted flag as "strict where the schema allows it"
  and ``true`` as strict or a 400 (the openai SDK's ``FunctionToolParam`` /
  ``NamespaceToolParam`` docstrings), so leaving it out (lm15's builder sends no flag) sent another
  request. Responses -> Responses now sends it back on its tool; ``decode_request`` +
  ``build_request`` stays lm15's (no flag).
- The four keys were refused Responses -> Responses, while the same keys inside a namespace tool
  went as sent (red team 28 F03). The tools now go back as sent; toward another dialect each key
  is dropped with a note at its path, or refused there where the tool would not keep its meaning
  (``allowed_callers`` without ``direct``, ``async`` true).

The oracle for what Responses takes is the openai SDK's ``FunctionToolParam`` (its keys and
types; ``ResponseCreateParams``' union of tools takes a function tool without ``strict``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

from .gateway_support import anthropic_accepts, chat_accepts

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}
KEYS = ("defer_loading", "output_schema", "allowed_callers", "async")
OTHERS = ("openai_chat", "anthropic", "gemini")


def _function_tools_typed(body: bytes) -> None:
    """Raises unless each function tool of a Responses ``body`` is one the openai SDK's
    ``FunctionToolParam`` describes: its keys, none missing or extra, of their types."""
    from openai.types.responses import FunctionToolParam
    from pydantic import TypeAdapter

    adapter = TypeAdapter(FunctionToolParam)
    known = FunctionToolParam.__required_keys__ | FunctionToolParam.__optional_keys__
    for tool in json.loads(body)["tools"]:
        if tool.get("type") == "function":
            assert set(tool) <= known, set(tool) - known
            adapter.validate_python(tool)


def _tool(name: str, **keys: Any) -> dict[str, Any]:
    return {"type": "function", "name": name, "description": "d", "parameters": SCHEMA, **keys}


def _body(tools: list[Any], **more: Any) -> bytes:
    return json.dumps({"model": "gpt-5", "input": "Weather in Paris?", "tools": tools, **more}).encode()


def _sent_tools(body: bytes, destination: str = "openai") -> tuple[list[Any], lc.ProviderRequest]:
    built = lc.translate_request("openai", destination, body, model="gemini-2.5-flash")
    return json.loads(built.body)["tools"], built


# strict: true, Responses -> Responses


def test_an_agents_sdk_body_s_strict_tools_go_back_strict() -> None:
    """The OpenAI Agents SDK flags every function tool ``strict: true``: each goes back so, and the
    body is one the SDK's types take (``strict`` is a required key there)."""
    body = _body([_tool("weather", strict=True), _tool("time", strict=True)])
    tools, built = _sent_tools(body)
    assert tools == json.loads(body)["tools"]
    assert built.adaptations == ()
    _function_tools_typed(built.body)


def test_strict_true_goes_back_on_its_tool_only() -> None:
    body = _body([_tool("weather", strict=True), _tool("time"), {"type": "web_search_preview"}])
    tools, built = _sent_tools(body)
    assert [tool.get("strict") for tool in tools] == [True, None, None]
    assert tools[1:] == json.loads(body)["tools"][1:]
    assert built.adaptations == ()


def test_strict_true_goes_back_beside_replayed_items() -> None:
    """A loop's next turn (replayed call with its id: read by the passes or the typed views)."""
    items = [
        {"role": "user", "content": "Weather in Paris?"},
        {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "sunny"},
    ]
    for extra in ({}, {"phase": "final_answer"}):
        answer = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "ok"}]}
        body = json.dumps(
            {
                "model": "gpt-5",
                "input": [*items, {**answer, **extra}],
                "tools": [_tool("weather", strict=True)],
            }
        ).encode()
        tools, _ = _sent_tools(body)
        assert tools[0]["strict"] is True


def test_an_escaped_strict_key_goes_back_too() -> None:
    body = _body([_tool("weather", strict=True)]).replace(b'"strict"', b'"str\\u0069ct"')
    tools, _ = _sent_tools(body)
    assert tools[0]["strict"] is True


def test_decode_request_then_build_request_stays_lm15_s() -> None:
    body = _body([_tool("weather", strict=True)])
    built = lc.build_request("openai", lc.decode_request("openai", body))
    assert "strict" not in json.loads(built.body)["tools"][0]


# The four keys


def test_the_four_keys_go_back_to_responses_as_sent() -> None:
    tools = [
        {"type": "tool_search"},
        _tool(
            "weather",
            strict=True,
            defer_loading=True,
            output_schema={"type": "object"},
            allowed_callers=["direct", "programmatic"],
            **{"async": False},
        ),
        _tool("time", strict=False),
    ]
    sent, built = _sent_tools(_body(tools))
    assert sent == tools
    assert built.adaptations == ()
    _function_tools_typed(built.body)


@pytest.mark.parametrize("key", KEYS)
def test_each_key_alone_goes_back_to_responses(key: str) -> None:
    value: dict[str, Any] = {
        "defer_loading": True,
        "output_schema": {"type": "string"},
        "allowed_callers": ["programmatic"],
        "async": True,
    }
    tools = [_tool("weather", strict=True, **{key: value[key]})]
    sent, built = _sent_tools(_body(tools))
    assert sent == tools
    assert built.adaptations == ()


@pytest.mark.parametrize("destination", OTHERS)
def test_elsewhere_the_keys_that_keep_the_tool_s_meaning_are_dropped_at_their_paths(destination: str) -> None:
    tool = _tool(
        "weather",
        strict=False,
        defer_loading=True,
        output_schema=None,
        allowed_callers=["direct"],
        **{"async": False},
    )
    _, built = _sent_tools(_body([{"type": "function", "name": "time", "strict": False}, tool]), destination)
    dropped = [(n.field, n.asked) for n in built.adaptations if n.field.startswith("$.tools[1].")]
    assert dropped == [
        ("$.tools[1].defer_loading", True),
        ("$.tools[1].output_schema", None),
        ("$.tools[1].allowed_callers", ["direct"]),
        ("$.tools[1].async", False),
    ]
    assert all(n.action == "dropped" for n in built.adaptations if n.field.startswith("$.tools[1]."))
    assert not any(key.encode() in built.body for key in KEYS)
    assert b"weather" in built.body
    if destination == "openai_chat":
        chat_accepts(built.body)
    elif destination == "anthropic":
        anthropic_accepts(built.body)


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize(
    ("key", "value"), [("allowed_callers", ["programmatic"]), ("allowed_callers", []), ("async", True)]
)
def test_elsewhere_a_key_the_tool_would_lose_is_refused_at_its_path(
    destination: str, key: str, value: Any
) -> None:
    body = _body([_tool("time", strict=True), _tool("weather", strict=True, **{key: value})])
    with pytest.raises(lc.ValidationError) as refused:
        _sent_tools(body, destination)
    assert refused.value.path == f"$.tools[1].{key}"


def test_a_namespace_tool_s_keys_are_left_to_it() -> None:
    """Inside a namespace tool the keys ride with it (a hosted tool's config): no note of them."""
    namespace = {
        "type": "namespace",
        "name": "crm",
        "description": "CRM",
        "tools": [{"type": "function", "name": "find", "defer_loading": True}],
    }
    sent, _ = _sent_tools(_body([namespace, _tool("weather", strict=True)]))
    assert sent == [namespace, _tool("weather", strict=True)]
    _, elsewhere = _sent_tools(_body([namespace, _tool("weather", strict=True)]), "anthropic")
    assert not [n for n in elsewhere.adaptations if "defer_loading" in n.field]


def test_decode_request_still_refuses_the_keys() -> None:
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", _body([_tool("weather", strict=True, defer_loading=True)]))
    assert refused.value.path == "$.tools[0].defer_loading"


# Every drawn set of tools: the rule for all of them


_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "defer_loading": st.booleans(),
    "output_schema": st.none() | st.just({"type": "object", "properties": {}}),
    "allowed_callers": st.none()
    | st.lists(st.sampled_from(["direct", "programmatic"]), max_size=2, unique=True),
    "async": st.booleans(),
}


@st.composite
def _tools(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Function tools as the openai SDK types them (``strict`` always there, a boolean: a null one
    is left out where the tools do not ride as sent, a documented normalization), with any of the
    four keys in any order, a hosted tool among them at times."""
    tools: list[dict[str, Any]] = []
    for k in range(draw(st.integers(1, 4))):
        keys = draw(st.lists(st.sampled_from(KEYS), unique=True, max_size=4))
        tool = _tool(f"f{k}", strict=draw(st.booleans()))
        tool.update({key: draw(_VALUES[key]) for key in keys})
        tools.append(tool)
    if draw(st.booleans()):
        tools.insert(draw(st.integers(0, len(tools))), {"type": "web_search_preview"})
    return tools


def _keeps_its_meaning(key: str, value: Any) -> bool:
    if key == "allowed_callers":
        return value is None or "direct" in value
    if key == "async":
        return value is not True
    return True


@settings(max_examples=examples(200), deadline=None)
@given(_tools())
def test_responses_gets_each_tool_s_flag_and_keys_as_sent(tools: list[dict[str, Any]]) -> None:
    sent, built = _sent_tools(_body(tools))
    assert len(sent) == len(tools)
    for asked, went in zip(tools, sent, strict=True):
        for key in (*KEYS, "strict"):
            if asked.get(key) is not None:
                assert went.get(key) == asked[key], key
    assert not [n for n in built.adaptations if "tools" in n.field]
    _function_tools_typed(built.body)


@settings(max_examples=examples(200), deadline=None)
@given(_tools(), st.sampled_from(OTHERS))
def test_elsewhere_each_key_is_noted_at_its_path_or_refused_there(
    tools: list[dict[str, Any]], destination: str
) -> None:
    keyed = [(i, key, tool[key]) for i, tool in enumerate(tools) for key in tool if key in KEYS]
    lost = [(i, key) for i, key, value in keyed if not _keeps_its_meaning(key, value)]
    if lost:
        with pytest.raises(lc.ValidationError) as refused:
            _sent_tools(_body(tools), destination)
        assert refused.value.path == f"$.tools[{lost[0][0]}].{lost[0][1]}"
        return
    _, built = _sent_tools(_body(tools), destination)
    noted = [(n.field, n.action, n.asked) for n in built.adaptations if n.field.startswith("$.tools[")]
    assert noted == [(f"$.tools[{i}].{key}", "dropped", value) for i, key, value in keyed]
    assert not any(f'"{key}"'.encode() in built.body for key in KEYS)
