"""A function tool's strictness between two dialects (``lc.translate_request``; red team 26 F01).

A Responses tool with ``strict: true`` went to Chat and Anthropic without the flag, and one without
the flag (strict by that API's default) likewise, with no note; an Anthropic ``strict: true`` tool
went to Responses as ``strict: false`` under a note saying the client's dialect validates it
loosely. Now ``strict: true`` goes where the destination has the flag (Chat's ``function.strict``,
Anthropic's ``strict``, Responses' ``strict``) and is listed to Gemini, which has none; a Responses
tool strict by default goes without the flag, listed (its schema was not written in strict mode).
Translated bodies are checked against the destination SDK's request types.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .gateway_support import anthropic_accepts, chat_accepts, gemini_tools_accepted, responses_accepts

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}
ACCEPTS = {
    "openai": responses_accepts,
    "openai_chat": chat_accepts,
    "anthropic": anthropic_accepts,
    "gemini": gemini_tools_accepted,
}
ABSENT = "absent"


def _responses(*flags: Any) -> bytes:
    tools = []
    for i, flag in enumerate(flags):
        tool: dict[str, Any] = {"type": "function", "name": f"f{i}", "parameters": SCHEMA}
        if flag is not ABSENT:
            tool["strict"] = flag
        tools.append(tool)
    return json.dumps({"model": "gpt-5", "input": "weather in Paris?", "tools": tools}).encode()


def _anthropic(*flags: bool | None) -> bytes:
    tools = []
    for i, flag in enumerate(flags):
        tool: dict[str, Any] = {"name": f"f{i}", "input_schema": SCHEMA}
        if flag is not None:
            tool["strict"] = flag
        tools.append(tool)
    messages = [{"role": "user", "content": "hi"}]
    return json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages, "tools": tools}
    ).encode()


def _sent_flags(destination: str, body: bytes) -> list[Any]:
    tools = json.loads(body)["tools"]
    if destination == "gemini":
        return [None for _ in tools[0]["functionDeclarations"]]
    return [(tool.get("function") or tool).get("strict") for tool in tools]


def _tool_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [
        (a.field, a.action, a.asked) for a in built.adaptations if "tools" in a.field or "strict" in a.field
    ]


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic"])
def test_a_responses_strict_tool_goes_strict_where_the_flag_is(destination: str) -> None:
    built = lc.translate_request("openai", destination, _responses(True))
    assert _sent_flags(destination, built.body) == [True]
    assert _tool_notes(built) == []
    ACCEPTS[destination](built.body)


@pytest.mark.parametrize("flag", [ABSENT, None], ids=["absent", "null"])
@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_a_responses_tool_strict_by_default_is_listed(destination: str, flag: Any) -> None:
    built = lc.translate_request("openai", destination, _responses(flag, False), model="gemini-2.5-flash")
    assert b"strict" not in built.body
    notes = _tool_notes(built)
    assert notes == [("tools", "dropped", ["f0"])]  # f1 was asked loose: it goes loose, unlisted
    assert "Responses reads a function tool without strict as strict" in next(
        a.reason for a in built.adaptations if a.field == "tools"
    )
    ACCEPTS[destination](built.body)


def test_a_responses_strict_tool_is_listed_to_gemini() -> None:
    built = lc.translate_request("openai", "gemini", _responses(True, False), model="gemini-2.5-flash")
    assert b"strict" not in built.body
    assert _tool_notes(built) == [("tools", "dropped", ["f0"])]
    assert "Gemini has no strict flag" in next(a.reason for a in built.adaptations if a.field == "tools")


def test_an_anthropic_strict_tool_goes_to_responses_strict() -> None:
    built = lc.translate_request("anthropic", "openai", _anthropic(True, None))
    assert _sent_flags("openai", built.body) == [True, False]
    assert _tool_notes(built) == [("tools", "substituted", None)]  # f1 only: the client's loose tool
    assert next(a.applied for a in built.adaptations if a.field == "tools") == ["f1"]
    responses_accepts(built.body)
    read = lc.decode_request("openai", built.body)  # the body a gateway reads back
    assert json.loads(lc.build_request("openai", read).body) == json.loads(built.body)


@pytest.mark.parametrize("destination", ["openai_chat", "gemini"])
def test_an_anthropic_strict_tool_elsewhere(destination: str) -> None:
    built = lc.translate_request("anthropic", destination, _anthropic(True, None), model="gemini-2.5-flash")
    if destination == "gemini":
        assert b"strict" not in built.body
        assert _tool_notes(built) == [("tools", "dropped", ["f0"])]
    else:
        assert _sent_flags(destination, built.body) == [True, None]
        assert _tool_notes(built) == []  # the flag was all the tools' entries held beyond the canonical
    ACCEPTS[destination](built.body)


def test_an_anthropic_tool_s_other_keys_are_listed_alone() -> None:
    body = json.loads(_anthropic(True))
    body["tools"][0]["input_examples"] = [{"city": "Paris"}]
    built = lc.translate_request("anthropic", "openai_chat", json.dumps(body).encode())
    assert _sent_flags("openai_chat", built.body) == [True]
    assert _tool_notes(built) == [
        ("extensions.tools", "dropped", [{"name": "f0", "input_examples": [{"city": "Paris"}]}])
    ]


def test_a_chat_strict_tool_goes_to_anthropic_strict() -> None:
    tools = [
        {"type": "function", "function": {"name": "f0", "parameters": SCHEMA, "strict": True}},
        {"type": "function", "function": {"name": "f1", "parameters": SCHEMA}},
    ]
    body = json.dumps(
        {"model": "m", "messages": [{"role": "user", "content": "hi"}], "tools": tools}
    ).encode()
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _sent_flags("anthropic", built.body) == [True, None]
    assert _tool_notes(built) == []  # the reading's dropped note withdrawn
    anthropic_accepts(built.body)
    to_gemini = lc.translate_request("openai_chat", "gemini", body, model="gemini-2.5-flash")
    assert _tool_notes(to_gemini) == [("$.tools[0].function.strict", "dropped", True)]  # the reading's, alone


FLAGS = st.lists(st.sampled_from([True, False, None, ABSENT]), min_size=1, max_size=4)


@settings(max_examples=examples(80), deadline=None)
@given(flags=FLAGS, destination=st.sampled_from(["openai_chat", "anthropic", "gemini"]))
def test_no_responses_tool_loses_its_strictness_silently(flags: list[Any], destination: str) -> None:
    """Each Responses tool asked strict (``true``, or by the API's default) is sent strict, or named
    in a ``tools`` note; each asked loose is sent loose, unnamed."""
    built = lc.translate_request("openai", destination, _responses(*flags), model="gemini-2.5-flash")
    sent = _sent_flags(destination, built.body)
    named = {name for a in built.adaptations if a.field == "tools" for name in a.asked}
    for i, flag in enumerate(flags):
        if flag is False:
            assert sent[i] is None and f"f{i}" not in named
        else:
            assert (sent[i] is True) != (f"f{i}" in named)
            assert sent[i] is None or flag is True  # strict is sent only where the client wrote it


@pytest.mark.parametrize("flag", ["true", 1, 0, "false", [], {}])
@pytest.mark.parametrize("destination", ["openai", "openai_chat", "anthropic", "gemini"])
def test_an_anthropic_strict_flag_that_is_no_boolean_is_refused_at_its_path(
    flag: Any, destination: str
) -> None:
    """As the Chat and Responses readers refuse theirs (red team 27 F02: it went to Chat and Gemini
    without a flag or a note, to Responses as ``strict: false``); the anthropic SDK's
    ``ToolParam.strict`` is a bool."""
    tools = [
        {"name": "f0", "input_schema": SCHEMA},
        {"name": "f1", "input_schema": SCHEMA, "strict": flag},
    ]
    messages = [{"role": "user", "content": "hi"}]
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages, "tools": tools})
    with pytest.raises(lc.ValidationError) as refused:
        lc.translate_request("anthropic", destination, body.encode())
    assert refused.value.path == "$.tools[1].strict"
    with pytest.raises(lc.ValidationError) as read:
        lc.decode_request("anthropic", body.encode())
    assert read.value.path == "$.tools[1].strict"


def test_an_anthropic_strict_null_is_no_flag() -> None:
    """``null`` says nothing, as a Chat or Responses reader takes it: the tool goes as one without it."""
    assert lc.translate_request("anthropic", "openai_chat", _anthropic(None)).body == (
        lc.translate_request("anthropic", "openai_chat", _anthropic_with_null_strict()).body
    )


def _anthropic_with_null_strict() -> bytes:
    body = json.loads(_anthropic(None))
    body["tools"][0]["strict"] = None
    return json.dumps(body).encode()
