"""A call id repeated in two assistant messages before their results (red team 49 F06): a Responses
turn ``function_call c1, message, function_call c1, output c1, output c1`` (GPT-5's commentary
between calls), a Chat history of two assistant rows then two tool rows. The client pairs each
result with the earliest call of its id it has not answered yet; the rename toward the APIs that
refuse a repeated id (Anthropic, Responses; the same dialect and crossing alike) gave both results
to the renamed second call, leaving the first without one, which both APIs refuse; toward Gemini,
which pairs a ``functionResponse`` with its call by name, both went under the second call's name
(``_pairing``: the nearest call)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .gateway_support import anthropic_accepts

Turns = list[list[list[str]]]
"""Per turn, its assistant messages, each the call ids it holds; the results follow the turn's
messages, one per call, in the calls' order (the k-th result answers the k-th call)."""

_COMMENTARY = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "and"}]}


def _chat(turns: Turns) -> bytes:
    rows: list[Any] = [{"role": "user", "content": "go"}]
    for t, messages in enumerate(turns):
        called = _numbered(t, messages)
        for message in _split(called, messages):
            calls = [
                {
                    "id": i,
                    "type": "function",
                    "function": {"name": _name(n), "arguments": json.dumps({"n": n})},
                }
                for i, n in message
            ]
            rows.append({"role": "assistant", "content": None, "tool_calls": calls})
        rows += [{"role": "tool", "tool_call_id": i, "content": f"r{n}"} for i, n in called]
    tools = [{"type": "function", "function": {"name": f, "parameters": {"type": "object"}}} for f in _NAMES]
    return json.dumps({"model": "claude-sonnet-4-5", "messages": rows, "tools": tools}).encode()


def _responses(turns: Turns) -> bytes:
    items: list[Any] = [{"role": "user", "content": "go"}]
    for t, messages in enumerate(turns):
        called = _numbered(t, messages)
        for m, message in enumerate(_split(called, messages)):
            if m:
                items.append(_COMMENTARY)
            items += [
                {"type": "function_call", "call_id": i, "name": _name(n), "arguments": json.dumps({"n": n})}
                for i, n in message
            ]
        items += [{"type": "function_call_output", "call_id": i, "output": f"r{n}"} for i, n in called]
    tools = [{"type": "function", "name": f, "parameters": {"type": "object"}} for f in _NAMES]
    return json.dumps({"model": "gpt-5", "input": items, "tools": tools}).encode()


def _anthropic(turns: Turns) -> bytes:
    messages: list[Any] = [{"role": "user", "content": "go"}]
    for t, calls in enumerate(turns):
        called = _numbered(t, calls)
        for m, message in enumerate(_split(called, calls)):
            said = [{"type": "text", "text": "and"}] if m else []
            uses = [{"type": "tool_use", "id": i, "name": _name(n), "input": {"n": n}} for i, n in message]
            messages.append({"role": "assistant", "content": said + uses})
        results = [{"type": "tool_result", "tool_use_id": i, "content": f"r{n}"} for i, n in called]
        messages.append({"role": "user", "content": results})
    tools = [{"name": f, "input_schema": {"type": "object"}} for f in _NAMES]
    body = {"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": messages, "tools": tools}
    return json.dumps(body).encode()


_NAMES = [f"f{k}" for k in range(6)]


def _name(n: str) -> str:
    """The function a call of ``n`` (``turn.place``) calls: one per place in its turn, so that a
    repeated id names two functions (Gemini pairs a result with its call by name)."""
    return f"f{n.split('.')[1]}"


def _numbered(turn: int, messages: list[list[str]]) -> list[tuple[str, str]]:
    """The turn's calls in order, each with its ``n``: the turn and the call's place in it."""
    ids = [i for message in messages for i in message]
    return [(i, f"{turn}.{k}") for k, i in enumerate(ids)]


def _split(called: list[tuple[str, str]], messages: list[list[str]]) -> list[list[tuple[str, str]]]:
    out: list[list[tuple[str, str]]] = []
    start = 0
    for message in messages:
        out.append(called[start : start + len(message)])
        start += len(message)
    return out


_BODIES = {"openai_chat": _chat, "openai": _responses, "anthropic": _anthropic}


