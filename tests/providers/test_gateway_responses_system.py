"""A Responses client's system prompt given as leading ``system`` / ``developer`` input items,
through ``lc.translate_request`` (red-team 5 F12): it reached Anthropic and Gemini as a user turn
``"[developer]\\n..."`` (lm15's rendering of a developer message), while the same prompt from a
Chat client goes to ``system`` / ``systemInstruction``. To another dialect the leading items are
now the Request's system prompt (after ``instructions`` when both are given), one ``substituted``
Adaptation per item; Responses to Responses keeps them as they came."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts, responses_body

PROMPT = "Answer in French."


def _responses(*items: dict[str, Any], **extra: Any) -> bytes:
    return json.dumps({"model": "m", "input": [*items, {"role": "user", "content": "Hi"}], **extra}).encode()


def _chat(system: str) -> bytes:
    messages = [{"role": "system", "content": system}, {"role": "user", "content": "Hi"}]
    return json.dumps({"model": "m", "messages": messages}).encode()


@pytest.mark.parametrize("destination", ["anthropic", "gemini", "openai_chat"])
@pytest.mark.parametrize("role", ["system", "developer"])
def test_a_leading_item_is_the_system_prompt_as_from_a_chat_client(role: str, destination: str) -> None:
    body = responses_body(
        model="m", input=[{"role": role, "content": PROMPT}, {"role": "user", "content": "Hi"}]
    )
    built = lc.translate_request("openai", destination, body)
    expected = lc.translate_request("openai_chat", destination, _chat(PROMPT))
    assert json.loads(built.body) == json.loads(expected.body)
    assert b"[developer]" not in built.body
    assert [(a.field, a.action) for a in built.adaptations if "messages" in a.field] == [
        ("messages[0]", "substituted")
    ]
    if destination == "anthropic":
        anthropic_accepts(built.body)
    if destination == "openai_chat":
        chat_accepts(built.body)


def test_instructions_come_first_then_the_items_in_order() -> None:
    body = _responses(
        {"role": "system", "content": "Be brief."},
        {"role": "developer", "content": [{"type": "input_text", "text": PROMPT}]},
        instructions="You are a helper.",
    )
    joined = f"You are a helper.\nBe brief.\n{PROMPT}"  # lm15's builders join system parts so
    sent = json.loads(lc.translate_request("openai", "anthropic", body).body)
    assert sent["system"] == joined
    assert sent["messages"] == [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}]
    gemini = json.loads(lc.translate_request("openai", "gemini", body).body)
    assert gemini["systemInstruction"] == {"parts": [{"text": joined}]}
    assert [a.asked for a in lc.translate_request("openai", "gemini", body).adaptations] == ["developer"] * 2


def test_a_later_developer_item_stays_where_it_is() -> None:
    body = json.dumps(
        {
            "model": "m",
            "input": [
                {"role": "user", "content": "Hi"},
                {"role": "developer", "content": "Now switch to German."},
                {"role": "user", "content": "Again"},
            ],
        }
    ).encode()
    sent = json.loads(lc.translate_request("openai", "anthropic", body).body)
    assert "system" not in sent
    assert len(sent["messages"]) == 3


def test_responses_to_responses_keeps_the_items() -> None:
    body = _responses({"role": "developer", "content": PROMPT})
    built = lc.translate_request("openai", "openai", body)
    assert built == lc.build_request("openai", lc.decode_request("openai", body))
    assert json.loads(built.body)["input"][0]["role"] == "developer"


def test_a_cache_breakpoint_after_the_items_moves_with_its_message() -> None:
    mark = {"mode": "explicit"}
    body = json.dumps(
        {
            "model": "m",
            "input": [
                {"role": "developer", "content": PROMPT},
                {
                    "role": "user",
                    "content": [{"type": "input_text", "text": "Long doc", "prompt_cache_breakpoint": mark}],
                },
                {"role": "user", "content": "Hi"},
            ],
        }
    ).encode()
    chat = json.dumps(
        {
            "model": "m",
            "messages": [
                {"role": "system", "content": PROMPT},
                {
                    "role": "user",
                    "content": [{"type": "text", "text": "Long doc", "prompt_cache_breakpoint": mark}],
                },
                {"role": "user", "content": "Hi"},
            ],
        }
    ).encode()
    sent = json.loads(lc.translate_request("openai", "anthropic", body).body)
    assert sent == json.loads(lc.translate_request("openai_chat", "anthropic", chat).body)
    assert "cache_control" in sent["messages"][0]["content"][-1]
