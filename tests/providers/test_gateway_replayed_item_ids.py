"""A replayed Responses item's ``id`` and ``status`` back to Responses as sent (fcid18).

Every ``input += response.output`` body holds a ``function_call``'s ``id`` (``fc_...``) and
``status``, an assistant ``message``'s ``id`` (``msg_...``) and ``status`` and its output_text
blocks' ``annotations`` (and ``logprobs``), a reasoning item's ``id`` and ``status``. The API pairs
a reasoning item with the item after it by id, and answers 400 when they do not pair
(langchain-ai/langchainjs#9082: "Missing id on function_call broke validation"). The typed path
read these keys as absent, so ``translate_request("openai", "openai", ...)`` sent the call and the
message without them, with no note. Now each such item goes back as the client sent it, in
place, on the passes' path and on the typed views' reading of a Codex body alike."""

from __future__ import annotations

import json
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openai.types.responses.response_input_item_param import ResponseInputItemParam
from pydantic import TypeAdapter

import lmcodec as lc

from ..budget import examples
from .gateway_support import responses_accepts

USER: Final = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
TOOLS: Final = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}
]
_INPUT_ITEM: Final = TypeAdapter(ResponseInputItemParam)


def _reasoning(n: int, **more: Any) -> dict[str, Any]:
    return {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": f"gAAA{n}", **more}


def _call(n: int, **more: Any) -> dict[str, Any]:
    return {
        "type": "function_call",
        "id": f"fc_{n}",
        "call_id": f"c{n}",
        "name": "f",
        "arguments": "{}",
        "status": "completed",
        **more,
    }


def _output(n: int) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": f"c{n}", "output": "ok"}


def _message(n: int, **more: Any) -> dict[str, Any]:
    block = {"type": "output_text", "text": f"done {n}", "annotations": [], "logprobs": []}
    return {
        "type": "message",
        "id": f"msg_{n}",
        "role": "assistant",
        "status": "completed",
        "content": [block],
        **more,
    }


def _body(items: list[Any], **more: Any) -> dict[str, Any]:
    return {"model": "gpt-5", "input": items, "stream": False, "tools": TOOLS, **more}


def _back(body: dict[str, Any], sdk_written: bool = True) -> None:
    """``body`` goes to Responses as sent, every item's keys in place, with no note (and the openai
    SDK's types take it, where the client's SDK wrote every item: lm15's answers have no id)."""
    built = lc.translate_request("openai", "openai", json.dumps(body).encode())
    assert json.loads(built.body)["input"] == body["input"]
    assert built.adaptations == ()
    if sdk_written:
        responses_accepts(built.body)


THE_LOOP: Final = [USER, _reasoning(1), _call(1), _output(1), _message(1)]
"""The brief's body: a reasoning item, the call after it, its output, the answer."""

SHAPES: Final = {
    "the loop": THE_LOOP,
    "parallel calls": [USER, _reasoning(1), _call(1), _call(2), _output(1), _output(2), _message(1)],
    "message after reasoning": [USER, _reasoning(1), _message(1)],
    "several turns": [
        USER,
        _reasoning(1),
        _call(1),
        _output(1),
        _message(1),
        USER,
        _reasoning(2),
        _call(2),
        _output(2),
        _reasoning(3),
        _message(2),
    ],
    "a call alone": [USER, _call(1), _output(1)],
    "an incomplete answer": [USER, _message(1, status="incomplete")],
    "a reasoning item's status": [USER, _reasoning(1, status="completed"), _call(1), _output(1)],
}


def test_the_sdk_types_take_every_item() -> None:
    for items in SHAPES.values():
        for item in items:
            _INPUT_ITEM.validate_python(item)


@pytest.mark.parametrize("items", list(SHAPES.values()), ids=list(SHAPES))
def test_each_replayed_items_keys_go_back_to_responses_as_sent(items: list[Any]) -> None:
    _back(_body(items))


@pytest.mark.parametrize("items", list(SHAPES.values()), ids=list(SHAPES))
def test_beside_a_phase_the_typed_views_carry_them_too(items: list[Any]) -> None:
    """A Codex body (a phase on each answer): read in one decode by the typed views."""
    phased = [
        {**item, "phase": "final_answer"} if item.get("role") == "assistant" else item for item in items
    ]
    _back(_body(phased))


def test_beside_a_hosted_item_the_passes_carry_them() -> None:
    search = {
        "type": "web_search_call",
        "id": "ws_1",
        "status": "completed",
        "action": {"type": "search", "query": "q"},
    }
    _back(_body([USER, search, *THE_LOOP[1:]]))


def test_beside_a_custom_call_the_calls_are_counted_apart() -> None:
    custom = {"type": "custom_tool_call", "id": "ctc_1", "call_id": "k1", "name": "patch", "input": "x"}
    custom_output = {"type": "custom_tool_call_output", "call_id": "k1", "output": "done"}
    tools = [*TOOLS, {"type": "custom", "name": "patch"}]
    _back(
        _body(
            [USER, _call(1), custom, _output(1), custom_output, _call(2), _output(2), _message(1)],
            tools=tools,
        )
    )


_ITEMS: Final = st.lists(
    st.sampled_from(["reasoning", "call", "message", "plain call", "plain message"]), min_size=1, max_size=8
)


def _history(kinds: list[str], phased: bool) -> list[Any]:
    items: list[Any] = [USER]
    for n, kind in enumerate(kinds):
        more: dict[str, Any] = {"phase": "commentary"} if phased and "message" in kind else {}
        if kind == "reasoning":
            items.append(_reasoning(n))
        elif kind == "call":
            items += [_call(n), _output(n)]
        elif kind == "plain call":
            items += [
                {"type": "function_call", "call_id": f"c{n}", "name": "f", "arguments": "{}"},
                _output(n),
            ]
        elif kind == "message":
            items.append(_message(n, **more))
        else:
            items.append({"role": "assistant", "content": [{"type": "output_text", "text": f"t{n}"}], **more})
    items.append(USER)
    return items


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_ITEMS, st.booleans())
def test_any_replayed_history_goes_back_to_responses_as_sent(kinds: list[str], phased: bool) -> None:
    _back(_body(_history(kinds, phased)), sdk_written=not any(kind.startswith("plain") for kind in kinds))