def _calls_and_results(destination: str, body: bytes) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """(id, the call's n) per call and (id, the result's text) per result, as sent."""
    calls: list[tuple[str, str]] = []
    results: list[tuple[str, str]] = []
    sent = json.loads(body)
    if destination == "gemini":  # ids as sent: the name pairs a functionResponse with its call
        parts = [part for content in sent["contents"] for part in content["parts"]]
        calls = [
            (p["functionCall"]["name"], p["functionCall"]["args"]["n"]) for p in parts if "functionCall" in p
        ]
        results = [
            (p["functionResponse"]["name"], p["functionResponse"]["response"]["result"])
            for p in parts
            if "functionResponse" in p
        ]
        return calls, results
    if destination == "openai":
        for item in sent["input"]:
            if item.get("type") == "function_call":
                calls.append((item["call_id"], json.loads(item["arguments"])["n"]))
            elif item.get("type") == "function_call_output":
                results.append((item["call_id"], item["output"]))
        return calls, results  # (lm15's assistant text item is no shape the SDK's params list)
    for message in sent["messages"]:
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block["type"] == "tool_use":
                calls.append((block["id"], block["input"]["n"]))
            elif block["type"] == "tool_result":
                content = block["content"]
                text = content if isinstance(content, str) else "".join(c["text"] for c in content)
                results.append((block["tool_use_id"], text))
    anthropic_accepts(body)
    return calls, results


def _assert_each_result_with_its_call(destination: str, body: bytes) -> list[str]:
    """The APIs' rule: call ids unique, each call with exactly one result (Responses: "No tool output
    found for function call"; Anthropic: each tool_use its tool_result), the one the client gave it;
    Gemini: each functionResponse under its call's name."""
    calls, results = _calls_and_results(destination, body)
    if destination == "gemini":
        assert [(name, f"r{n}") for name, n in calls] == results
        return [name for name, _ in calls]
    ids = [i for i, _ in calls]
    assert len(set(ids)) == len(ids)
    by_id = dict(calls)
    assert [(i, text) for i, text in results] == [(i, f"r{by_id.get(i)}") for i, _ in results]
    assert sorted(i for i, _ in results) == sorted(ids)  # every call answered, once
    return ids


@pytest.mark.parametrize("destination", ["openai", "anthropic", "gemini"])
@pytest.mark.parametrize("source", list(_BODIES))
def test_two_messages_of_one_id_before_their_results_each_get_their_own(
    source: str, destination: str
) -> None:
    body = _BODIES[source]([[["c1"], ["c1"]]])
    built = lc.translate_request(source, destination, body)  # type: ignore[arg-type]
    if destination == "gemini":  # (its calls keep their ids; a result goes by its call's name)
        assert _assert_each_result_with_its_call(destination, built.body) == ["f0", "f1"]
        return
    assert _assert_each_result_with_its_call(destination, built.body) == ["c1", "c1_2"]
    assert [(a.asked, a.applied) for a in built.adaptations if a.field.endswith(".id")] == [("c1", "c1_2")]


@pytest.mark.parametrize("destination", ["openai", "anthropic", "gemini"])
def test_a_later_turn_reusing_the_id_still_answers_its_own_call(destination: str) -> None:
    body = _chat([[["c1"], ["c1", "c2"]], [["c1"]]])
    built = lc.translate_request("openai_chat", destination, body)
    ids = ["f0", "f1", "f2", "f0"] if destination == "gemini" else ["c1", "c1_2", "c2", "c1_3"]
    assert _assert_each_result_with_its_call(destination, built.body) == ids


_TURNS = st.lists(
    st.lists(st.lists(st.sampled_from(["c1", "c2", "c1_2"]), min_size=1, max_size=2), min_size=1, max_size=3),
    min_size=1,
    max_size=3,
)


@settings(max_examples=examples(100))
@given(_TURNS, st.sampled_from(list(_BODIES)), st.sampled_from(["openai", "anthropic", "gemini"]))
def test_any_spread_of_calls_reaches_each_destination_each_result_with_its_call(
    turns: Turns, source: str, destination: str
) -> None:
    built = lc.translate_request(source, destination, _BODIES[source](turns))  # type: ignore[arg-type]
    _assert_each_result_with_its_call(destination, built.body)
