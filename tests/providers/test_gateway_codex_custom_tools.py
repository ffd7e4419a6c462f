"""Codex's freeform tool calls through the gateway (red team 5 F13, the ``custom_tool_call`` half).

A Responses client with a custom (freeform) tool, Codex's ``apply_patch``, replays the model's
``custom_tool_call`` and its ``custom_tool_call_output`` on the next turn. ``translate_request``
refused such a body for every destination, Responses included, so the conversation ended at turn 2.
Now: to Responses the items (and the tool) go as sent; to another dialect, which has no freeform
tools, the tool is a function tool of one string parameter ``input`` and the call a function call
whose input is the raw text under that key (Codex's own function form of ``apply_patch``), its
output that call's result, each ``substituted`` at its path in the client's body."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import (
    anthropic_accepts,
    chat_accepts,
    gemini_tools_accepted,
    responses_accepts,
    responses_body,
)

PATCH = (
    '*** Begin Patch\n*** Update File: a.py\n@@\n-print("hi")\n+print("hé \\u2028 \\"q\\"")\n*** End Patch'
)
TOOL = {
    "type": "custom",
    "name": "apply_patch",
    "description": "Use the apply_patch tool to edit files.",
    "format": {"type": "grammar", "syntax": "lark", "definition": "start: begin_patch hunk+ end_patch"},
}
CALL = {
    "type": "custom_tool_call",
    "id": "ctc_01",
    "call_id": "call_01",
    "name": "apply_patch",
    "input": PATCH,
}
OUTPUT = {"type": "custom_tool_call_output", "call_id": "call_01", "output": "Success. Updated a.py"}


def _codex_turn_2() -> bytes:
    return responses_body(
        model="gpt-5-codex",
        tools=[TOOL],
        input=[
            {"role": "user", "content": "Fix the greeting."},
            {**CALL, "status": "completed"},
            OUTPUT,
        ],
    )


def test_responses_to_responses_sends_the_items_and_the_tool_as_sent() -> None:
    body = _codex_turn_2()
    built = lc.translate_request("openai", "openai", body)
    responses_accepts(built.body)
    sent, asked = json.loads(built.body), json.loads(body)
    assert sent["input"][1:] == asked["input"][1:]
    assert sent["tools"] == asked["tools"]
    assert built.adaptations == ()


def _function_call(sent: dict[str, Any], destination: str) -> tuple[Any, Any]:
    """The call and its result as ``destination``'s body holds them."""
    if destination == "openai_chat":
        row = next(m for m in sent["messages"] if m.get("tool_calls"))
        result = next(m for m in sent["messages"] if m["role"] == "tool")
        call = row["tool_calls"][0]
        return (call["id"], call["function"]["name"], json.loads(call["function"]["arguments"])), (
            result["tool_call_id"],
            result["content"],
        )
    if destination == "anthropic":
        blocks = [b for m in sent["messages"] if isinstance(m["content"], list) for b in m["content"]]
        use = next(b for b in blocks if b["type"] == "tool_use")
        result = next(b for b in blocks if b["type"] == "tool_result")
        content = result["content"] if isinstance(result["content"], str) else result["content"][0]["text"]
        return (use["id"], use["name"], use["input"]), (result["tool_use_id"], content)
    parts = [p for c in sent["contents"] for p in c["parts"]]
    call = next(p["functionCall"] for p in parts if "functionCall" in p)
    result = next(p["functionResponse"] for p in parts if "functionResponse" in p)
    return (call.get("id"), call["name"], call["args"]), (result.get("id"), json.dumps(result["response"]))


def _tool(sent: dict[str, Any], destination: str) -> tuple[str, Any]:
    if destination == "openai_chat":
        function = sent["tools"][0]["function"]
        return function["name"], function["parameters"]
    if destination == "anthropic":
        return sent["tools"][0]["name"], sent["tools"][0]["input_schema"]
    declaration = sent["tools"][0]["functionDeclarations"][0]
    return declaration["name"], declaration.get("parameters", declaration.get("parametersJsonSchema"))


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_to_another_dialect_the_call_is_a_function_call_of_its_raw_input(destination: str) -> None:
    built = lc.translate_request("openai", destination, _codex_turn_2())
    sent = json.loads(built.body)
    if destination == "openai_chat":
        chat_accepts(built.body)
    elif destination == "anthropic":
        anthropic_accepts(built.body)
    else:
        gemini_tools_accepted(built.body)
    call, result = _function_call(sent, destination)
    assert call[1:] == ("apply_patch", {"input": PATCH})
    assert "Success. Updated a.py" in result[1]
    if destination != "gemini":
        assert call[0] == result[0]
    name, parameters = _tool(sent, destination)
    assert name == "apply_patch"
    assert parameters["properties"]["input"]["type"].lower() == "string"
    assert parameters["required"] == ["input"]
    notes = {(a.field, a.action) for a in built.adaptations}
    assert {("$.input[1]", "substituted"), ("tools[0]", "substituted")} <= notes


