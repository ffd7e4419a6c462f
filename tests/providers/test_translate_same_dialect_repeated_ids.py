"""Repeated call ids to the client's own dialect (red team 46 F02): an Anthropic or Responses client
whose earlier turns went to a backend that repeats ids (a Chat server counting ``call_0`` afresh
each turn, lmcodec's ``tool_call_<slot>`` for Gemini calls) and whose turn then goes to its own
dialect (a failover) holds a history the Messages API ("tool_use ids must be unique") and the
Responses API ("Duplicate function_call_output") refuse. ``translate_request(p, p, ...)`` renames
each repeat as the crossing pairs do (``<id>_<n>``, the results answering it with it, each rename
in ``.adaptations``); a history without a repeat goes as before."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._tool_ids import repeated_call_ids
from lmcodec.providers._typed_readings import TYPED_WITHOUT_SURVEY

from ..budget import examples
from .gateway_support import anthropic_accepts, responses_accepts

TOOL = {"name": "f", "input_schema": {"type": "object"}}
FUNCTION = {"type": "function", "name": "f", "parameters": {"type": "object"}}


def _anthropic(*turns: list[str]) -> bytes:
    """An Anthropic client's body: per turn, an assistant message with a tool_use per id (its input
    naming the turn and slot) then a user message of their tool_results, in order."""
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for t, ids in enumerate(turns):
        uses = [
            {"type": "tool_use", "id": i, "name": "f", "input": {"n": f"{t}.{k}"}} for k, i in enumerate(ids)
        ]
        results = [
            {"type": "tool_result", "tool_use_id": i, "content": f"r{t}.{k}"} for k, i in enumerate(ids)
        ]
        messages += [{"role": "assistant", "content": uses}, {"role": "user", "content": results}]
    return json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages, "tools": [TOOL]}
    ).encode()


def _anthropic_pairs(body: bytes) -> list[tuple[str, str, str]]:
    """(tool_use id, the call's n, the result answering it) per result, matched to the calls of the
    assistant message just before it."""
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


def _responses_items(*turns: list[str], listed: bool = False, custom: bool = False) -> list[Any]:
    """A Responses client's input: per turn its function calls (as the SDK dumps an output item,
    with ``id`` and ``status``, where ``listed``; custom calls of raw text where ``custom``) then
    their outputs, in order."""
    items: list[Any] = [{"role": "user", "content": "go"}]
    for t, ids in enumerate(turns):
        for k, i in enumerate(ids):
            if custom:
                items.append({"type": "custom_tool_call", "call_id": i, "name": "f", "input": f"{t}.{k}"})
            else:
                call = {
                    "type": "function_call",
                    "call_id": i,
                    "name": "f",
                    "arguments": json.dumps({"n": f"{t}.{k}"}),
                }
                items.append({**call, "id": f"fc_{t}{k}", "status": "completed"} if listed else call)
        kind = "custom_tool_call_output" if custom else "function_call_output"
        items += [{"type": kind, "call_id": i, "output": f"r{t}.{k}"} for k, i in enumerate(ids)]
    return items


def _responses(*turns: list[str], listed: bool = False, custom: bool = False) -> bytes:
    tool = {"type": "custom", "name": "f"} if custom else FUNCTION
    items = _responses_items(*turns, listed=listed, custom=custom)
    return json.dumps({"model": "gpt-4.1", "input": items, "tools": [tool]}).encode()


def _responses_pairs(body: bytes) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(call_id, the call's n) per call and (call_id, output) per output, in order."""
    calls: list[tuple[str, str]] = []
    outputs: list[tuple[str, str]] = []
    for item in json.loads(body)["input"]:
        kind = item.get("type")
        if kind == "function_call":
            calls.append((item["call_id"], json.loads(item["arguments"])["n"]))
        elif kind == "custom_tool_call":
            calls.append((item["call_id"], item["input"]))
        elif kind in ("function_call_output", "custom_tool_call_output"):
            outputs.append((item["call_id"], item["output"]))
    return calls, outputs


def _renames(built: lc.ProviderRequest) -> list[tuple[str, str, Any, Any]]:
    return [(a.field, a.action, a.asked, a.applied) for a in built.adaptations if a.field.endswith(".id")]


def test_anthropic_to_anthropic_renames_call_0_each_turn_results_with_their_calls() -> None:
    built = lc.translate_request(
        "anthropic", "anthropic", _anthropic(["call_0", "call_1"], ["call_0", "call_1"])
    )
    assert _anthropic_pairs(built.body) == [
        ("call_0", "0.0", "r0.0"),
        ("call_1", "0.1", "r0.1"),
        ("call_0_2", "1.0", "r1.0"),
        ("call_1_2", "1.1", "r1.1"),
    ]
    assert _renames(built) == [
        ("messages[3].parts[0].id", "substituted", "call_0", "call_0_2"),
        ("messages[3].parts[1].id", "substituted", "call_1", "call_1_2"),
    ]
    anthropic_accepts(built.body)


def test_responses_to_responses_renames_tool_call_slots_each_output_with_its_call() -> None:
    body = _responses(["tool_call_0", "tool_call_1"], ["tool_call_0", "tool_call_1"])
    built = lc.translate_request("openai", "openai", body)
    assert _responses_pairs(built.body) == (
        [("tool_call_0", "0.0"), ("tool_call_1", "0.1"), ("tool_call_0_2", "1.0"), ("tool_call_1_2", "1.1")],
        [
            ("tool_call_0", "r0.0"),
            ("tool_call_1", "r0.1"),
            ("tool_call_0_2", "r1.0"),
            ("tool_call_1_2", "r1.1"),
        ],
    )
    assert [applied for _, _, _, applied in _renames(built)] == ["tool_call_0_2", "tool_call_1_2"]
    responses_accepts(built.body)


