"""An Anthropic cache mark before more content of its turn, to a dialect that takes no mark (red
team 26 F03).

The gateway's reading splits such a turn after the mark, so that the canonical breakpoint (a
message index) is where the client put it and Anthropic gets it there. To OpenAI and Gemini the
mark is ``dropped``, and the split stayed: two parallel tool results marked on the first went to
Gemini as two user turns, which its API refuses (the function responses of one call turn go
together: "the number of function response parts is equal to the number of function call parts").
Now the turn is whole where the mark is dropped: every such body is sent as the same body without
the mark would be, with the mark's ``dropped`` note. Anthropic still gets the split (the API joins
consecutive turns; test_gateway_anthropic_bodies)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

MARK = {"type": "ephemeral"}
OTHERS = ("gemini", "openai", "openai_chat")
TURNS: list[dict[str, Any]] = [
    {
        "role": "user",
        "content": [{"type": "text", "text": "look up a and b"}, {"type": "text", "text": "now"}],
    },
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Looking."},
            {"type": "tool_use", "id": "toolu_a", "name": "lookup", "input": {"q": "a"}},
            {"type": "tool_use", "id": "toolu_b", "name": "lookup", "input": {"q": "b"}},
        ],
    },
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "toolu_a", "content": "ra"},
            {"type": "tool_result", "tool_use_id": "toolu_b", "content": "rb"},
            {"type": "text", "text": "and then?"},
            {"type": "text", "text": "briefly"},
        ],
    },
    {
        "role": "assistant",
        "content": [{"type": "text", "text": "Both found."}, {"type": "text", "text": "Done."}],
    },
    {"role": "user", "content": [{"type": "text", "text": "thanks"}, {"type": "text", "text": "bye"}]},
]
TOOLS = [{"name": "lookup", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}}]
MARKABLE = [(i, j) for i, turn in enumerate(TURNS) for j in range(len(turn["content"]))]


def _body(turns: list[dict[str, Any]]) -> bytes:
    return json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 100, "tools": TOOLS, "messages": turns}
    ).encode()


def _marked(turns: list[dict[str, Any]], i: int, j: int) -> list[dict[str, Any]]:
    marked: list[dict[str, Any]] = json.loads(json.dumps(turns))
    marked[i]["content"][j]["cache_control"] = MARK
    return marked


def _conversation(built: lc.ProviderRequest, destination: str) -> Any:
    """The turns of a built body: Gemini's contents, Chat's messages, Responses' input."""
    key = {"gemini": "contents", "openai_chat": "messages", "openai": "input"}[destination]
    return json.loads(built.body)[key]


def _translated(destination: str, body: bytes) -> lc.ProviderRequest:
    return lc.translate_request(
        "anthropic", destination, body, model="gemini-2.5-flash" if destination == "gemini" else None
    )


def test_parallel_results_marked_on_the_first_go_to_gemini_in_one_turn() -> None:
    body = _body(_marked([*TURNS[:2], {"role": "user", "content": TURNS[2]["content"][:2]}], 2, 0))
    built = _translated("gemini", body)
    contents = _conversation(built, "gemini")
    assert [[next(iter(part)) for part in content["parts"]] for content in contents] == [
        ["text", "text"],
        ["text", "functionCall", "functionCall"],
        ["functionResponse", "functionResponse"],
    ]
    assert [(a.field, a.action) for a in built.adaptations] == [
        ("$.messages[2].content[0].cache_control", "dropped")
    ]


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(MARKABLE), st.integers(3, len(TURNS)), st.sampled_from(OTHERS))
def test_a_dropped_mark_leaves_the_turns_as_the_unmarked_body_has_them(
    at: tuple[int, int], count: int, destination: str
) -> None:
    i, j = at
    turns = TURNS[:count]
    if i >= count:
        i = count - 1
        j = min(j, len(turns[i]["content"]) - 1)
    built = _translated(destination, _body(_marked(turns, i, j)))
    assert _conversation(built, destination) == _conversation(
        _translated(destination, _body(turns)), destination
    )
    assert (f"$.messages[{i}].content[{j}].cache_control", "dropped") in [
        (a.field, a.action) for a in built.adaptations
    ]


def test_a_mark_before_left_out_blocks_only_joins_no_client_turns() -> None:
    """A mark whose turn has nothing after it but a left-out block (unsigned thinking) split nothing:
    the client's next turn of the same role stays its own."""
    turns: list[dict[str, Any]] = [
        {"role": "user", "content": "hi"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "a", "cache_control": MARK},
                {"type": "thinking", "thinking": "hm", "signature": ""},
            ],
        },
        {"role": "assistant", "content": [{"type": "text", "text": "b"}]},
        {"role": "user", "content": "more"},
    ]
    for destination in OTHERS:
        built = _translated(destination, _body(turns))
        unmarked = _body(
            [
                turns[0],
                {**turns[1], "content": [{"type": "text", "text": "a"}, turns[1]["content"][1]]},
                *turns[2:],
            ]
        )
        assert _conversation(built, destination) == _conversation(
            _translated(destination, unmarked), destination
        )
    assert [content["role"] for content in _conversation(_translated("gemini", _body(turns)), "gemini")] == [
        "user",
        "model",
        "model",
        "user",
    ]
