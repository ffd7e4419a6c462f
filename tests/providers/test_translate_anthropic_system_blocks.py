"""An Anthropic client's ``system`` through ``lc.translate_request`` (red team 34 F03).

A system prompt of text blocks is sent to the other dialects as their one system text (lm15's
builders join the blocks' texts with newlines), so no note says it was dropped: one
``substituted`` note names the block boundaries, a block's own key beside its text and cache mark
is ``dropped`` at its path, and the cache marks keep their own notes."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

import lmcodec as lc

from .gateway_support import anthropic_body
from .request_support import lm15_build

OTHERS = ["openai", "openai_chat", "gemini"]
TWO = [{"type": "text", "text": "You are terse."}, {"type": "text", "text": "Answer in French."}]
HI = [{"role": "user", "content": "hi"}]


def _body(system: Any, messages: Any = HI) -> bytes:
    return anthropic_body(model="claude-sonnet-4-5", max_tokens=100, system=system, messages=messages)


def _without_extensions(request: lc.Request) -> lc.Request:
    return msgspec.structs.replace(request, config=msgspec.structs.replace(request.config, extensions=None))


@pytest.mark.parametrize("destination", OTHERS)
def test_blocks_go_as_lm15_builds_the_system_prompt(destination: str) -> None:
    body = _body(TWO)
    built = lc.translate_request("anthropic", destination, body, stream=False)
    expected = lm15_build(destination, _without_extensions(lc.decode_request("anthropic", body)))
    assert json.loads(built.body) == expected.body_value
    assert [(a.field, a.action, a.asked, a.applied) for a in built.adaptations] == [
        ("extensions.system", "substituted", 2, 1)
    ]


@pytest.mark.parametrize("destination", OTHERS)
def test_marked_blocks_are_noted_for_their_marks_alone(destination: str) -> None:
    marked = [TWO[0], {**TWO[1], "cache_control": {"type": "ephemeral"}}]
    built = lc.translate_request("anthropic", destination, _body(marked), stream=False)
    assert [(a.field, a.action) for a in built.adaptations] == [
        ("$.system[1].cache_control", "dropped"),
        ("extensions.system", "substituted"),
    ]


@pytest.mark.parametrize("destination", OTHERS)
def test_a_block_key_beside_its_text_is_dropped_at_its_path(destination: str) -> None:
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "messages": HI,
            "system": [{"type": "text", "text": "Be terse.", "citations": [{"x": 1}]}],
        }
    )
    built = lc.translate_request("anthropic", destination, body, stream=False)
    assert [(a.field, a.action, a.asked) for a in built.adaptations] == [
        ("$.system[0].citations", "dropped", [{"x": 1}])
    ]


@pytest.mark.parametrize("destination", OTHERS)
def test_a_string_system_kept_beside_a_message_mark_is_not_noted(destination: str) -> None:
    marked = [
        {"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]}
    ]
    built = lc.translate_request("anthropic", destination, _body("You are terse.", marked), stream=False)
    assert not [a for a in built.adaptations if a.field == "extensions.system"]
    assert "You are terse." in built.body.decode()


@pytest.mark.parametrize("destination", OTHERS)
@pytest.mark.parametrize("citations", [[], None])
def test_an_empty_or_null_block_key_asks_nothing_and_is_not_noted(destination: str, citations: Any) -> None:
    """Red team 36 F02: the anthropic SDK's TextBlockParam ``citations: []`` carries nothing."""
    system = [{"type": "text", "text": "Be terse.", "citations": citations}]
    body = json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": HI, "system": system})
    assert lc.translate_request("anthropic", destination, body, stream=False).adaptations == ()
