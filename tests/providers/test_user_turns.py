"""A user turn split at its tool results (``providers/_user_turns.py``), written once for the
Anthropic and Gemini readers (their dict walkers and typed paths each held a copy until rtleft18).

The reference is the rule said another way: ``itertools.groupby`` of the parts by whether each is
a tool result, each group one message (``tool`` or ``user``). Both readers, by both of their paths,
give that split for any user turn of text and tool results."""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._user_turns import turn_messages, user_turn_into
from lmcodec.providers.anthropic import read as anthropic_read
from lmcodec.providers.gemini import read as gemini_read

from ..budget import examples

KINDS = st.lists(st.booleans(), min_size=1, max_size=9)
"""A user turn: for each part, whether it is a tool result."""


def _reference(kinds: list[bool]) -> list[tuple[str, list[int]]]:
    """Each message's role and the indexes of its parts: the maximal runs of one kind."""
    runs = itertools.groupby(enumerate(kinds), key=lambda pair: pair[1])
    return [("tool" if tool else "user", [at for at, _ in run]) for tool, run in runs]


def _dicts(kinds: list[bool]) -> list[dict[str, Any]]:
    return [
        {"type": "tool_result", "id": f"t{at}", "content": []} if tool else {"type": "text", "text": f"x{at}"}
        for at, tool in enumerate(kinds)
    ]


@settings(max_examples=examples(200), deadline=None)
@given(KINDS)
def test_a_user_turn_of_part_dicts_is_split_into_runs(kinds: list[bool]) -> None:
    parts = _dicts(kinds)
    got = [(m["role"], [parts.index(p) for p in m["parts"]]) for m in turn_messages(parts, False)]
    assert got == _reference(kinds)
    assert turn_messages(parts, True) == [{"role": "assistant", "parts": parts}]


@settings(max_examples=examples(200), deadline=None)
@given(KINDS)
def test_a_user_turn_of_wire_parts_is_split_into_runs(kinds: list[bool]) -> None:
    parts: list[Any] = [
        lc.ToolResultPart(id=f"t{at}", content=[lc.TextPart(text="r")])
        if tool
        else lc.TextPart(text=f"x{at}")
        for at, tool in enumerate(kinds)
    ]
    out: list[lc.Message] = [lc.Message.user("before")]
    user_turn_into(parts, out)
    assert out[0] == lc.Message.user("before")
    got = [(m.role, [parts.index(p) for p in m.parts]) for m in out[1:]]
    assert got == _reference(kinds)


def _expected(kinds: list[bool], request: lc.Request, first: int) -> None:
    """``request``'s messages from ``first`` on are the reference split of the user turn."""
    got = []
    for message in request.messages[first:]:
        got.append((message.role, [int(_name(part)[1:]) for part in message.parts]))
    assert got == _reference(kinds)


def _name(part: Any) -> str:
    return part.id if isinstance(part, lc.ToolResultPart) else part.text


def _anthropic_body(kinds: list[bool]) -> bytes:
    calls = [
        {"type": "tool_use", "id": f"t{at}", "name": "f", "input": {}}
        for at, tool in enumerate(kinds)
        if tool
    ]
    blocks = [
        {"type": "tool_result", "tool_use_id": f"t{at}", "content": "r"}
        if tool
        else {"type": "text", "text": f"x{at}"}
        for at, tool in enumerate(kinds)
    ]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}]
    if calls:
        messages.append({"role": "assistant", "content": calls})
    messages.append({"role": "user", "content": blocks})
    tools = [{"name": "f", "input_schema": {"type": "object", "properties": {}}}]
    return json.dumps(
        {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": messages, "tools": tools}
    ).encode()


@settings(max_examples=examples(200), deadline=None)
@given(KINDS)
def test_anthropic_reads_a_user_turn_as_the_reference_split(kinds: list[bool]) -> None:
    """The dict walker and the typed path alike (the typed path checked to take the body)."""
    body = _anthropic_body(kinds)
    first = 2 if any(kinds) else 1
    typed = anthropic_read.typed_or_none(body, None)
    assert typed is not None
    _expected(kinds, typed, first)
    _expected(kinds, anthropic_read._decode_general(body), first)


def _gemini_body(kinds: list[bool]) -> bytes:
    calls = [
        {"functionCall": {"id": f"t{at}", "name": "f", "args": {}}} for at, tool in enumerate(kinds) if tool
    ]
    parts = [
        {"functionResponse": {"id": f"t{at}", "name": "f", "response": {"result": "r"}}}
        if tool
        else {"text": f"x{at}"}
        for at, tool in enumerate(kinds)
    ]
    contents: list[dict[str, Any]] = [{"role": "user", "parts": [{"text": "go"}]}]
    if calls:
        contents.append({"role": "model", "parts": calls})
    contents.append({"role": "user", "parts": parts})
    tools = [{"functionDeclarations": [{"name": "f", "parameters": {"type": "OBJECT", "properties": {}}}]}]
    return json.dumps({"contents": contents, "tools": tools}).encode()


@settings(max_examples=examples(200), deadline=None)
@given(KINDS)
def test_gemini_reads_a_user_turn_as_the_reference_split(kinds: list[bool]) -> None:
    """The dict walker and the typed path alike (the typed path checked to take the body)."""
    body = _gemini_body(kinds)
    first = 2 if any(kinds) else 1
    typed = gemini_read.typed_or_none(body, "gemini-2.5-flash")
    assert typed is not None
    _expected(kinds, typed[0], first)
    _expected(kinds, gemini_read._decode_general(body, "gemini-2.5-flash"), first)
