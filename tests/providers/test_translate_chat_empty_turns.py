"""An assistant turn emptied of its content on the way to Chat Completions (red team 29 F02): a
Responses reasoning item as the whole turn (an answer cut while reasoning), an Anthropic
``redacted_thinking``-only turn. lm15's Chat builder wrote it ``{"role": "assistant", "content":
null}`` with no ``tool_calls``, which OpenAI refuses ("expected a string, got null") and Mistral
too ("must have either content or tool_calls"); between a parallel call turn's results it also
split them. ``_crossing_parts.parts_out`` now leaves it out with one ``messages[i]`` ``dropped``
note, as toward Anthropic and Gemini."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

USER = {"role": "user", "content": "hi"}
GO_ON = {"role": "user", "content": "go on"}
TOOLS = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}
]
RESPONSES_ITEMS: dict[str, dict[str, Any]] = {
    "encrypted reasoning": {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"},
    "summarised reasoning": {
        "type": "reasoning",
        "id": "rs_2",
        "summary": [{"type": "summary_text", "text": "thought"}],
        "encrypted_content": "gAAAA",
    },
    "unsigned reasoning": {"type": "reasoning", "summary": [{"type": "summary_text", "text": "thought"}]},
    "empty text": {"role": "assistant", "content": [{"type": "output_text", "text": ""}]},
    "text": {"role": "assistant", "content": [{"type": "output_text", "text": "said"}]},
}
ANTHROPIC_BLOCKS: dict[str, dict[str, Any]] = {
    "redacted": {"type": "redacted_thinking", "data": "EmwKAhgBEgy"},
    "signed": {"type": "thinking", "thinking": "t", "signature": "sig"},
    "signed, empty": {"type": "thinking", "thinking": "", "signature": "sig"},
    "unsigned": {"type": "thinking", "thinking": "t", "signature": ""},
    "empty text": {"type": "text", "text": ""},
    "text": {"type": "text", "text": "said"},
}


def _call(i: str) -> dict[str, Any]:
    return {"type": "function_call", "call_id": i, "name": "f", "arguments": "{}"}


def _output(i: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": i, "output": "r"}


def _refused_rows(rows: list[dict[str, Any]]) -> list[str]:
    """What OpenAI's Chat API refuses in ``rows``: an assistant row of null content and no
    tool_calls, a tool row that does not follow its call turn (or another tool row)."""
    found = []
    for i, row in enumerate(rows):
        if row["role"] == "assistant" and row.get("content") is None and not row.get("tool_calls"):
            found.append(f"messages[{i}]: content null, no tool_calls")
        if row["role"] == "tool":
            before = rows[i - 1]
            if before["role"] != "tool" and not (before["role"] == "assistant" and before.get("tool_calls")):
                found.append(f"messages[{i}]: a tool row apart from its call turn")
    return found


def _turn_notes(built: lc.ProviderRequest) -> list[tuple[str, str]]:
    """The notes of turns left out whole (``messages[i]``)."""
    return [
        (a.field, a.action)
        for a in built.adaptations
        if a.field.startswith("messages[") and "." not in a.field
    ]


CASES: dict[str, tuple[str, dict[str, Any], list[dict[str, Any]]]] = {
    "a Responses turn of one reasoning item": (
        "openai",
        {"model": "gpt-5", "input": [USER, RESPONSES_ITEMS["encrypted reasoning"], GO_ON]},
        [USER, GO_ON],
    ),
    "a reasoning item between a parallel call turn's results": (
        "openai",
        {
            "model": "gpt-5",
            "tools": TOOLS,
            "input": [
                USER,
                _call("c1"),
                _call("c2"),
                _output("c1"),
                RESPONSES_ITEMS["encrypted reasoning"],
                _output("c2"),
            ],
        },
        [
            USER,
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": c, "type": "function", "function": {"name": "f", "arguments": "{}"}}
                    for c in ("c1", "c2")
                ],
            },
            {"role": "tool", "tool_call_id": "c1", "content": "r"},
            {"role": "tool", "tool_call_id": "c2", "content": "r"},
        ],
    ),
    "an Anthropic turn of one redacted_thinking block": (
        "anthropic",
        {
            "model": "gpt-4.1",
            "max_tokens": 100,
            "messages": [USER, {"role": "assistant", "content": [ANTHROPIC_BLOCKS["redacted"]]}, GO_ON],
        },
        [USER, GO_ON],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_emptied_assistant_turn_is_left_out_as_toward_anthropic_and_gemini(name: str) -> None:
    source, body, rows = CASES[name]
    raw = json.dumps(body).encode()
    built = lc.translate_request(source, "openai_chat", raw)
    assert json.loads(built.body)["messages"] == rows
    emptied = [
        note for note in built.adaptations if note.field.startswith("messages[") and "." not in note.field
    ]
    assert len(emptied) == 1 and "content null" in emptied[0].reason and emptied[0].asked == "assistant"
    assert _turn_notes(built) == _turn_notes(
        lc.translate_request(source, "gemini", raw, model="gemini-2.5-flash")
    )
    if source != "anthropic":  # (Anthropic to Anthropic keeps its own redacted block)
        assert _turn_notes(built) == _turn_notes(lc.translate_request(source, "anthropic", raw))


def test_empty_thinking_beside_text_is_sent_as_before_without_a_note() -> None:
    """The builder writes empty thinking beside the turn's text as nothing: no note for it."""
    body = {
        "model": "gpt-5",
        "input": [USER, RESPONSES_ITEMS["encrypted reasoning"], RESPONSES_ITEMS["text"], GO_ON],
    }
    built = lc.translate_request("openai", "openai_chat", json.dumps(body).encode())
    assert json.loads(built.body)["messages"][1] == {"role": "assistant", "content": "said"}
    assert [a.field for a in built.adaptations] == ["messages[1].parts[0].continuation"]


