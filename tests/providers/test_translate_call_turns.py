"""A call turn written apart from its results, to Chat and Anthropic through ``lc.translate_request``
(red team 28 F01).

Chat Completions refuses a history where "an assistant message with 'tool_calls' [is not] followed
by tool messages responding to each 'tool_call_id'"; the Messages API joins consecutive turns of a
role, then refuses a turn after tool_use blocks that does not begin with their tool_result blocks.
A client of another dialect may write one call turn apart: a Responses reasoning item or message
between two function_call items, or a message between a call and its output; an Anthropic client
its parallel tool_use blocks as consecutive assistant turns. Chat now gets the calls in one
assistant message, its tool messages right after it in the calls' order, then the message that
came between (noted); Anthropic gets the results before that message. Same dialect, as sent."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

SCHEMA = {"type": "object", "properties": {}}
RESPONSES_TOOLS = [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]
ANTHROPIC_TOOLS = [{"name": "f", "input_schema": SCHEMA}]
CHAT_TOOLS = [{"type": "function", "function": {"name": "f", "parameters": SCHEMA}}]
GEMINI_TOOLS = [{"functionDeclarations": [{"name": "f", "parametersJsonSchema": SCHEMA}]}]
REASONING = {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "gAAA"}


def _call(call_id: str) -> dict[str, Any]:
    return {"type": "function_call", "call_id": call_id, "name": "f", "arguments": "{}"}


def _output(call_id: str) -> dict[str, Any]:
    return {"type": "function_call_output", "call_id": call_id, "output": "r" + call_id}


def _use(call_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": "f", "input": {}}


def _result(call_id: str) -> dict[str, Any]:
    return {"type": "tool_result", "tool_use_id": call_id, "content": "r" + call_id}


def _responses(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"model": "gpt-5", "tools": RESPONSES_TOOLS, "input": [{"role": "user", "content": "hi"}, *items]}


def _anthropic(messages: list[dict[str, Any]]) -> dict[str, Any]:
    head = [{"role": "user", "content": "hi"}]
    return {"model": "claude-x", "max_tokens": 64, "tools": ANTHROPIC_TOOLS, "messages": [*head, *messages]}


def _sent(
    source: str, destination: str, body: dict[str, Any]
) -> tuple[list[dict[str, Any]], lc.ProviderRequest]:
    built = lc.translate_request(source, destination, json.dumps(body).encode(), model="m")
    return json.loads(built.body)["messages"], built


def chat_rule_broken(messages: list[dict[str, Any]]) -> str | None:
    """The Chat API's rule, and the calls' order: an assistant message with tool_calls is followed at
    once by tool messages answering exactly its ids, in the calls' order."""
    for i, message in enumerate(messages):
        if message["role"] != "assistant" or not message.get("tool_calls"):
            continue
        want = [call["id"] for call in message["tool_calls"]]
        got = []
        k = i + 1
        while k < len(messages) and messages[k]["role"] == "tool":
            got.append(messages[k]["tool_call_id"])
            k += 1
        if got != want:
            return f"messages[{i}]'s tool_calls {want} are followed by tool messages {got}"
    return None


def _blocks(content: Any) -> list[dict[str, Any]]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content)


def anthropic_rule_broken(messages: list[dict[str, Any]]) -> str | None:
    """The Messages API's rule (consecutive turns of a role joined first): the turn after one with
    tool_use blocks begins with exactly a tool_result block for each."""
    joined: list[dict[str, Any]] = []
    for message in messages:
        if joined and joined[-1]["role"] == message["role"]:
            joined[-1]["content"] += _blocks(message["content"])
        else:
            joined.append({"role": message["role"], "content": _blocks(message["content"])})
    for i, message in enumerate(joined):
        uses = sorted(block["id"] for block in message["content"] if block["type"] == "tool_use")
        if not uses:
            continue
        after = joined[i + 1]["content"] if i + 1 < len(joined) else []
        head = []
        for block in after:
            if block["type"] != "tool_result":
                break
            head.append(block["tool_use_id"])
        if sorted(head) != uses:
            return f"turn {i + 1} begins with tool_result blocks for {head}, not {uses}"
    return None


