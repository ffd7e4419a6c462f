"""The Responses typed path on what Codex replays (issue #15): output items' ``id`` and ``status``
on assistant messages, function calls and reasoning items, and function tools with ``strict:
false`` (the tools as sent ride first in the extensions) beside hosted and custom tools. Where the
typed path takes such a body its Request is the walker's, encoded alike (extension order
included); where the walker refuses (a status other than completed, an id or status on another
item), the typed path refuses too."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers.openai._read_typed import decode_typed

from ..budget import examples
from .test_read_openai_typed import check_paths_agree

_STATUS = st.sampled_from([None, "completed", "in_progress", "incomplete", 0])
_ID = st.sampled_from([None, "msg_1", "", 7])


def _with(draw: Any, item: dict[str, Any], keys: dict[str, Any]) -> dict[str, Any]:
    for key, values in keys.items():
        if draw(st.booleans()):
            item[key] = draw(values)
    return item


@st.composite
def _item(draw: Any, i: int) -> dict[str, Any]:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        item: dict[str, Any] = {"type": "reasoning", "id": f"rs_{i}", "summary": []}
        if draw(st.booleans()):
            item["encrypted_content"] = "gAAAA"
        return _with(draw, item, {"status": _STATUS})
    if kind == 1:
        content = [{"type": "output_text", "text": "Let me look.", "annotations": []}]
        item = {"type": "message", "role": "assistant", "content": content}
        return _with(draw, item, {"id": _ID, "status": _STATUS})
    if kind == 2:
        item = {"type": "function_call", "call_id": f"c{i}", "name": "shell", "arguments": "{}"}
        return _with(draw, item, {"id": _ID, "status": _STATUS})
    if kind == 3:
        return _with(
            draw, {"type": "function_call_output", "call_id": f"c{i}", "output": "ok"}, {"status": _STATUS}
        )
    return _with(draw, {"role": "user", "content": "go"}, {"id": _ID, "status": _STATUS})


_TOOLS = st.lists(
    st.sampled_from(
        [
            {
                "type": "function",
                "name": "shell",
                "strict": False,
                "parameters": {"type": "object", "properties": {}},
            },
            {"strict": False, "type": "function", "name": "look", "description": None},
            {"type": "function", "name": "read", "strict": True},
            {"type": "function", "name": "list", "strict": None},
            {"type": "custom", "name": "apply_patch", "format": {"type": "grammar", "definition": "s"}},
            {"type": "web_search_preview"},
        ]
    ),
    max_size=4,
    unique_by=lambda tool: tool.get("name", tool["type"]),
)


@st.composite
def _bodies(draw: Any) -> dict[str, Any]:
    items = [{"role": "user", "content": "Fix a.py"}] + [
        draw(_item(i)) for i in range(draw(st.integers(0, 6)))
    ]
    body: dict[str, Any] = {"model": "gpt-5-codex", "input": items}
    tools = draw(_TOOLS)
    if tools:
        body["tools"] = tools
    extras = {
        "instructions": st.just("You are Codex."),
        "tool_choice": st.sampled_from(["auto", "none"]),
        "parallel_tool_calls": st.booleans(),
        "reasoning": st.just({"effort": "medium", "summary": "auto"}),
        "include": st.just(["reasoning.encrypted_content"]),
        "store": st.just(False),
        "stream": st.just(True),
        "prompt_cache_key": st.just("abc"),
        "metadata": st.just({"a": "b"}),
        "truncation": st.just("auto"),
        "labels": st.just(["x"]),
    }
    for key in draw(st.permutations(list(extras))):
        if draw(st.booleans()):
            body[key] = draw(extras[key])
    return body


@settings(max_examples=examples(400), deadline=None)
@given(_bodies())
def test_codex_replays_read_the_same_either_way(body: dict[str, Any]) -> None:
    check_paths_agree(json.dumps(body).encode())


def _codex_turn(**replayed: Any) -> dict[str, Any]:
    return {
        "model": "gpt-5-codex",
        "instructions": "You are Codex.",
        "input": [
            {"role": "user", "content": "Fix a.py"},
            {"type": "reasoning", "id": "rs_0", "summary": [], "encrypted_content": "gAAAA", **replayed},
            {
                "type": "message",
                "role": "assistant",
                "id": "msg_0",
                "content": [{"type": "output_text", "text": "Let me look.", "annotations": []}],
                **replayed,
            },
            {
                "type": "function_call",
                "id": "fc_0",
                "call_id": "c0",
                "name": "shell",
                "arguments": "{}",
                **replayed,
            },
            {"type": "function_call_output", "call_id": "c0", "output": "print('hi')"},
        ],
        "tools": [
            {"type": "custom", "name": "apply_patch", "format": {"type": "grammar", "definition": "s"}},
            {
                "type": "function",
                "name": "shell",
                "strict": False,
                "parameters": {"type": "object", "properties": {}},
            },
            {"type": "web_search_preview"},
        ],
        "tool_choice": "auto",
        "parallel_tool_calls": False,
        "reasoning": {"effort": "medium", "summary": "auto"},
        "store": False,
        "stream": True,
        "include": ["reasoning.encrypted_content"],
        "prompt_cache_key": "abc",
    }


def test_a_codex_turn_takes_the_typed_path() -> None:
    """Codex's replayed turn, as the gateway's passes leave it: the typed path takes it, the
    walker's Request (the tools as sent first in the extensions)."""
    for replayed in ({}, {"status": "completed"}, {"status": None}):
        body = json.dumps(_codex_turn(**replayed)).encode()
        assert check_paths_agree(body)
        request = decode_typed(body)
        assert request is not None and request.config.extensions is not None
        assert next(iter(request.config.extensions)) == "tools"


def test_an_unfinished_item_is_left_to_the_walker() -> None:
    for status in ("in_progress", "incomplete"):
        body = json.dumps(_codex_turn(status=status)).encode()
        assert decode_typed(body) is None
        assert not check_paths_agree(body)
