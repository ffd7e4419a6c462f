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


# Two web searches in one body (two GA tools, GA beside web_search_preview, two previews): refused
# at $.tools[i] (lm15's name for the GA tool, or a duplicate tool name). As for a dated GA tool
# beside the preview (test_translate_hosted_tools.py::test_two_web_searches_send_the_first), the
# first goes on and the second is dropped, named, its note saying whether it was the same tool.
_FILTERED = {"type": "web_search", "filters": {"allowed_domains": ["wikipedia.org"]}}
_PARIS = {"type": "approximate", "city": "Paris", "country": "FR"}
PAIRS = {
    "two-ga": ([{"type": "web_search"}, {"type": "web_search"}], True),
    "ga-then-preview": ([{"type": "web_search"}, {"type": "web_search_preview"}], True),
    "preview-then-ga": ([{"type": "web_search_preview"}, {"type": "web_search"}], True),
    "two-previews": ([{"type": "web_search_preview"}, {"type": "web_search_preview"}], True),
    "ga-filters-differ": ([{"type": "web_search"}, _FILTERED], False),
    "ga-location-differs": (
        [{"type": "web_search", "user_location": _PARIS}, {"type": "web_search_preview"}],
        False,
    ),
}


def _pair_body(tools: list[dict[str, Any]]) -> bytes:
    function = {"type": "function", "name": "look", "parameters": {"type": "object", "properties": {}}}
    return responses_body(model="gpt-5", input="What's new in Paris today?", tools=[*tools, function])


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_a_second_web_search_is_dropped_and_named(pair: str, destination: str) -> None:
    tools, same = PAIRS[pair]
    built = lc.translate_request("openai", destination, _pair_body(tools))
    first = lc.translate_request("openai", destination, _pair_body(tools[:1]))
    assert built.body == first.body  # the first web search and the function, as sent alone
    if destination == "anthropic":
        anthropic_accepts(built.body)
    else:
        gemini_tools_accepted(built.body)
    second = [a for a in built.adaptations if a.field == "$.tools[1]"]
    assert [(a.action, a.asked) for a in second] == [("dropped", tools[1])]
    said = "the same web search as $.tools[0]" if same else "its options unlike those of $.tools[0]"
    assert said in second[0].reason
    assert [a for a in built.adaptations if a not in second] == list(first.adaptations)


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_responses_gets_both_web_searches_as_sent(pair: str) -> None:
    tools, _ = PAIRS[pair]
    body = _pair_body(tools)
    built = lc.translate_request("openai", "openai", body)
    assert json.loads(built.body)["tools"][:2] == tools
    assert not [a for a in built.adaptations if "tools" in a.field]


def test_chat_gets_no_web_search_either_way() -> None:
    built = lc.translate_request("openai", "openai_chat", _pair_body(PAIRS["two-ga"][0]))
    assert [tool["function"]["name"] for tool in json.loads(built.body)["tools"]] == ["look"]
    assert {a.field for a in built.adaptations if a.action == "dropped"} >= {"$.tools[1]", "tools[0]"}


def test_every_web_search_after_the_first_is_named() -> None:
    tools = [{"type": "web_search"}, _FILTERED, {"type": "web_search_preview"}, {"type": "web_search"}]
    built = lc.translate_request("openai", "gemini", _pair_body(tools), model="gemini-2.5-flash")
    dropped = {a.field: a.reason for a in built.adaptations if a.field.startswith("$.tools")}
    assert sorted(dropped) == ["$.tools[1]", "$.tools[2]", "$.tools[3]"]
    assert "options unlike" in dropped["$.tools[1]"]
    assert "the same web search" in dropped["$.tools[2]"] and "the same web search" in dropped["$.tools[3]"]
    gemini_tools_accepted(built.body)


def test_decode_request_still_refuses_two_web_searches() -> None:
    """A canonical Request holds one tool of a name: decode_request reads no second one."""
    with pytest.raises(lc.ValidationError) as refused:
        lc.decode_request("openai", _pair_body(PAIRS["two-previews"][0]))
    assert refused.value.path == "$.tools[1].name"


@pytest.mark.parametrize("destination", ["anthropic", "gemini"])
def test_a_dated_tool_before_a_plain_one_is_the_one_sent(destination: str) -> None:
    """The plain ``web_search`` after it was refused (the dated tool took the preview's name)."""
    dated = {"type": "web_search_2025_08_26", "user_location": _PARIS}
    built = lc.translate_request("openai", destination, _pair_body([dated, {"type": "web_search"}]))
    alone = lc.translate_request("openai", destination, _pair_body([dated]))
    assert built.body == alone.body
    assert [(a.field, a.action) for a in built.adaptations if a.field.startswith("tools[1]")] == [
        ("tools[1]", "dropped")
    ]