@pytest.mark.parametrize(
    "item",
    [
        {**CALL, "input": 3},
        {**CALL, "call_id": None},
        {key: value for key, value in CALL.items() if key != "name"},
    ],
    ids=["input not text", "no call id", "no name"],
)
@pytest.mark.parametrize("destination", ["openai", "anthropic"])
def test_a_malformed_custom_call_is_refused_at_its_path(item: dict[str, Any], destination: str) -> None:
    body = json.dumps(
        {"model": "gpt-5-codex", "tools": [TOOL], "input": [{"role": "user", "content": "x"}, item]}
    )
    with pytest.raises(lc.ValidationError, match=r"input\[1\]"):
        lc.translate_request("openai", destination, body.encode())


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_the_custom_tool_alone_is_a_function_tool_elsewhere(destination: str) -> None:
    """Turn 1 (no call yet): the model behind another dialect can still call the tool."""
    body = responses_body(model="gpt-5-codex", tools=[TOOL], input="Fix the greeting.")
    built = lc.translate_request("openai", destination, body)
    name, parameters = _tool(json.loads(built.body), destination)
    assert name == "apply_patch" and parameters["required"] == ["input"]
    [note] = [a for a in built.adaptations if a.field == "tools[0]"]
    assert note.action == "substituted" and note.asked["config"]["format"] == TOOL["format"]


_FIRST = [
    {"type": "custom_tool_call", "call_id": "call_1", "name": "apply_patch", "input": "FIRST PATCH"},
    {"type": "custom_tool_call_output", "call_id": "call_1", "output": "first result"},
]
_SECOND = [
    {"type": "custom_tool_call", "call_id": "call_1", "name": "apply_patch", "input": "SECOND PATCH"},
    {"type": "custom_tool_call_output", "call_id": "call_1", "output": "second result"},
]
_SHARED = [
    {"type": "function_call", "call_id": "call_1", "name": "read_file", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "call_1", "output": "file text"},
]


@pytest.mark.parametrize(
    "items",
    [_FIRST + _SECOND, _SHARED + _SECOND, _SECOND + _SHARED, _FIRST + _SHARED + _SECOND],
    ids=["repeated custom call id", "function call first", "function call after", "three of one id"],
)
def test_items_sharing_a_call_id_go_back_as_the_client_sent_them(items: list[dict[str, Any]]) -> None:
    """review7 R07: the items went back by call_id, so a repeated call_id (or a function call
    sharing it) had another item's input and output in its place, silently; now by position, each
    as sent but for a repeated call_id, renamed ``<id>_<n>`` with its output (red team 46 F02: the
    Responses API refuses two calls of one call_id)."""
    tool = {"type": "custom", "name": "apply_patch", "description": "patch"}
    body = {"model": "gpt-5", "tools": [tool], "input": [{"role": "user", "content": "go"}, *items]}
    built = lc.translate_request("openai", "openai", json.dumps(body).encode())
    renamed = [  # each call followed by its output here: the k-th pair of the one id is call_1_k
        {**item, "call_id": "call_1" if k < 2 else f"call_1_{k // 2 + 1}"} for k, item in enumerate(items)
    ]
    assert json.loads(built.body)["input"][1:] == renamed


@pytest.mark.parametrize("destination", ["anthropic", "openai_chat", "gemini"])
def test_the_notes_say_why_per_destination(destination: str) -> None:
    """review7 R13: Chat Completions has a custom tool form (the openai SDK's
    ChatCompletionCustomToolParam, custom tool calls, a custom tool_choice) that lmcodec does not
    write; the notes said Chat had none."""
    from openai.types.chat import ChatCompletionCustomToolParam

    built = lc.translate_request("openai", destination, _codex_turn_2())
    reasons = [a.reason for a in built.adaptations if a.action == "substituted" and "custom" in a.reason]
    assert len(reasons) == 2  # the tool and the call
    for reason in reasons:
        if destination == "openai_chat":
            assert (
                "custom" in ChatCompletionCustomToolParam.__annotations__
            )  # {type: "custom", custom: {...}}
            assert "has no form" not in reason and "not written" in reason, reason
        else:
            assert f"{destination} has no form for" in reason, reason