@st.composite
def _responses_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """A Responses input of call turns, reasoning items and messages before the calls and reasoning
    items between their results."""
    kinds = st.sampled_from(sorted(RESPONSES_ITEMS))
    reasoning = st.sampled_from([k for k in sorted(RESPONSES_ITEMS) if "reasoning" in k])
    items: list[dict[str, Any]] = [USER]
    for t in range(draw(st.integers(1, 3))):
        items += [RESPONSES_ITEMS[k] for k in draw(st.lists(kinds, max_size=2))]
        ids = [f"c{t}{k}" for k in range(draw(st.integers(0, 2)))]
        items += [_call(i) for i in ids]
        for i in ids:  # (a message between the results is red team 29 F05's, rtleft19's)
            items += [RESPONSES_ITEMS[k] for k in draw(st.lists(reasoning, max_size=1))]
            items.append(_output(i))
        if draw(st.booleans()):
            items.append(GO_ON)
    return {"model": "gpt-5", "tools": TOOLS, "input": items}


@st.composite
def _anthropic_bodies(draw: st.DrawFn) -> dict[str, Any]:
    """Anthropic turns of any thinking and text blocks, with or without a call."""
    blocks = st.sampled_from(sorted(ANTHROPIC_BLOCKS))
    messages: list[dict[str, Any]] = [USER]
    for t in range(draw(st.integers(1, 3))):
        content = [ANTHROPIC_BLOCKS[k] for k in draw(st.lists(blocks, min_size=1, max_size=3))]
        called = draw(st.booleans())
        if called:
            content.append({"type": "tool_use", "id": f"c{t}", "name": "f", "input": {}})
        messages.append({"role": "assistant", "content": content})
        result = [{"type": "tool_result", "tool_use_id": f"c{t}", "content": "r"}] if called else []
        messages.append({"role": "user", "content": [*result, {"type": "text", "text": "go on"}]})
    model = draw(st.sampled_from(["gpt-4.1", "claude-sonnet-4-5"]))  # (Claude: thinking_blocks)
    tools = [{"name": "f", "input_schema": {"type": "object", "properties": {}}}]
    return {"model": model, "max_tokens": 100, "tools": tools, "messages": messages}


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        _responses_bodies().map(lambda b: ("openai", b)), _anthropic_bodies().map(lambda b: ("anthropic", b))
    )
)
def test_no_chat_body_holds_a_row_openai_refuses(case: tuple[str, dict[str, Any]]) -> None:
    source, body = case
    raw = json.dumps(body).encode()
    built = lc.translate_request(source, "openai_chat", raw)
    assert _refused_rows(json.loads(built.body)["messages"]) == []
    to_gemini = lc.translate_request(source, "gemini", raw, model="gemini-2.5-flash")
    assert set(_turn_notes(built)) <= set(_turn_notes(to_gemini))  # a turn Gemini keeps, Chat keeps
