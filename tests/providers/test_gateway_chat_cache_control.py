"""Chat bodies with Anthropic-style ``cache_control`` marks, through ``lc.translate_request``
(red-team 5 F18): the convention LiteLLM, OpenRouter, Portkey and the Vercel AI SDK document for
prompt-caching Claude over an OpenAI-compatible API, on a content part or on a whole message, with
or without ``ttl``. ``decode_request`` refuses them (no canonical field rebuilds them); the gateway
refused the whole request in every pair. Now: to Anthropic the client's last mark that sits on the
last text block of a system, developer or user row is the CacheConfig's breakpoint (the system
prompt marked with it, as lm15's builder marks it), every other mark ``dropped``; to OpenAI and
Gemini every mark is ``dropped``. Each with its JSON path in the client's body."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_accepts

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
E = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}


def _body(*rows: dict[str, Any]) -> bytes:
    return json.dumps({"model": "claude-sonnet-4-5", "messages": list(rows)}).encode()


def _text(text: str, mark: Any = None) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "text", "text": text}
    if mark is not None:
        block["cache_control"] = mark
    return block


SYSTEM = {"role": "system", "content": [_text("<a long system prompt>", E)]}
CALL = {"id": "call_1", "type": "function", "function": {"name": "w", "arguments": "{}"}}

CASES: dict[str, tuple[bytes, list[str]]] = {
    # (body, the paths of the marks dropped to Anthropic)
    "reproducer": (_body(SYSTEM, {"role": "user", "content": [_text("hi", E)]}), []),
    "system-only": (_body(SYSTEM, {"role": "user", "content": "hi"}), []),
    "message-level": (_body({"role": "user", "content": "hi", "cache_control": E}), []),
    "ttl-1h": (_body({"role": "user", "content": [_text("hi", HOUR)]}), []),
    "ttl-5m": (_body({"role": "user", "content": [_text("hi", {**E, "ttl": "5m"})]}), []),
    "two-user-marks": (
        _body(
            {"role": "user", "content": [_text("a", E)]},
            {"role": "assistant", "content": "b"},
            {"role": "user", "content": [_text("c", E)]},
        ),
        ["$.messages[0].content[0].cache_control"],
    ),
    "mark-before-more-content": (
        _body({"role": "user", "content": [_text("doc", E), _text("question")]}),
        ["$.messages[0].content[0].cache_control"],
    ),
    "last-mark-on-a-tool-row": (
        _body(
            {"role": "user", "content": [_text("weather?", E)]},
            {"role": "assistant", "content": None, "tool_calls": [CALL]},
            {"role": "tool", "tool_call_id": "call_1", "content": [_text("sunny", E)]},
        ),
        ["$.messages[2].content[0].cache_control"],
    ),
    "assistant-mark": (
        _body(
            {"role": "user", "content": "a"},
            {"role": "assistant", "content": [_text("b", E)], "cache_control": E},
            {"role": "user", "content": "c"},
        ),
        ["$.messages[1].content[0].cache_control", "$.messages[1].cache_control"],
    ),
    "beside-the-clients-own-breakpoint": (
        _body(
            {"role": "user", "content": [{**_text("a"), "prompt_cache_breakpoint": {"mode": "explicit"}}]},
            {"role": "assistant", "content": "b"},
            {"role": "user", "content": [_text("c", E)]},
        ),
        ["$.messages[2].content[0].cache_control"],
    ),
    "ttl-1h-beside-another-retention": (
        json.dumps(
            {
                "model": "claude-sonnet-4-5",
                "prompt_cache_retention": "in_memory",
                "messages": [{"role": "user", "content": [_text("hi", HOUR)]}],
            }
        ).encode(),
        ["$.messages[0].content[0].cache_control"],
    ),
    "unknown-mark-type": (
        _body({"role": "user", "content": [_text("hi", {"type": "persistent"})]}),
        ["$.messages[0].content[0].cache_control"],
    ),
}


def _marks(body: bytes) -> list[str]:
    """The paths of every cache_control in a Chat body."""
    paths = []
    for i, row in enumerate(json.loads(body)["messages"]):
        content = row.get("content")
        for j, block in enumerate(content if isinstance(content, list) else ()):
            if "cache_control" in block:
                paths.append(f"$.messages[{i}].content[{j}].cache_control")
        if "cache_control" in row:
            paths.append(f"$.messages[{i}].cache_control")
    return paths


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_marked_chat_body_is_translated(case: str, destination: str) -> None:
    body, dropped_to_anthropic = CASES[case]
    with pytest.raises(lc.ValidationError):  # decode_request keeps its documented refusal
        lc.decode_request("openai_chat", body)
    built = lc.translate_request(
        "openai_chat", destination, body, model="gemini-2.5-pro" if destination == "gemini" else None
    )
    seen = [(a.field, a.action) for a in built.adaptations if a.field.endswith("cache_control")]
    dropped = dropped_to_anthropic if destination == "anthropic" else _marks(body)
    assert sorted(seen) == sorted((path, "dropped") for path in dropped)
    assert b"cache_control" not in built.body or destination == "anthropic"
    assert b"prompt_cache_breakpoint" not in built.body or b"prompt_cache_breakpoint" in body
    if destination == "anthropic":
        anthropic_accepts(built.body)
    if destination == "openai_chat":
        chat_accepts(built.body)


def _sent(case: str) -> dict[str, Any]:
    sent: dict[str, Any] = json.loads(lc.translate_request("openai_chat", "anthropic", CASES[case][0]).body)
    return sent


def test_the_reproducer_caches_the_system_prompt_and_the_question() -> None:
    sent = _sent("reproducer")
    assert sent["system"] == [_text("<a long system prompt>", E)]
    assert sent["messages"] == [{"role": "user", "content": [_text("hi", E)]}]


def test_a_system_mark_alone_marks_the_system_prompt() -> None:
    sent = _sent("system-only")
    assert sent["system"] == [_text("<a long system prompt>", E)]
    assert sent["messages"] == [{"role": "user", "content": [_text("hi")]}]


def test_a_message_level_mark_marks_its_last_block() -> None:
    assert _sent("message-level")["messages"] == [{"role": "user", "content": [_text("hi", E)]}]


def test_ttl_1h_is_kept_and_5m_is_the_default() -> None:
    assert _sent("ttl-1h")["messages"] == [{"role": "user", "content": [_text("hi", HOUR)]}]
    assert _sent("ttl-5m")["messages"] == [{"role": "user", "content": [_text("hi", E)]}]


def test_the_last_mark_that_fits_is_kept() -> None:
    sent = _sent("two-user-marks")["messages"]
    assert sent[0]["content"] == [_text("a")]
    assert sent[2]["content"] == [_text("c", E)]
    sent = _sent("last-mark-on-a-tool-row")["messages"]
    assert sent[0]["content"] == [_text("weather?", E)]
    assert "cache_control" not in json.dumps(sent[1:])


def test_an_unmarked_body_is_translated_as_before() -> None:
    body = _body({"role": "user", "content": [_text("hi")]})
    for destination in DIALECTS:
        model = "gemini-2.5-pro" if destination == "gemini" else None
        built = lc.translate_request("openai_chat", destination, body, model=model)
        assert built == lc.build_request(destination, lc.decode_request("openai_chat", body, model=model))


@pytest.mark.parametrize(
    "rows",
    [
        ["x", {"role": "user", "content": "hi", "cache_control": E}],
        [{"role": "user", "content": 7, "cache_control": E}],
        [{"role": "user", "content": ["x", _text("hi", E)]}],
        [{"content": [_text("hi", E)], "cache_control": [E]}],
    ],
)
def test_a_malformed_body_with_marks_is_refused_as_the_reader_refuses_it(rows: list[Any]) -> None:
    with pytest.raises(lc.ValidationError):
        lc.translate_request("openai_chat", "anthropic", _body(*rows))


def test_twenty_thousand_marks_are_read() -> None:
    rows = [{"role": "user", "content": [_text(str(i), E)]} for i in range(20_000)]
    built = lc.translate_request("openai_chat", "anthropic", _body(*rows))
    assert len(built.adaptations) >= 19_999
    assert json.loads(built.body)["messages"][-1]["content"][-1]["cache_control"] == E
