"""Variants the installed anthropic SDK types (red team 19 F06). A mid-conversation
``{"role": "system"}`` message has no place in a canonical Request: refused in words (before,
msgspec's bare "Invalid enum value"). ``thinking: {"type": "between_tools"}`` (thinking off, the
model's progress notes between tool calls as thinking blocks) has no canonical reasoning either, but
lm15's builder sends ``Config.extensions`` verbatim, so it rides there as ``display`` does: Anthropic
gets it back exactly (lm15's own builder run on the decoded Request). Another dialect had it
``dropped``, so the destination's default reasoning ran where the client had turned thinking off;
it now gets reasoning off, the body ``disabled`` gives, the note naming the progress notes no other
dialect writes (leftover13)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts
from .request_support import lm15_build

_BASE: dict[str, Any] = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1024,
    "messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}],
}
DIALECTS = ("anthropic", "openai", "openai_chat", "gemini")


def test_a_system_message_is_refused_in_words_at_its_path() -> None:
    body = {**_BASE, "messages": [*_BASE["messages"], {"role": "system", "content": "Be brief."}]}
    raw = json.dumps(body).encode()
    calls = [lambda: lc.decode_request("anthropic", raw)] + [
        lambda d=d: lc.translate_request("anthropic", d, raw, model="m") for d in DIALECTS
    ]
    for call in calls:
        with pytest.raises(lc.ValidationError) as info:
            call()
        assert info.value.path == "$.messages[2].role"
        assert info.value.message.startswith("a message of role 'system' cannot be carried")


def test_an_unknown_thinking_type_is_refused_in_words() -> None:
    raw = json.dumps({**_BASE, "thinking": {"type": "sometimes"}}).encode()
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request("anthropic", raw)
    assert info.value.path == "$.thinking.type"
    assert info.value.message.startswith("thinking of type 'sometimes' cannot be carried")


BETWEEN = [
    {"type": "between_tools"},
    {"type": "between_tools", "display": "omitted"},
]


def _long_form(body: dict[str, Any]) -> dict[str, Any]:
    """The body as lm15 writes it back (read.py's documented equivalences: content strings as one
    text block, ``stream`` spelled out)."""
    messages = [{**m, "content": [{"type": "text", "text": m["content"]}]} for m in body["messages"]]
    return {**body, "messages": messages, "stream": False}


@pytest.mark.parametrize("model", ["claude-sonnet-4-5", "claude-opus-4-6"])
@pytest.mark.parametrize("thinking", BETWEEN, ids=["plain", "display"])
def test_between_tools_goes_back_to_anthropic_as_sent(thinking: dict[str, Any], model: str) -> None:
    body = {**_BASE, "model": model, "thinking": thinking}
    raw = json.dumps(body).encode()
    request = lc.decode_request("anthropic", raw)
    assert request.config.reasoning is None and request.config.max_tokens == 1024
    assert request.config.extensions == {"thinking": thinking}
    assert json.loads(lc.build_request("anthropic", request).body) == _long_form(body)
    assert lm15_build("anthropic", request).body_value == _long_form(body)  # lm15's own builder
    built = lc.translate_request("anthropic", "anthropic", raw)
    assert json.loads(built.body)["thinking"] == thinking and built.adaptations == ()
    anthropic_accepts(built.body)


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "gemini"])
@pytest.mark.parametrize("thinking", BETWEEN, ids=["plain", "display"])
def test_between_tools_is_thinking_off_elsewhere(thinking: dict[str, Any], destination: str) -> None:
    raw = json.dumps({**_BASE, "thinking": thinking}).encode()
    built = lc.translate_request("anthropic", destination, raw, model="m")
    disabled = json.dumps({**_BASE, "thinking": {"type": "disabled"}}).encode()
    assert built.body == lc.translate_request("anthropic", destination, disabled, model="m").body
    assert b"between_tools" not in built.body
    notes = [a for a in built.adaptations if "thinking" in a.field]
    assert [(a.field, a.action, a.asked, a.applied) for a in notes] == [
        ("extensions.thinking", "substituted", thinking, {"effort": "off"})
    ]
    assert "progress notes between tool calls" in notes[0].reason


def test_between_tools_leaves_the_answers_effort_where_it_was() -> None:
    """With thinking off, ``output_config.effort`` is the answer's effort: not read as reasoning
    (dropped as Anthropic's own key, as beside ``disabled``)."""
    body = {**_BASE, "thinking": {"type": "between_tools"}, "output_config": {"effort": "low"}}
    built = lc.translate_request("anthropic", "openai", json.dumps(body).encode(), model="gpt-5.1")
    assert json.loads(built.body)["reasoning"] == {"effort": "none"}
    assert ("extensions.output_config", "dropped") in [(a.field, a.action) for a in built.adaptations]