def _roles(messages: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    """Each Chat message's role with its calls' ids, its tool_call_id or its text."""
    return [
        (m["role"], [c["id"] for c in m.get("tool_calls") or []] or m.get("tool_call_id") or m["content"])
        for m in messages
    ]


def test_reasoning_between_parallel_calls_goes_to_chat_as_one_call_turn() -> None:
    body = _responses(
        [{**REASONING, "id": "rs_1"}, _call("a"), REASONING, _call("b"), _output("a"), _output("b")]
    )
    messages, built = _sent("openai", "openai_chat", body)
    assert _roles(messages) == [("user", "hi"), ("assistant", ["a", "b"]), ("tool", "a"), ("tool", "b")]
    assert not [note for note in built.adaptations if note.action == "substituted"]


def test_a_message_between_parallel_calls_goes_to_chat_in_the_call_turn() -> None:
    between = {"role": "assistant", "content": "and"}
    messages, built = _sent(
        "openai", "openai_chat", _responses([_call("a"), between, _call("b"), _output("a"), _output("b")])
    )
    assert _roles(messages) == [("user", "hi"), ("assistant", ["a", "b"]), ("tool", "a"), ("tool", "b")]
    assert messages[1]["content"] == "and"
    assert built.adaptations == ()


def test_anthropic_parallel_uses_in_two_assistant_turns_go_to_chat_as_one() -> None:
    body = _anthropic(
        [
            {"role": "assistant", "content": [_use("toolu_a")]},
            {"role": "assistant", "content": [_use("toolu_b")]},
            {"role": "user", "content": [_result("toolu_a"), _result("toolu_b")]},
        ]
    )
    messages, _ = _sent("anthropic", "openai_chat", body)
    assert _roles(messages) == [
        ("user", "hi"),
        ("assistant", ["toolu_a", "toolu_b"]),
        ("tool", "toolu_a"),
        ("tool", "toolu_b"),
    ]


MESSAGE_BETWEEN = _responses([_call("a"), {"role": "user", "content": "wait, also check b"}, _output("a")])


def test_a_user_message_between_a_call_and_its_output_goes_to_chat_after_it_noted() -> None:
    messages, built = _sent("openai", "openai_chat", MESSAGE_BETWEEN)
    assert _roles(messages) == [
        ("user", "hi"),
        ("assistant", ["a"]),
        ("tool", "a"),
        ("user", "wait, also check b"),
    ]
    moved = [
        (n.field, n.action, n.asked, n.applied) for n in built.adaptations if n.field.startswith("messages[")
    ]
    assert moved == [("messages[3]", "substituted", 3, 2)]


def test_a_user_message_between_a_call_and_its_output_goes_to_anthropic_after_it_noted() -> None:
    messages, built = _sent("openai", "anthropic", MESSAGE_BETWEEN)
    assert [(m["role"], [b["type"] for b in m["content"]]) for m in messages] == [
        ("user", ["text"]),
        ("assistant", ["tool_use"]),
        ("user", ["tool_result"]),
        ("user", ["text"]),
    ]
    moved = [
        (n.field, n.action, n.asked, n.applied) for n in built.adaptations if n.field.startswith("messages[")
    ]
    assert moved == [("messages[3]", "substituted", 3, 2)]


MESSAGE_BETWEEN_OUTPUTS = _responses(
    [_call("a"), _call("b"), _output("a"), {"role": "assistant", "content": "a is done"}, _output("b")]
)
"""An assistant message written between two results of one call turn (rtleft19)."""


def test_an_assistant_message_between_two_outputs_goes_to_chat_after_the_results_noted() -> None:
    messages, built = _sent("openai", "openai_chat", MESSAGE_BETWEEN_OUTPUTS)
    assert _roles(messages) == [
        ("user", "hi"),
        ("assistant", ["a", "b"]),
        ("tool", "a"),
        ("tool", "b"),
        ("assistant", "a is done"),
    ]
    moved = [(n.field, n.action, n.asked, n.applied) for n in built.adaptations]
    assert moved == [("messages[4]", "substituted", 4, 2)]


def test_an_assistant_message_between_two_outputs_goes_to_anthropic_after_the_results_noted() -> None:
    messages, built = _sent("openai", "anthropic", MESSAGE_BETWEEN_OUTPUTS)
    assert [(m["role"], [b["type"] for b in m["content"]]) for m in messages] == [
        ("user", ["text"]),
        ("assistant", ["tool_use", "tool_use"]),
        ("user", ["tool_result", "tool_result"]),
        ("assistant", ["text"]),
    ]
    assert anthropic_rule_broken(messages) is None
    moved = [(n.field, n.action) for n in built.adaptations if n.field.startswith("messages[")]
    # the moved result, and the message now last, which the Messages API reads as a prefill
    assert sorted(moved) == [("messages[3]", "substituted"), ("messages[4]", "substituted")]


def test_a_reasoning_item_between_two_outputs_goes_to_chat_with_the_results_joined() -> None:
    body = _responses(
        [_call("a"), _call("b"), _output("a"), REASONING, _output("b"), {"role": "user", "content": "?"}]
    )
    messages, _ = _sent("openai", "openai_chat", body)
    assert chat_rule_broken(messages) is None
    assert _roles(messages)[:4] == [("user", "hi"), ("assistant", ["a", "b"]), ("tool", "a"), ("tool", "b")]


def test_anthropic_results_out_of_order_go_to_chat_in_the_calls_order() -> None:
    body = _anthropic(
        [
            {"role": "assistant", "content": [_use("toolu_a"), _use("toolu_b")]},
            {"role": "user", "content": [_result("toolu_b")]},
            {"role": "user", "content": [_result("toolu_a")]},
        ]
    )
    messages, _ = _sent("anthropic", "openai_chat", body)
    assert [m.get("tool_call_id") for m in messages[2:]] == ["toolu_a", "toolu_b"]


def test_the_same_dialect_goes_as_sent() -> None:
    """Chat -> Chat and Anthropic -> Anthropic: the client's own order (its API answers it)."""
    anthropic = _anthropic(
        [
            {"role": "assistant", "content": [_use("toolu_a")]},
            {"role": "assistant", "content": [_use("toolu_b")]},
            {"role": "user", "content": [_result("toolu_b")]},
            {"role": "user", "content": [_result("toolu_a")]},
        ]
    )
    messages, built = _sent("anthropic", "anthropic", anthropic)
    assert messages == [{"role": m["role"], "content": _blocks(m["content"])} for m in anthropic["messages"]]
    assert built.adaptations == ()
    calls = [{"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in ("a", "b")]
    chat = {
        "model": "gpt-4.1",
        "tools": CHAT_TOOLS,
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": calls},
            {"role": "tool", "tool_call_id": "b", "content": "rb"},
            {"role": "tool", "tool_call_id": "a", "content": "ra"},
        ],
    }
    messages, built = _sent("openai_chat", "openai_chat", chat)
    assert [m.get("tool_call_id") for m in messages[2:]] == ["b", "a"]
    assert built.adaptations == ()


def test_responses_keeps_the_client_order() -> None:
    """The pass is not Responses': its input goes in the client's order."""
    body = _anthropic(
        [
            {"role": "assistant", "content": [_use("toolu_a"), _use("toolu_b")]},
            {"role": "user", "content": [_result("toolu_b")]},
            {"role": "user", "content": [_result("toolu_a")]},
        ]
    )
    built = lc.translate_request("anthropic", "openai", json.dumps(body).encode())
    items = json.loads(built.body)["input"]
    assert [item["call_id"] for item in items if item.get("type") == "function_call_output"] == [
        "toolu_b",
        "toolu_a",
    ]


# Random tool loops written apart, as red team 28's probe draws them (probes/gemini_turns_fuzz.py):
# each a body and the texts it holds.


@st.composite
def _responses_loops(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    items: list[dict[str, Any]] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    for turn in range(draw(st.integers(1, 3))):
        ids = [f"c{turn}_{k}" for k in range(draw(st.integers(1, 3)))]
        for call_id in ids:
            if draw(st.booleans()):
                items.append(
                    {"type": "reasoning", "id": f"rs_{call_id}", "summary": [], "encrypted_content": "e"}
                )
            items.append(_call(call_id))
            if draw(st.booleans()):
                texts.append(f"a{len(texts)}")
                items.append({"role": "assistant", "content": texts[-1]})
        for k in draw(st.permutations(range(len(ids)))):
            items.append(_output(ids[k]))
            between = draw(st.sampled_from(_BETWEEN_OUTPUTS))  # (the model's items too: rtleft19)
            if between == "reasoning":
                items.append(
                    {"type": "reasoning", "id": f"rs_o{ids[k]}", "summary": [], "encrypted_content": "e"}
                )
            elif between is not None:
                texts.append(f"{between[0]}{len(texts)}")
                items.append({"role": between, "content": texts[-1]})
    return {"model": "m", "input": items, "tools": RESPONSES_TOOLS}, texts


_BETWEEN_OUTPUTS = (None, "user", "assistant", "reasoning")
"""What a Responses client may write after a function_call_output, before the next one."""


@st.composite
def _anthropic_loops(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    for turn in range(draw(st.integers(1, 3))):
        ids = [f"toolu_{turn}_{k}" for k in range(draw(st.integers(1, 3)))]
        uses = [_use(i) for i in ids]
        if draw(st.booleans()):
            messages.extend({"role": "assistant", "content": [use]} for use in uses)
        else:
            texts.append(f"a{len(texts)}")
            messages.append({"role": "assistant", "content": [{"type": "text", "text": texts[-1]}, *uses]})
        results = [_result(ids[k]) for k in draw(st.permutations(range(len(ids))))]
        if draw(st.booleans()):
            messages.extend({"role": "user", "content": [result]} for result in results)
        else:
            extra = []
            if draw(st.booleans()):
                texts.append(f"u{len(texts)}")
                extra = [{"type": "text", "text": texts[-1]}]
            messages.append({"role": "user", "content": results + extra})
    return {"model": "m", "max_tokens": 9, "messages": messages, "tools": ANTHROPIC_TOOLS}, texts


@st.composite
def _chat_loops(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    for turn in range(draw(st.integers(1, 3))):
        ids = [f"call_{turn}_{k}" for k in range(draw(st.integers(1, 3)))]
        calls = [{"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in ids]
        messages.append({"role": "assistant", "content": None, "tool_calls": calls})
        for k in draw(st.permutations(range(len(ids)))):
            messages.append({"role": "tool", "tool_call_id": ids[k], "content": "r" + ids[k]})
            if draw(st.booleans()):
                texts.append(f"u{len(texts)}")
                messages.append({"role": "user", "content": texts[-1]})
    return {"model": "m", "messages": messages, "tools": CHAT_TOOLS}, texts


@st.composite
def _gemini_loops(draw: st.DrawFn) -> tuple[dict[str, Any], list[str]]:
    """Gemini's own order (it refuses a spread turn), the calls cut over model turns at times."""
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "q0"}]}]
    texts = ["q0"]
    for turn in range(draw(st.integers(1, 3))):
        ids = [f"g{turn}_{k}" for k in range(draw(st.integers(1, 3)))]
        calls = [{"functionCall": {"id": i, "name": "f", "args": {}}} for i in ids]
        cut = draw(st.integers(0, len(calls) - 1))
        contents.extend({"role": "model", "parts": piece} for piece in (calls[:cut], calls[cut:]) if piece)
        responses = [
            {"functionResponse": {"id": i, "name": "f", "response": {"result": "r" + i}}} for i in ids
        ]
        contents.append({"role": "user", "parts": responses})
        if draw(st.booleans()):
            texts.append(f"u{len(texts)}")
            contents.append({"role": "user", "parts": [{"text": texts[-1]}]})
    return {"contents": contents, "tools": GEMINI_TOOLS}, texts


_LOOPS = {
    "openai": _responses_loops(),
    "anthropic": _anthropic_loops(),
    "openai_chat": _chat_loops(),
    "gemini": _gemini_loops(),
}
_PAIRS = [(s, d) for s in _LOOPS for d in ("openai_chat", "anthropic") if s != d]


def _texts(destination: str, messages: list[dict[str, Any]]) -> Counter[str]:
    """The texts sent (Chat writes an assistant message's texts as one content, joined by newlines)."""
    if destination == "openai_chat":
        return Counter(
            text
            for m in messages
            if m["role"] in ("user", "assistant") and m["content"]
            for text in m["content"].split("\n")
        )
    return Counter(
        block["text"] for m in messages for block in _blocks(m["content"]) if block["type"] == "text"
    )


@settings(max_examples=examples(600), deadline=None)
@given(st.sampled_from(_PAIRS).flatmap(lambda pair: st.tuples(st.just(pair), _LOOPS[pair[0]])))
def test_each_call_turn_is_answered_right_after_it_and_no_text_is_lost(
    drawn: tuple[tuple[str, str], tuple[dict[str, Any], list[str]]],
) -> None:
    (source, destination), (body, texts) = drawn
    messages, _ = _sent(source, destination, body)
    rule = chat_rule_broken if destination == "openai_chat" else anthropic_rule_broken
    assert rule(messages) is None
    assert _texts(destination, messages) == Counter(texts)
