"""Tool-call ids repeated across turns (red team 5 F03): Chat servers that count ids afresh each
turn (``call_0``), and lmcodec's own Chat/Responses writers naming Gemini calls
``tool_call_<slot>``, give a history where two calls share an id. The Messages API refuses it
(400 "tool_use ids must be unique"), so does the Responses API ("Duplicate function_call_output
for call_id ...: each function_call must have exactly one matching function_call_output").
``lc.translate_request`` to those two renames each repeat (``<id>_<n>``, decided by the history
before it, so the same history gives the same ids every turn and a cached prefix stays equal), the
results answering it with it, each rename in ``.adaptations``."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body, responses_accepts

TOOLS = [{"type": "function", "function": {"name": "f0", "parameters": {"type": "object"}}}]


def _turns(*calls: list[str]) -> list[Any]:
    """Chat messages: per turn, one assistant message with a call per id (function ``f<turn>``,
    arguments naming the turn and slot) and one tool row per call, in order."""
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for turn, ids in enumerate(calls):
        tool_calls = [
            {
                "id": i,
                "type": "function",
                "function": {"name": f"f{turn}", "arguments": json.dumps({"n": f"{turn}.{k}"})},
            }
            for k, i in enumerate(ids)
        ]
        messages.append({"role": "assistant", "content": None, "tool_calls": tool_calls})
        messages += [
            {"role": "tool", "tool_call_id": i, "content": f"r{turn}.{k}"} for k, i in enumerate(ids)
        ]
    return messages


def _anthropic_pairs(body: bytes) -> list[tuple[str, str, str]]:
    """(tool_use id, the call's arguments' n, the result text answering it) per call, results
    matched to the calls of the assistant message just before them."""
    out: list[tuple[str, str, str]] = []
    calls: dict[str, str] = {}
    for message in json.loads(body)["messages"]:
        content = message["content"] if isinstance(message["content"], list) else []
        if message["role"] == "assistant":
            calls = {b["id"]: b["input"]["n"] for b in content if b["type"] == "tool_use"}
        for block in content:
            if block["type"] == "tool_result":
                out.append((block["tool_use_id"], calls[block["tool_use_id"]], block["content"]))
    return out


def _tool_use_ids(body: bytes) -> list[str]:
    return [
        b["id"]
        for m in json.loads(body)["messages"]
        if isinstance(m["content"], list)
        for b in m["content"]
        if b["type"] == "tool_use"
    ]


def test_call_0_reused_each_turn_reaches_anthropic_unique_and_paired() -> None:
    body = chat_body(
        model="claude-sonnet-4-5", messages=_turns(["call_0"], ["call_0"], ["call_0"]), tools=TOOLS
    )
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _tool_use_ids(built.body) == ["call_0", "call_0_2", "call_0_3"]
    assert _anthropic_pairs(built.body) == [
        ("call_0", "0.0", "r0.0"),
        ("call_0_2", "1.0", "r1.0"),
        ("call_0_3", "2.0", "r2.0"),
    ]
    anthropic_accepts(built.body)
    renamed = [(a.field, a.action, a.asked, a.applied) for a in built.adaptations if a.field.endswith(".id")]
    assert renamed == [
        ("messages[3].parts[0].id", "substituted", "call_0", "call_0_2"),
        ("messages[5].parts[0].id", "substituted", "call_0", "call_0_3"),
    ]


def test_the_same_history_gives_the_same_ids_every_turn() -> None:
    turn2 = chat_body(
        model="m", messages=_turns(["tool_call_0", "tool_call_1"], ["tool_call_0"]), tools=TOOLS
    )
    turn3 = chat_body(
        model="m",
        messages=_turns(["tool_call_0", "tool_call_1"], ["tool_call_0"], ["tool_call_0", "tool_call_1"]),
        tools=TOOLS,
    )
    first = _tool_use_ids(lc.translate_request("openai_chat", "anthropic", turn2).body)
    second = _tool_use_ids(lc.translate_request("openai_chat", "anthropic", turn3).body)
    assert second[: len(first)] == first == ["tool_call_0", "tool_call_1", "tool_call_0_2"]
    assert len(set(second)) == len(second)


def test_parallel_calls_sharing_an_id_are_answered_in_order() -> None:
    body = chat_body(model="m", messages=_turns(["call_0", "call_0"]), tools=TOOLS)
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _anthropic_pairs(built.body) == [("call_0", "0.0", "r0.0"), ("call_0_2", "0.1", "r0.1")]
    anthropic_accepts(built.body)


def test_a_later_call_spelling_a_rename_is_renamed_itself() -> None:
    body = chat_body(model="m", messages=_turns(["c"], ["c"], ["c_2"]), tools=TOOLS)
    built = lc.translate_request("openai_chat", "anthropic", body)
    assert _tool_use_ids(built.body) == ["c", "c_2", "c_2_2"]
    assert [n for _, n, _ in _anthropic_pairs(built.body)] == ["0.0", "1.0", "2.0"]


def test_an_id_invalid_for_anthropic_and_repeated_is_rewritten_then_made_unique() -> None:
    body = chat_body(model="m", messages=_turns(["functions.f0:0"], ["functions.f0:0"]), tools=TOOLS)
    built = lc.translate_request("openai_chat", "anthropic", body)
    first, second = _tool_use_ids(built.body)
    assert second == f"{first}_2" and [n for _, n, _ in _anthropic_pairs(built.body)] == ["0.0", "1.0"]
    anthropic_accepts(built.body)


def test_responses_gets_unique_call_ids_each_output_with_its_call() -> None:
    body = chat_body(model="gpt-4.1", messages=_turns(["call_0"], ["call_0"]), tools=TOOLS)
    built = lc.translate_request("openai_chat", "openai", body)
    items = json.loads(built.body)["input"]
    calls = [
        (i["call_id"], json.loads(i["arguments"])["n"]) for i in items if i.get("type") == "function_call"
    ]
    outputs = [(i["call_id"], i["output"]) for i in items if i.get("type") == "function_call_output"]
    assert calls == [("call_0", "0.0"), ("call_0_2", "1.0")]
    assert outputs == [("call_0", "r0.0"), ("call_0_2", "r1.0")]
    responses_accepts(built.body)
    assert [a.applied for a in built.adaptations if a.field.endswith(".id")] == ["call_0_2"]


def test_destinations_that_take_repeats_and_distinct_ids_are_left_alone() -> None:
    body = chat_body(model="m", messages=_turns(["call_0"], ["call_0"]), tools=TOOLS)
    chat = json.loads(lc.translate_request("openai_chat", "openai_chat", body).body)
    assert [c["id"] for m in chat["messages"] for c in m.get("tool_calls") or []] == ["call_0", "call_0"]
    distinct = lc.translate_request(
        "openai_chat", "anthropic", chat_body(model="m", messages=_turns(["a"], ["b"]), tools=TOOLS)
    )
    assert _tool_use_ids(distinct.body) == ["a", "b"]
    assert not [a for a in distinct.adaptations if a.field.endswith(".id")]


@given(
    st.lists(
        st.lists(st.sampled_from(["call_0", "call_1", "call_0_2", "x.y"]), min_size=1, max_size=3),
        min_size=1,
        max_size=5,
    )
)
def test_any_history_reaches_anthropic_with_unique_ids_each_result_with_its_call(
    calls: list[list[str]],
) -> None:
    body = json.dumps({"model": "m", "messages": _turns(*calls), "tools": TOOLS}).encode()
    built = lc.translate_request("openai_chat", "anthropic", body)
    ids = _tool_use_ids(built.body)
    assert not [i for i, n in Counter(ids).items() if n > 1]
    pairs = _anthropic_pairs(built.body)
    assert len(pairs) == len(ids)
    assert [(n, text) for _, n, text in pairs] == [
        (f"{t}.{k}", f"r{t}.{k}") for t, turn in enumerate(calls) for k in range(len(turn))
    ]
