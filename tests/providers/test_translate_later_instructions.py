"""A system or developer message after the conversation's start, to Anthropic and Gemini (red team
34 F07).

lm15's builders write it as a user turn of text beginning ``"[developer]\\n"`` where it stands (the
rendering stays lm15's: the body is lm15's build of the Request ``decode_request`` reads); the
gateway names each such message, ``messages[i]`` ``substituted``, on the short road past the passes
and the long one alike. A Responses client's leading developer items, the system prompt, keep their
own notes, and the later one is named at its index in the Request as read."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import chat_body, responses_body
from .request_support import lm15_build

FRENCH = "From now on answer in French."
TALK = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello."}]
LATER = [*TALK, {"role": "system", "content": FRENCH}, {"role": "user", "content": "how are you?"}]
TOOL = {"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {}}}}


def _later_notes(built: lc.ProviderRequest) -> list[tuple[str, str, Any, Any]]:
    return [
        (a.field, a.action, a.asked, a.applied) for a in built.adaptations if a.field.startswith("messages[")
    ]


def _chat(**extra: Any) -> bytes:
    return chat_body(model="claude-sonnet-4-5", max_tokens=100, messages=LATER, **extra)


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("tools", [False, True], ids=["short_road", "long_road"])
def test_chat_system_row_later_is_named(destination: str, tools: bool) -> None:
    body = _chat(tools=[TOOL]) if tools else _chat()
    built = lc.translate_request("openai_chat", destination, body)
    assert _later_notes(built) == [("messages[2]", "substituted", "developer", "user")]
    assert f"[developer]\\n{FRENCH}" in built.body.decode()
    if not tools:  # the rendering is lm15's
        expected = lm15_build(destination, lc.decode_request("openai_chat", body), stream=False)
        assert json.loads(built.body) == expected.body_value


@pytest.mark.parametrize("destination", ["openai", "openai_chat"])
def test_the_openai_dialects_are_not_noted(destination: str) -> None:
    assert _later_notes(lc.translate_request("openai_chat", destination, _chat())) == []


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_responses_developer_items_leading_and_later(destination: str) -> None:
    items = [
        {"role": "developer", "content": "Be terse."},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello."},
        {"role": "developer", "content": FRENCH},
        {"role": "user", "content": "how are you?"},
    ]
    built = lc.translate_request(
        "openai", destination, responses_body(model="claude-sonnet-4-5", input=items)
    )
    assert _later_notes(built) == [
        ("messages[0]", "substituted", "developer", "system"),
        ("messages[3]", "substituted", "developer", "user"),
    ]


def test_a_conversation_without_later_instructions_has_no_such_note() -> None:
    body = chat_body(
        model="claude-sonnet-4-5",
        max_tokens=100,
        messages=[{"role": "system", "content": "x"}, *TALK, {"role": "user", "content": "ok"}],
    )
    assert _later_notes(lc.translate_request("openai_chat", "anthropic", body)) == []


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("tools", [False, True], ids=["short_road", "long_road"])
def test_a_lone_developer_item_is_named_on_both_roads(destination: str, tools: bool) -> None:
    """A Responses input of one developer item is no system prompt (nothing follows it): user text."""
    tool = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
    extra: dict[str, Any] = {"tools": tool} if tools else {}
    body = responses_body(
        model="claude-sonnet-4-5", input=[{"role": "developer", "content": FRENCH}], **extra
    )
    built = lc.translate_request("openai", destination, body)
    assert _later_notes(built) == [("messages[0]", "substituted", "developer", "user")]


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_an_empty_leading_row_left_out_keeps_the_later_ones_at_their_body_index(destination: str) -> None:
    """Red team 33 F02's empty leading row is left out (``messages[0]`` dropped) before the later
    instruction rows are named: each is named at its index in the client's body, not in the
    conversation the row was taken out of."""
    body = chat_body(
        model="claude-sonnet-4-5", max_tokens=100, messages=[{"role": "system", "content": ""}, *LATER]
    )
    built = lc.translate_request("openai_chat", destination, body)
    assert _later_notes(built) == [
        ("messages[0]", "dropped", "", None),
        ("messages[3]", "substituted", "developer", "user"),
    ]
    sent = json.loads(built.body)
    turns = sent["messages"] if destination == "anthropic" else sent["contents"]
    assert len(turns) == len(LATER)  # the empty row is no turn; the later one is lm15's user turn
