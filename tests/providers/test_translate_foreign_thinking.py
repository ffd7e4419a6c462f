"""Thinking another dialect cannot take back as thinking, through ``lc.translate_request``
(red-team gateway F12): a signed Anthropic thinking block sent to Chat, Responses or Gemini was
written as visible assistant text ("substituted") while the same block unsigned was left out.
Both are now left out, each part a ``dropped`` Adaptation carrying its text; the destination's own
thinking (a signed block to Anthropic) is sent as thinking, and so is a signed block to Chat, as the
row's ``thinking_blocks`` (red team 5 F01: a Chat backend fronting Claude gives it back)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts, notes

PRIVATE = "91 = 7*13. PRIVATE-REASONING-3c1e"
SIGNED = "EqQBCkYIBxgCKkBsig=="


def _history(signature: str) -> bytes:
    assistant = {
        "role": "assistant",
        "content": [
            {"type": "thinking", "thinking": PRIVATE, "signature": signature},
            {"type": "text", "text": "No, 91 = 7 x 13."},
        ],
    }
    messages: list[Any] = [
        {"role": "user", "content": "Is 91 prime?"},
        assistant,
        {"role": "user", "content": "97?"},
    ]
    return anthropic_body(model="claude-sonnet-4-5", max_tokens=100, messages=messages)


@pytest.mark.parametrize(  # signed to Chat: test_signed_thinking_goes_to_chat_as_a_block_never_as_content
    ("destination", "signature"),
    [("openai_chat", ""), ("openai", ""), ("gemini", ""), ("openai", SIGNED), ("gemini", SIGNED)],
)
def test_anthropic_thinking_is_left_out_signed_or_not(destination: str, signature: str) -> None:
    built = lc.translate_request("anthropic", destination, _history(signature))
    assert PRIVATE.encode() not in built.body
    assert b"No, 91 = 7 x 13." in built.body
    if destination == "openai_chat":
        chat_accepts(built.body)
    dropped = [a for a in built.adaptations if a.action == "dropped" and a.asked == PRIVATE]
    assert len(dropped) == 1
    assert not [a for a in built.adaptations if a.action == "substituted" and "messages" in a.field]


def test_signed_thinking_goes_to_chat_as_a_block_never_as_content() -> None:
    built = lc.translate_request("anthropic", "openai_chat", _history(SIGNED))
    chat_accepts(built.body)
    row = json.loads(built.body)["messages"][1]
    assert row["content"] == "No, 91 = 7 x 13."
    assert row["thinking_blocks"] == [{"type": "thinking", "thinking": PRIVATE, "signature": SIGNED}]
    note = ("messages[1].parts[0]", "substituted", "thinking_signature", "thinking_blocks")
    assert notes(built, "messages") == [note]


def test_the_signed_note_names_the_part_and_its_state() -> None:
    built = lc.translate_request("anthropic", "gemini", _history("SIG"))
    assert ("messages[1].parts[0]", "dropped", PRIVATE, None) in notes(built, "messages")
    assert ("messages[1].parts[0].continuation", "dropped", "thinking_signature", None) in notes(
        built, "messages"
    )


def test_chat_reasoning_content_is_left_out() -> None:
    body = json.dumps(
        {
            "model": "m",
            "messages": [
                {"role": "user", "content": "q"},
                {"role": "assistant", "content": "", "reasoning_content": PRIVATE},
                {"role": "user", "content": "q2"},
            ],
        }
    ).encode()
    try:
        lc.decode_request("openai_chat", body)
    except lc.LmcodecError:
        pytest.skip("this Chat reader does not take reasoning_content")
    built = lc.translate_request("openai_chat", "gemini", body)
    assert PRIVATE.encode() not in built.body
    # the turn's empty content is all that is left of it, which Gemini refuses: the turn goes
    assert [c["role"] for c in json.loads(built.body)["contents"]] == ["user", "user"]
    assert ("messages[1].parts[0]", "dropped", PRIVATE, None) in notes(built, "messages")
    assert ("messages[1]", "dropped", "assistant", None) in notes(built, "messages")


def test_anthropic_keeps_its_own_signed_thinking() -> None:
    body = _history("SIG")
    built = lc.translate_request("anthropic", "anthropic", body)
    assert PRIVATE.encode() in built.body
    assert built.body == lc.build_request("anthropic", lc.decode_request("anthropic", body)).body
