"""``tool_choice: "none"`` beside ``parallel_tool_calls`` (red team 19 F04).

Both openai create() calls take the pair and the API answers it (agent frameworks set
``parallel_tool_calls`` once and switch ``tool_choice`` to "none" for a final answer). A canonical
ToolChoice of mode none takes no parallel flag, and lm15's Chat reader raises on the pair, so
``decode_request`` refuses it, at ``$.parallel_tool_calls``; the gateway sends tool_choice none,
the flag back as sent to the same dialect, elsewhere ``dropped`` (with no call allowed it says
nothing)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

lm15_chat = pytest.importorskip("lm15.providers.openai_chat", reason="lm15 1.5.0 is a test dependency")

_PARAMETERS = {"type": "object", "properties": {}}
_CHAT_TOOL = {"type": "function", "function": {"name": "get_weather", "parameters": _PARAMETERS}}
_RESPONSES_TOOL = {"type": "function", "name": "get_weather", "parameters": _PARAMETERS, "strict": False}
_NONE = {
    "openai_chat": lambda body: body.get("tool_choice") == "none",
    "openai": lambda body: body.get("tool_choice") == "none",
    "anthropic": lambda body: body.get("tool_choice") == {"type": "none"},
    "gemini": lambda body: body["toolConfig"]["functionCallingConfig"]["mode"] == "NONE",
}


def _body(source: str, parallel: bool) -> dict[str, Any]:
    if source == "openai_chat":
        return {
            "model": "gpt-4.1-mini",
            "messages": [{"role": "user", "content": "Hi"}],
            "tools": [_CHAT_TOOL],
            "tool_choice": "none",
            "parallel_tool_calls": parallel,
        }
    return {
        "model": "gpt-4.1-mini",
        "input": "Hi",
        "tools": [_RESPONSES_TOOL],
        "tool_choice": "none",
        "parallel_tool_calls": parallel,
    }


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("source", ["openai_chat", "openai"])
def test_decode_request_refuses_the_pair_at_the_flag(source: str, parallel: bool) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request(source, json.dumps(_body(source, parallel)))
    assert info.value.path == "$.parallel_tool_calls"


@pytest.mark.parametrize("parallel", [False, True])
def test_lm15_refuses_the_chat_pair_too(parallel: bool) -> None:
    with pytest.raises(ValueError, match="none"):
        lm15_chat.request_from_openai_chat(_body("openai_chat", parallel))


@pytest.mark.parametrize("parallel", [False, True])
@pytest.mark.parametrize("destination", ["openai_chat", "openai", "anthropic", "gemini"])
@pytest.mark.parametrize("source", ["openai_chat", "openai"])
def test_the_gateway_sends_tool_choice_none(source: str, destination: str, parallel: bool) -> None:
    built = lc.translate_request(source, destination, json.dumps(_body(source, parallel)))
    sent = json.loads(built.body)
    assert _NONE[destination](sent)
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if "parallel" in a.field]
    if destination == source:
        assert sent["parallel_tool_calls"] is parallel
        assert notes == []
    else:
        assert "parallel_tool_calls" not in sent
        assert notes == [("$.parallel_tool_calls", "dropped", parallel)]


@pytest.mark.parametrize("source", ["openai_chat", "openai"])
def test_a_flag_that_is_no_boolean_stays_refused(source: str) -> None:
    body = {**_body(source, False), "parallel_tool_calls": "no"}
    with pytest.raises(lc.ValidationError) as info:
        lc.translate_request(source, "anthropic", json.dumps(body))
    assert info.value.path == "$.parallel_tool_calls"
