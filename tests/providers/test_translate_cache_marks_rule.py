"""Client cache marks toward a destination that takes none: one rule for every pair (red team 5).

OpenAI (Responses, Chat Completions) and Gemini cache prompt prefixes by themselves and have no
field for a mark's position; OpenAI has one for a longer lifetime, ``prompt_cache_retention:
"24h"`` (the openai SDK's ``ResponseCreateParams`` and ``CompletionCreateParams``: ``"in_memory" |
"24h"``), which is what an Anthropic ``ttl: "1h"`` asks for (lm15's canonical ``retention="long"``).
So, from an Anthropic client as from a Chat client (Anthropic-style marks, F18): every mark is
``dropped`` at its path in the client's body, and a ``ttl: "1h"`` is sent as ``prompt_cache_retention:
"24h"`` to Responses (``substituted`` at the ttl's path) and dropped for Gemini (no in-request
lifetime) and for a Chat backend asked for Claude (LiteLLM refuses the key: review7 R14,
``test_translate_cache_retention_chat.py``).
Before, an Anthropic client's marks vanished with no Adaptation (their lifetime silently became
OpenAI's retention), and a Chat client's ``ttl: "1h"`` was dropped for OpenAI."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_body, chat_accepts, chat_body

SHORT = {"type": "ephemeral"}
LONG = {"type": "ephemeral", "ttl": "1h"}
DOC = "A long document. " * 40


def _anthropic(last: dict[str, Any]) -> tuple[bytes, list[str], str]:
    body = anthropic_body(
        model="claude-sonnet-4-5",
        max_tokens=100,
        system=[{"type": "text", "text": "You are terse.", "cache_control": SHORT}],
        tools=[{"name": "lookup", "input_schema": {"type": "object"}, "cache_control": SHORT}],
        messages=[
            {"role": "user", "content": [{"type": "text", "text": DOC, "cache_control": SHORT}]},
            {"role": "assistant", "content": "Read."},
            {"role": "user", "content": [{"type": "text", "text": "Summarize it.", "cache_control": last}]},
        ],
    )
    paths = [
        "$.system[0].cache_control",
        "$.tools[0].cache_control",
        "$.messages[0].content[0].cache_control",
        "$.messages[2].content[0].cache_control",
    ]
    return body, paths, "$.messages[2].content[0].cache_control"


def _chat(last: dict[str, Any]) -> tuple[bytes, list[str], str]:
    body = chat_body(
        model="claude-sonnet-4-5",
        messages=[
            {
                "role": "system",
                "content": [{"type": "text", "text": "You are terse.", "cache_control": SHORT}],
            },
            {"role": "user", "content": [{"type": "text", "text": DOC, "cache_control": SHORT}]},
            {"role": "assistant", "content": "Read."},
            {"role": "user", "content": [{"type": "text", "text": "Summarize it.", "cache_control": last}]},
        ],
    )
    paths = [
        "$.messages[0].content[0].cache_control",
        "$.messages[1].content[0].cache_control",
        "$.messages[3].content[0].cache_control",
    ]
    return body, paths, "$.messages[3].content[0].cache_control"


SOURCES = {"anthropic": _anthropic, "openai_chat": _chat}
PAIRS = [(s, d) for s in SOURCES for d in ("openai", "openai_chat", "gemini") if s != d]


@pytest.mark.parametrize("last", [SHORT, LONG], ids=["5m", "1h"])
@pytest.mark.parametrize(("source", "destination"), PAIRS)
def test_every_mark_is_dropped_at_its_path_and_a_long_ttl_is_openais_retention(
    source: str, destination: str, last: dict[str, Any]
) -> None:
    body, paths, last_path = SOURCES[source](last)
    built = lc.translate_request(source, destination, body)
    sent = json.loads(built.body)
    assert b"cache_control" not in built.body and b"prompt_cache_breakpoint" not in built.body
    notes = {(a.field, a.action) for a in built.adaptations}
    assert {(path, "dropped") for path in paths} <= notes
    assert len([a for a in built.adaptations if a.field in paths]) == len(paths)  # one note a mark
    if destination == "openai_chat":
        chat_accepts(built.body)
    if last is LONG and destination == "openai":  # not to Chat for a Claude model (R14)
        assert sent["prompt_cache_retention"] == "24h"
        [note] = [a for a in built.adaptations if a.field == last_path + ".ttl"]
        assert (note.action, note.asked, note.applied) == (
            "substituted",
            "1h",
            {"prompt_cache_retention": "24h"},
        )
    else:
        assert "prompt_cache_retention" not in sent
        assert not [a for a in built.adaptations if a.field.endswith(".ttl")]
    if (
        destination != "openai"
    ):  # no in-request lifetime (Gemini; LiteLLM for Claude): the ttl goes with its mark
        assert [a.asked for a in built.adaptations if a.field == last_path] == [last]


def _tool_turn(last_mark: bool) -> list[dict[str, Any]]:
    result: dict[str, Any] = {"type": "tool_result", "tool_use_id": "t1", "content": "r"}
    if last_mark:
        result["content"] = [{"type": "text", "text": "r", "cache_control": SHORT}]
    return [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lookup", "input": {}}]},
        {"role": "user", "content": [result]},
    ]


EARLIER_MARKS = {  # shapes where the gateway's reader keeps a mark as the CacheConfig breakpoint (R08)
    "two earlier user turns": [
        {"role": "user", "content": [{"type": "text", "text": DOC, "cache_control": SHORT}]},
        {"role": "assistant", "content": "Read."},
        {"role": "user", "content": [{"type": "text", "text": "More.", "cache_control": SHORT}]},
        {"role": "assistant", "content": "Read."},
        {"role": "user", "content": "Summarize it."},
    ],
    "a mark inside a tool_result": [
        {"role": "user", "content": [{"type": "text", "text": DOC, "cache_control": SHORT}]},
        *_tool_turn(last_mark=True),
    ],
    "an earlier mark before a tool turn": [
        {"role": "user", "content": [{"type": "text", "text": DOC, "cache_control": SHORT}]},
        *_tool_turn(last_mark=False),
    ],
}


@pytest.mark.parametrize("shape", list(EARLIER_MARKS))
@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
def test_an_anthropic_clients_earlier_mark_is_dropped_as_noted(destination: str, shape: str) -> None:
    """review7 R08: the note said ``dropped`` while the OpenAI builders wrote the mark the reader
    kept as the breakpoint back as ``prompt_cache_breakpoint``; now the body agrees with the note,
    as for a Chat client's marks (taken out before reading)."""
    tools = [{"name": "lookup", "input_schema": {"type": "object"}}]
    body = anthropic_body(
        model="claude-sonnet-4-5", max_tokens=100, tools=tools, messages=EARLIER_MARKS[shape]
    )
    built = lc.translate_request("anthropic", destination, body)
    assert b"cache_control" not in built.body and b"prompt_cache_breakpoint" not in built.body
    marked = {f"$.messages[{i}].content[0].cache_control" for i, row in enumerate(EARLIER_MARKS[shape])}
    notes = [a for a in built.adaptations if "cache_control" in a.field]
    assert notes and all(a.action == "dropped" for a in notes)
    assert {a.field for a in notes if a.field.count("content") == 1} <= marked
    if destination == "openai_chat":
        chat_accepts(built.body)
