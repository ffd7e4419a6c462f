"""An Anthropic client's assistant prefill crossing to another dialect (``lc.translate_request``;
red team 11 F08).

The Messages API continues a conversation whose last message is the assistant's (a prefill such
as ``{"name":`` to force JSON; the client joins the answer to it). OpenAI (Chat, Responses) and
Gemini take that message as a finished assistant turn and answer a new one, so the client's join
is broken. The message is sent (it is the conversation), and the change of meaning is listed:
``messages[i]`` ``substituted``. The same dialect, a last user turn and a last assistant turn of
tool calls (no prefill) have no note.
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
