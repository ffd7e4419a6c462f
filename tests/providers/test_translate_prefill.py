"""An Anthropic client's assistant prefill crossing to another dialect (``lc.translate_request``;
red team 11 F08).

The Messages API continues a conversation whose last message is the assistant's (a prefill such
as ``{"name":`` to force JSON; the client joins the answer to it). OpenAI (Chat, Responses) and
Gemini take that message as a finished assistant turn and answer a new one, so the client's join
is broken. The message is sent (it is the conversation), and the change of meaning is listed:
``messages[i]`` ``substituted``. The same dialect, a last user turn and a last assistant turn of
tool calls (no prefill) have no note.

The other way, an OpenAI or Gemini client's conversation ending with a finished assistant turn
goes to Anthropic as the last message, which the Messages API reads as a prefill (older Claude
models continue it, models from Claude 4.6 on refuse it): also sent, and listed the same way,
whether the client wrote it last or a message written between two tool results was moved last
(the results joined after their call turn).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

PREFILL = {"role": "assistant", "content": '{"name":'}


def _anthropic(*messages: dict[str, Any]) -> bytes:
    asked = [{"role": "user", "content": "A cat as JSON"}, *messages]
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": asked}).encode()


def _prefill_notes(built: Any) -> list[tuple[str, str, Any]]:
    return [(a.field, a.action, a.asked) for a in built.adaptations if a.field.startswith("messages[")]


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
def test_a_prefill_is_listed_where_it_becomes_a_finished_turn(destination: str) -> None:
    model = "gemini-2.5-flash" if destination == "gemini" else "gpt-5"
    built = lc.translate_request("anthropic", destination, _anthropic(PREFILL), model=model)
    assert b'{\\"name\\":' in built.body  # sent: it is the conversation
    assert _prefill_notes(built) == [("messages[1]", "substituted", '{"name":')]


def test_no_note_without_a_prefill_or_in_the_same_dialect() -> None:
    same = lc.translate_request("anthropic", "anthropic", _anthropic(PREFILL))
    assert _prefill_notes(same) == []
    asked = lc.translate_request("anthropic", "openai_chat", _anthropic(), model="gpt-5")
    assert _prefill_notes(asked) == []
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]}
    called = lc.translate_request("anthropic", "openai_chat", _anthropic(call), model="gpt-5")
    assert _prefill_notes(called) == []


_FINISHED = "The cat is black."
_CLIENTS: dict[str, dict[str, Any]] = {
    "openai_chat": {
        "model": "gpt-5",
        "messages": [{"role": "user", "content": "A cat?"}, {"role": "assistant", "content": _FINISHED}],
    },
    "openai": {
        "model": "gpt-5",
        "input": [
            {"role": "user", "content": "A cat?"},
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": _FINISHED}]},
        ],
    },
    "gemini": {
        "contents": [
            {"role": "user", "parts": [{"text": "A cat?"}]},
            {"role": "model", "parts": [{"text": _FINISHED}]},
        ]
    },
}


@pytest.mark.parametrize("source", sorted(_CLIENTS))
def test_a_finished_last_turn_is_listed_where_it_becomes_a_prefill(source: str) -> None:
    body = json.dumps(_CLIENTS[source]).encode()
    built = lc.translate_request(source, "anthropic", body, model="claude-sonnet-4-5")
    sent = json.loads(built.body)["messages"]
    assert sent[-1]["role"] == "assistant"  # sent: it is the conversation
    assert _prefill_notes(built) == [("messages[1]", "substituted", _FINISHED)]
    assert "prefill" in next(a.reason for a in built.adaptations if a.field == "messages[1]")


@pytest.mark.parametrize("source", sorted(_CLIENTS))
def test_a_finished_last_turn_has_no_note_toward_the_other_dialects(source: str) -> None:
    body = json.dumps(_CLIENTS[source]).encode()
    for destination in ("openai", "openai_chat", "gemini"):
        model = "gemini-2.5-flash" if destination == "gemini" else "gpt-5"
        built = lc.translate_request(source, destination, body, model=model)
        assert _prefill_notes(built) == [], destination


def test_a_message_moved_last_behind_the_results_is_listed_as_a_prefill() -> None:
    """A Responses client's message written between two results of one call turn goes after the
    joined results: last, where the Messages API reads it as a prefill."""
    call = {"type": "function_call", "name": "f", "arguments": "{}"}
    body = {
        "model": "gpt-5",
        "input": [
            {"role": "user", "content": "Two lookups"},
            {**call, "call_id": "a"},
            {**call, "call_id": "b"},
            {"type": "function_call_output", "call_id": "a", "output": "1"},
            {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": _FINISHED}]},
            {"type": "function_call_output", "call_id": "b", "output": "2"},
        ],
        "tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}],
    }
    built = lc.translate_request("openai", "anthropic", json.dumps(body).encode(), model="claude-sonnet-4-5")
    sent = json.loads(built.body)["messages"]
    assert [m["role"] for m in sent] == ["user", "assistant", "user", "assistant"]
    assert sent[-1]["content"] == [{"type": "text", "text": _FINISHED}]
    assert ("messages[3]", "substituted", _FINISHED) in _prefill_notes(built)


def test_a_last_call_turn_toward_anthropic_has_no_prefill_note() -> None:
    body = {
        "model": "gpt-5",
        "messages": [
            {"role": "user", "content": "A cat?"},
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                ],
            },
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
    }
    built = lc.translate_request(
        "openai_chat", "anthropic", json.dumps(body).encode(), model="claude-sonnet-4-5"
    )
    assert _prefill_notes(built) == []
