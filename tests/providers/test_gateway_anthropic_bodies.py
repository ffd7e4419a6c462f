"""Anthropic bodies the Messages API accepts, through ``lc.translate_request`` (red-team 5 F02):
``cache_control`` with ``ttl: "5m"`` on a message block, cache marks on several messages (an agent
loop's incremental caching), a mark on a block other than a message's last (a document before the
question, a tool_result before text), a document's ``title`` / ``context`` / ``citations``, a
``text``-source document. ``decode_request`` refuses each (the canonical form cannot rebuild the
body as it came), and the gateway answered a valid client 400, anthropic -> anthropic included.
Now the gateway reads them: 5m is the default; the last mark is the one CacheConfig carries (the
others ``dropped``), a mark before more content splits its turn there (the API joins consecutive
turns, so the cached prefix is the one the client marked); a document's title, context and
citations are ``dropped``; a text document is sent as its text (``substituted``), except to
Anthropic, which gets such a document as the client sent it (red team 14 F17:
test_gateway_anthropic_carried_blocks). To OpenAI and Gemini, which take no mark, every mark is
``dropped`` at its path (test_translate_cache_marks_rule)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
E = {"type": "ephemeral"}
PDF = "JVBERi0xLjQKJSVFT0YK"
DOC = {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": PDF}}
QUESTION = {"type": "text", "text": "Summarize"}


def _body(messages: list[dict[str, Any]]) -> bytes:
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 1024, "messages": messages}).encode()


def _user(*blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "content": list(blocks)}


CASES: dict[str, tuple[bytes, list[tuple[str, str]]]] = {
    "ttl-5m": (_body([_user({"type": "text", "text": "hi", "cache_control": {**E, "ttl": "5m"}})]), []),
    "two-marks": (
        _body(
            [
                _user({"type": "text", "text": "hi", "cache_control": E}),
                {"role": "assistant", "content": [{"type": "text", "text": "yo"}]},
                _user({"type": "text", "text": "more", "cache_control": E}),
            ]
        ),
        [("$.messages[0].content[0].cache_control", "dropped")],
    ),
    "marked-document-then-question": (_body([_user({**DOC, "cache_control": E}, QUESTION)]), []),
    "document-title-context": (
        _body([_user({**DOC, "title": "Q3", "context": "board deck"}, QUESTION)]),
        [("$.messages[0].content[0].title", "dropped"), ("$.messages[0].content[0].context", "dropped")],
    ),
    "document-citations": (
        _body([_user({**DOC, "citations": {"enabled": True}}, QUESTION)]),
        [("$.messages[0].content[0].citations", "dropped")],
    ),
    "text-document": (
        _body(
            [
                _user(
                    {
                        "type": "document",
                        "source": {"type": "text", "media_type": "text/plain", "data": "a doc"},
                    },
                    QUESTION,
                )
            ]
        ),
        [("$.messages[0].content[0]", "substituted")],
    ),
    "marked-tool-result-then-text": (
        _body(
            [
                _user({"type": "text", "text": "weather?"}),
                {
                    "role": "assistant",
                    "content": [{"type": "tool_use", "id": "toolu_1", "name": "w", "input": {}}],
                },
                _user(
                    {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny", "cache_control": E},
                    QUESTION,
                ),
            ]
        ),
        [],
    ),
}


CARRIED = frozenset({"document-title-context", "document-citations", "text-document"})
"""The cases Anthropic gets as the client sent them, with no note (red team 14 F17)."""


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_body_the_api_accepts_is_translated(case: str, destination: str) -> None:
    body, expected = CASES[case]
    with pytest.raises(lc.ValidationError):  # decode_request keeps its exact round trip
        lc.decode_request("anthropic", body)
    if destination == "openai_chat" and PDF.encode() in body:  # lm15's Chat builder: no document slot
        with pytest.raises(lc.ProviderError, match="a document part in a user message has no slot"):
            lc.translate_request("anthropic", destination, body)
        return
    built = lc.translate_request(
        "anthropic", destination, body, model="m" if destination == "gemini" else None
    )
    if destination == "anthropic" and case in CARRIED:
        expected = []
    if destination != "anthropic":  # no field for a mark: every one dropped at its path (red team 5)
        marks = [f"$.messages[{i}].content[{j}].cache_control" for i, j in _marked(body)]
        expected = sorted({*expected, *((path, "dropped") for path in marks)})
    got = [(a.field, a.action) for a in built.adaptations if a.field.startswith("$.")]
    assert sorted(got) == sorted(expected)
    if destination == "anthropic":
        anthropic_accepts(built.body)
    if destination == "openai_chat":
        chat_accepts(built.body)


def _marked(body: bytes) -> list[tuple[int, int]]:
    """(message, block) of every marked block of ``body``."""
    messages = json.loads(body)["messages"]
    return [
        (i, j)
        for i, message in enumerate(messages)
        for j, block in enumerate(message["content"])
        if "cache_control" in block
    ]


def _sent(case: str) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = json.loads(
        lc.translate_request("anthropic", "anthropic", CASES[case][0]).body
    )["messages"]
    return messages


def test_5m_is_the_default_mark() -> None:
    assert _sent("ttl-5m") == [_user({"type": "text", "text": "hi", "cache_control": E})]


def test_the_last_mark_is_kept() -> None:
    sent = _sent("two-marks")
    assert "cache_control" not in sent[0]["content"][0]
    assert sent[2]["content"][-1]["cache_control"] == E


def test_a_mark_before_the_question_splits_the_turn_there() -> None:
    assert _sent("marked-document-then-question") == [_user({**DOC, "cache_control": E}), _user(QUESTION)]
    sent = _sent("marked-tool-result-then-text")
    assert sent[2] == _user(
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny", "cache_control": E}
    )
    assert sent[3] == _user(QUESTION)


def test_anthropic_gets_a_document_as_sent() -> None:
    for case in sorted(CARRIED):
        assert _sent(case) == json.loads(CASES[case][0])["messages"]


def test_another_dialect_gets_a_documents_source_and_a_text_documents_text() -> None:
    def sent(case: str) -> Any:
        return json.loads(lc.translate_request("anthropic", "openai", CASES[case][0]).body)["input"][0][
            "content"
        ]

    assert [block["type"] for block in sent("document-title-context")] == ["input_file", "input_text"]
    assert sent("text-document")[0] == {"type": "input_text", "text": "a doc"}