def test_responses_items_going_back_as_sent_are_renamed_their_other_keys_kept() -> None:
    built = lc.translate_request("openai", "openai", _responses(["call_0"], ["call_0"], listed=True))
    calls = [i for i in json.loads(built.body)["input"] if i.get("type") == "function_call"]
    assert [(c["call_id"], c["id"], c["status"]) for c in calls] == [
        ("call_0", "fc_00", "completed"),
        ("call_0_2", "fc_10", "completed"),
    ]
    assert _responses_pairs(built.body)[1] == [("call_0", "r0.0"), ("call_0_2", "r1.0")]
    assert len(_renames(built)) == 1


def test_responses_custom_calls_going_back_as_sent_are_renamed() -> None:
    built = lc.translate_request("openai", "openai", _responses(["call_0"], ["call_0"], custom=True))
    assert _responses_pairs(built.body) == (
        [("call_0", "0.0"), ("call_0_2", "1.0")],
        [("call_0", "r0.0"), ("call_0_2", "r1.0")],
    )
    assert [applied for _, _, _, applied in _renames(built)] == ["call_0_2"]


def test_distinct_ids_go_to_their_own_dialect_as_before() -> None:
    for source, body in (("anthropic", _anthropic(["a"], ["b"])), ("openai", _responses(["a"], ["b"]))):
        built = lc.translate_request(source, source, body)  # type: ignore[arg-type]
        assert built == lc.build_request(source, lc.decode_request(source, body))  # type: ignore[arg-type]


_IDS = st.lists(
    st.lists(st.sampled_from(["call_0", "call_1", "call_0_2", "tool_call_0"]), min_size=1, max_size=3),
    min_size=1,
    max_size=5,
)


@settings(max_examples=examples(100))
@given(_IDS, st.booleans())
def test_any_history_to_its_own_dialect_has_unique_ids_each_result_with_its_call(
    turns: list[list[str]], anthropic: bool
) -> None:
    wanted = [(f"{t}.{k}", f"r{t}.{k}") for t, ids in enumerate(turns) for k in range(len(ids))]
    if anthropic:
        built = lc.translate_request("anthropic", "anthropic", _anthropic(*turns))
        pairs = _anthropic_pairs(built.body)
        ids = [i for i, _, _ in pairs]
        assert [(n, text) for _, n, text in pairs] == wanted
    else:
        built = lc.translate_request("openai", "openai", _responses(*turns))
        calls, outputs = _responses_pairs(built.body)
        ids = [i for i, _ in calls]
        assert [(n, text) for (_, n), (_, text) in zip(calls, outputs, strict=True)] == wanted
        assert [i for i, _ in outputs] == ids
    assert not [i for i, n in Counter(ids).items() if n > 1]
    sent = [i for ids_ in turns for i in ids_]
    assert [(asked, applied) for _, _, asked, applied in _renames(built)] == [
        (was, now) for was, now in zip(sent, ids, strict=True) if was != now
    ]


def _anthropic_names(turns: list[list[tuple[str, str]]], marked: bool) -> bytes:
    """An Anthropic body whose turns call (id, function name) pairs, the first turn's last call
    with a cache mark where ``marked`` (read off the typed path's common blocks)."""
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for t, calls in enumerate(turns):
        uses: list[Any] = [{"type": "tool_use", "id": i, "name": n, "input": {"n": t}} for i, n in calls]
        if marked and t == 0:
            uses[-1]["cache_control"] = {"type": "ephemeral"}
        results = [{"type": "tool_result", "tool_use_id": i, "content": "r"} for i, _ in calls]
        messages += [{"role": "assistant", "content": uses}, {"role": "user", "content": results}]
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": messages}).encode()


def _responses_names(turns: list[list[tuple[str, str]]], listed: bool) -> bytes:
    items: list[Any] = [{"role": "user", "content": "go"}]
    for calls in turns:
        for k, (i, n) in enumerate(calls):
            call = {"type": "function_call", "call_id": i, "name": n, "arguments": "{}"}
            items.append({**call, "id": f"fc_{k}", "status": "completed"} if listed else call)
        items += [{"type": "function_call_output", "call_id": i, "output": "r"} for i, _ in calls]
    return json.dumps({"model": "gpt-4.1", "input": items}).encode()


_CALLS = st.lists(
    st.lists(
        st.tuples(st.sampled_from(["a", "b", "c"]), st.sampled_from(["f", "g"])), min_size=1, max_size=3
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=examples(200))
@given(_CALLS, st.booleans(), st.booleans())
def test_the_reading_says_whether_ids_repeat_as_a_walk_of_its_request_does(
    turns: list[list[tuple[str, str]]], anthropic: bool, flagged: bool
) -> None:
    """The same-dialect typed readings hand over whether two calls share an id (so that the rename
    walks no request without one): the walk's answer (``_tool_ids.repeated_call_ids``), for calls
    of one name or two (an id naming two functions), marked blocks and the SDK's listed keys."""
    source = "anthropic" if anthropic else "openai"
    body = _anthropic_names(turns, flagged) if anthropic else _responses_names(turns, flagged)
    reading = TYPED_WITHOUT_SURVEY[source](body, None)
    assert reading is not None
    assert reading[7] is repeated_call_ids(reading[0])
