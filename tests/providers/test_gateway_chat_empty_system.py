"""A Chat client's blank system prompt (a leading ``system`` / ``developer`` row of empty text),
through ``lc.translate_request`` (red team 33 F02): it reached Anthropic and Gemini as an unnoted
user turn ``"[developer]\\n"`` (lm15's rendering of a developer message; lm15's own Chat ingest
refuses the body: "system cannot be empty"). Toward them it is now left out, ``dropped`` on
``messages[0]``, as the Anthropic and Gemini sources' empty system prompts are left out toward
another dialect; Chat -> Chat gives the row back as sent, and ``lc.decode_request`` reads it as a
developer message of empty text (as the Responses reader reads an empty leading system item)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts

EMPTY_ROWS: dict[str, dict[str, Any]] = {
    "system ''": {"role": "system", "content": ""},
    "developer ''": {"role": "developer", "content": ""},
    "system [text '']": {"role": "system", "content": [{"type": "text", "text": ""}]},
    "developer [text '', text '']": {
        "role": "developer",
        "content": [{"type": "text", "text": ""}, {"type": "text", "text": ""}],
    },
}
CONVERSATION: list[dict[str, Any]] = [
    {"role": "user", "content": "Hi"},
    {"role": "assistant", "content": "Hello."},
    {"role": "user", "content": "Go on."},
]


def _chat(*rows: dict[str, Any]) -> bytes:
    return json.dumps({"model": "m", "messages": [*rows, *CONVERSATION]}).encode()


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("row", list(EMPTY_ROWS))
def test_a_blank_system_prompt_is_left_out_with_a_note(row: str, destination: str) -> None:
    """The backend gets the conversation as if the client had sent no system row, and the
    gateway's record names what it left out."""
    built = lc.translate_request("openai_chat", destination, _chat(EMPTY_ROWS[row]))
    without = lc.translate_request("openai_chat", destination, _chat())
    assert json.loads(built.body) == json.loads(without.body)
    assert b"[developer]" not in built.body
    notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("messages")]
    assert notes == [("messages[0]", "dropped")]
    if destination == "anthropic":
        anthropic_accepts(built.body)


@pytest.mark.parametrize("row", list(EMPTY_ROWS))
def test_chat_to_chat_gives_the_row_back_as_sent(row: str) -> None:
    body = _chat(EMPTY_ROWS[row])
    built = lc.translate_request("openai_chat", "openai_chat", body)
    sent = json.loads(built.body)["messages"][0]
    assert sent["role"] == EMPTY_ROWS[row]["role"]
    assert sent["content"] in ("", [{"type": "text", "text": ""}], [{"type": "text", "text": ""}] * 2)
    assert not [a for a in built.adaptations if a.field.startswith("messages")]


@pytest.mark.parametrize("row", list(EMPTY_ROWS))
def test_decode_request_reads_a_developer_message_of_empty_text(row: str) -> None:
    """No system prompt (lm15's Request refuses an empty one): the row as a developer message, so
    a Chat or Responses build gives the client's row back."""
    request = lc.decode_request("openai_chat", _chat(EMPTY_ROWS[row]))
    assert request.system is None
    first = request.messages[0]
    assert first.role == "developer"
    assert {type(part) for part in first.parts} == {lc.TextPart}
    assert all(part.text == "" for part in first.parts)


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_a_non_empty_or_lone_row_is_read_as_before(destination: str) -> None:
    """A system row with text is the system prompt; a lone empty row is the conversation (the
    only message, as lm15 reads it): neither is left out."""
    built = lc.translate_request(
        "openai_chat", destination, _chat({"role": "system", "content": "Be brief."})
    )
    assert b"Be brief." in built.body
    assert not [a for a in built.adaptations if a.field.startswith("messages")]
    lone = json.dumps({"model": "m", "messages": [{"role": "system", "content": ""}]}).encode()
    kept = lc.translate_request("openai_chat", destination, lone)
    assert not [a for a in kept.adaptations if a.action == "dropped" and a.field == "messages[0]"]


def test_a_cache_breakpoint_after_the_blank_row_stays_on_its_message() -> None:
    """The Request's breakpoint index moves with the messages: the user message the client
    marked keeps the mark."""
    marked = {"type": "text", "text": "Hi", "prompt_cache_breakpoint": {"mode": "explicit"}}
    body = json.dumps(
        {
            "model": "m",
            "messages": [EMPTY_ROWS["system ''"], {"role": "user", "content": [marked]}, *CONVERSATION[1:]],
        }
    ).encode()
    sent = json.loads(lc.translate_request("openai_chat", "anthropic", body).body)
    assert sent["messages"][0]["content"] == [
        {"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral"}}
    ]
    assert all(
        "cache_control" not in block for message in sent["messages"][1:] for block in message["content"]
    )
