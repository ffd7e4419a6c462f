"""OpenAI's GA web search tool, ``{"type": "web_search"}`` (the openai SDK's ``WebSearchToolParam``,
type ``web_search`` or ``web_search_2025_08_26``), through ``lc.translate_request`` (red team 14
F16). ``web_search`` was refused for every destination (``decode_request``'s round trip: lm15
1.5.0's builder writes the canonical web search as ``web_search_preview``, and lm15 has no Responses
request reader), and ``web_search_2025_08_26`` crossed nowhere as web search. Now Responses gets the
tools as the client sent them, and every other destination the web search
``web_search_preview`` already crossed as (``test_translate_hosted_tools.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, gemini_tools_accepted, responses_accepts, responses_body

GA_TOOLS = [
    {"type": "web_search"},
    {
        "type": "web_search",
        "search_context_size": "low",
        "filters": {"allowed_domains": ["wikipedia.org"]},
        "user_location": {"type": "approximate", "city": "Paris", "country": "FR"},
    },
    {"type": "web_search_2025_08_26"},
]


def _body(tool: dict[str, Any]) -> bytes:
    return responses_body(model="gpt-5", input="What's new in Paris today?", tools=[tool])


@pytest.mark.parametrize("tool", GA_TOOLS, ids=lambda tool: json.dumps(tool)[:40])
def test_responses_gets_the_ga_tool_as_sent(tool: dict[str, Any]) -> None:
    body = _body(tool)
    built = lc.translate_request("openai", "openai", body)
    responses_accepts(built.body)
    assert json.loads(built.body)["tools"] == json.loads(body)["tools"]
    assert not [a for a in built.adaptations if "tools" in a.field]


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("tool", GA_TOOLS, ids=lambda tool: json.dumps(tool)[:40])
def test_the_ga_tool_crosses_as_the_preview_tool_does(tool: dict[str, Any], destination: str) -> None:
    built = lc.translate_request("openai", destination, _body(tool))
    preview = lc.translate_request("openai", destination, _body({**tool, "type": "web_search_preview"}))
    sent = json.loads(built.body)["tools"]
    assert sent == json.loads(preview.body)["tools"]
    assert len(sent) == 1  # a web search, not dropped
    if destination == "anthropic":
        anthropic_accepts(built.body)
    else:
        gemini_tools_accepted(built.body)


def test_decode_request_still_refuses_web_search() -> None:
    """lm15's builder would write it back as web_search_preview: not the client's body."""
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", _body({"type": "web_search"}))
    assert refused.value.path == "$.tools[0].type"
