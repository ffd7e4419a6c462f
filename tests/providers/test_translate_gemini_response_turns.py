"""Parallel tool results written as several turns, to Gemini through ``lc.translate_request``
(issue #15; red team 26 F03's "left").

Gemini answers a model turn of N functionCall parts with one user turn of the N functionResponse
parts, and refuses a history that spreads them ("the number of function response parts should be
equal to the number of function call parts of the function call turn"). Each source dialect lets a
client write one call turn's results apart: Anthropic one user turn per tool_result (the Messages
API joins consecutive turns of a role) or the calls as consecutive assistant turns, Responses a
message between two function_call_output or two function_call items, Chat its tool rows in another
order than the calls. Gemini now gets one response turn right after each call turn, the responses
in the calls' order."""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

NAMES = ("lookup", "fetch", "weather", "clock")
SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


def _contents(source: str, body: dict[str, Any]) -> tuple[list[dict[str, Any]], lc.ProviderRequest]:
    built = lc.translate_request(source, "gemini", json.dumps(body).encode(), model="gemini-2.5-flash")
    return json.loads(built.body)["contents"], built


def _shape(contents: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """Each content's role and its parts' kinds, a call or response with its id."""
    shape = []
    for content in contents:
        kinds = []
        for part in content["parts"]:
            kind = next(iter(part))
            inner = part[kind] if kind in ("functionCall", "functionResponse") else {}
            kinds.append(f"{kind}:{inner['id']}" if "id" in inner else kind)
        shape.append((content["role"], kinds))
    return shape


def _anthropic(messages: list[dict[str, Any]]) -> dict[str, Any]:
    tools = [{"name": name, "input_schema": SCHEMA} for name in NAMES]
    return {"model": "claude-sonnet-4-5", "max_tokens": 100, "tools": tools, "messages": messages}


def _use(call_id: str, name: str = "lookup") -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": {"q": call_id}}


def _result(call_id: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": f"r{call_id}"}


def _responses(items: list[dict[str, Any]]) -> dict[str, Any]:
    tools = [{"type": "function", "name": name, "parameters": SCHEMA, "strict": False} for name in NAMES]
    return {"model": "gpt-4.1", "tools": tools, "input": items}


def _call_item(call_id: str, name: str = "lookup") -> dict[str, Any]:
    return {
        "type": "function_call",
        "call_id": call_id,
        "name": name,
        "arguments": json.dumps({"q": call_id}),
    }


def _output_item(call_id: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": f"r{call_id}"}


def _chat(messages: list[dict[str, Any]]) -> dict[str, Any]:
    tools = [{"type": "function", "function": {"name": name, "parameters": SCHEMA}} for name in NAMES]
    return {"model": "gpt-4.1", "tools": tools, "messages": messages}


def _chat_calls(ids: list[str], name: str = "lookup") -> dict[str, Any]:
    calls = [
        {"id": i, "type": "function", "function": {"name": name, "arguments": json.dumps({"q": i})}}
        for i in ids
    ]
    return {"role": "assistant", "content": None, "tool_calls": calls}


def _tool_row(call_id: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call_id, "content": f"r{call_id}"}


PAIR = [
    ("user", ["text"]),
    ("model", ["functionCall:a", "functionCall:b"]),
    ("user", ["functionResponse:a", "functionResponse:b"]),
]


def test_anthropic_results_in_two_user_turns_go_in_one() -> None:
    """Red team 26 F03's "left": each tool_result its own user turn, no cache mark."""
    body = _anthropic(
        [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": [_use("a"), _use("b")]},
            {"role": "user", "content": [_result("a")]},
            {"role": "user", "content": [_result("b")]},
        ]
    )
    contents, built = _contents("anthropic", body)
    assert _shape(contents) == PAIR
    one_turn = [*body["messages"][:2], {"role": "user", "content": [_result("a"), _result("b")]}]
    assert built.adaptations == _contents("anthropic", {**body, "messages": one_turn})[1].adaptations


def test_anthropic_results_out_of_order_go_in_the_calls_order() -> None:
    body = _anthropic(
        [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": [_use("a"), _use("b", "fetch")]},
            {"role": "user", "content": [_result("b")]},
            {"role": "user", "content": [_result("a"), {"type": "text", "text": "and?"}]},
        ]
    )
    contents, _ = _contents("anthropic", body)
    assert _shape(contents) == [*PAIR, ("user", ["text"])]
    assert [part["functionResponse"]["name"] for part in contents[2]["parts"]] == ["lookup", "fetch"]


def test_anthropic_calls_in_two_assistant_turns_go_in_one() -> None:
    body = _anthropic(
        [
            {"role": "user", "content": "go"},
            {"role": "assistant", "content": [_use("a")]},
            {"role": "assistant", "content": [_use("b")]},
            {"role": "user", "content": [_result("a"), _result("b")]},
        ]
    )
    assert _shape(_contents("anthropic", body)[0]) == PAIR


def test_responses_message_between_outputs_goes_after_them_noted() -> None:
    body = _responses(
        [
            {"role": "user", "content": "go"},
            _call_item("a"),
            _call_item("b"),
            _output_item("a"),
            {"role": "user", "content": "meanwhile"},
            _output_item("b"),
        ]
    )
    contents, built = _contents("openai", body)
    assert _shape(contents) == [*PAIR, ("user", ["text"])]
    moved = [
        (a.field, a.action, a.asked, a.applied) for a in built.adaptations if a.field.startswith("messages[")
    ]
    assert moved == [("messages[4]", "substituted", 4, 2)]


def test_responses_message_between_calls_joins_the_calls() -> None:
    body = _responses(
        [
            {"role": "user", "content": "go"},
            _call_item("a"),
            {"role": "assistant", "content": "and also"},
            _call_item("b"),
            _output_item("a"),
            _output_item("b"),
        ]
    )
    contents, built = _contents("openai", body)
    assert _shape(contents) == [
        ("user", ["text"]),
        ("model", ["functionCall:a", "text", "functionCall:b"]),
        PAIR[2],
    ]
    assert not [a for a in built.adaptations if a.field.startswith("messages[")]


def test_chat_tool_rows_out_of_order_go_in_the_calls_order() -> None:
    body = _chat(
        [
            {"role": "user", "content": "go"},
            _chat_calls(["a", "b"]),
            _tool_row("b"),
            _tool_row("a"),
        ]
    )
    assert _shape(_contents("openai_chat", body)[0]) == PAIR


def test_sequential_calls_stay_sequential() -> None:
    """A call turn answered before the next call turn is two pairs: nothing joined, nothing noted."""
    body = _responses(
        [
            {"role": "user", "content": "go"},
            _call_item("a"),
            _output_item("a"),
            _call_item("b"),
            _output_item("b"),
        ]
    )
    contents, built = _contents("openai", body)
    assert _shape(contents) == [
        ("user", ["text"]),
        ("model", ["functionCall:a"]),
        ("user", ["functionResponse:a"]),
        ("model", ["functionCall:b"]),
        ("user", ["functionResponse:b"]),
    ]
    assert built.adaptations == ()


@st.composite
def _rounds(draw: st.DrawFn) -> list[tuple[list[tuple[str, str]], list[int], list[int], bool]]:
    """Call rounds: each its calls (id, name), the results' order, where the calls and the results
    are cut into turns (an ascending list of cut points), and whether a user text follows."""
    rounds = []
    for r in range(draw(st.integers(1, 3))):
        names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4))
        calls = [(f"call_{r}_{k}", name) for k, name in enumerate(names)]
        order = draw(st.permutations(range(len(calls))))
        cuts = sorted(draw(st.sets(st.integers(1, max(1, len(calls) - 1)))) - {len(calls)})
        rounds.append((calls, list(order), cuts, draw(st.booleans())))
    return rounds


def _pieces(items: list[Any], cuts: list[int]) -> list[list[Any]]:
    edges = [0, *cuts, len(items)]
    return [items[a:b] for a, b in itertools.pairwise(edges) if items[a:b]]


def _written(source: str, rounds: Any, cut_calls: bool) -> dict[str, Any]:
    """The conversation in ``source``'s dialect, the results apart as that dialect allows."""
    if source == "anthropic":
        messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
        for calls, order, cuts, text in rounds:
            uses = [_use(i, name) for i, name in calls]
            for piece in _pieces(uses, cuts) if cut_calls else [uses]:
                messages.append({"role": "assistant", "content": piece})
            results = [_result(calls[k][0]) for k in order]
            for piece in _pieces(results, cuts):
                messages.append({"role": "user", "content": piece})
            if text:
                messages.append({"role": "user", "content": "and?"})
        return _anthropic(messages)
    if source == "openai":
        items: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
        for calls, order, cuts, text in rounds:
            pieces = _pieces([_call_item(i, name) for i, name in calls], cuts)
            for p, piece in enumerate(pieces):
                items.extend(piece)
                if cut_calls and p < len(pieces) - 1:
                    items.append({"role": "assistant", "content": "and"})
            outputs = [_output_item(calls[k][0]) for k in order]
            for p, piece in enumerate(_pieces(outputs, cuts)):
                items.extend(piece)
                if text and p == 0:
                    items.append({"role": "user", "content": "meanwhile"})
        return _responses(items)
    rows: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    for calls, order, _, text in rounds:
        row = _chat_calls([i for i, _ in calls])
        for call, (_, name) in zip(row["tool_calls"], calls, strict=True):
            call["function"]["name"] = name
        rows.append(row)
        rows.extend(_tool_row(calls[k][0]) for k in order)
        if text:
            rows.append({"role": "user", "content": "and?"})
    return _chat(rows)


@settings(max_examples=examples(300), deadline=None)
@given(_rounds(), st.sampled_from(("anthropic", "openai", "openai_chat")), st.booleans())
def test_each_call_turn_has_one_response_turn_with_its_calls_in_order(
    rounds: Any, source: str, cut_calls: bool
) -> None:
    contents, _ = _contents(source, _written(source, rounds, cut_calls))
    call_turns = [
        c for c, content in enumerate(contents) if any("functionCall" in p for p in content["parts"])
    ]
    response_turns = [
        c for c, content in enumerate(contents) if any("functionResponse" in p for p in content["parts"])
    ]
    assert len(call_turns) == len(rounds)
    assert response_turns == [c + 1 for c in call_turns]
    for c, (calls, _, _, _) in zip(call_turns, rounds, strict=True):
        sent_calls = [p["functionCall"] for p in contents[c]["parts"] if "functionCall" in p]
        responses = [p["functionResponse"] for p in contents[c + 1]["parts"]]
        assert contents[c + 1]["role"] == "user"
        assert [(f["id"], f["name"]) for f in sent_calls] == calls
        assert [(f["id"], f["name"]) for f in responses] == calls
