"""``crossing.survey``: the one pass over a Request's parts that says which of ``translate_request``'s
later passes (content losses, parts left out, Anthropic's tool ids, repeated call ids) may change
something. Each pass it finds nothing for must give the request back as it is, with no note: the
differential test runs every pass on requests of every kind of part and checks the survey's word
against what the pass does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._crossing_parts import parts_out
from lmcodec.providers._crossing_settings import reasoning_extensions_in, service_tier_out, stops_out
from lmcodec.providers._crossing_tools import hosted_tools_out
from lmcodec.providers._tool_ids import anthropic_tool_ids_out, unique_tool_ids_out
from lmcodec.providers._tool_names import tool_names_out

from ..budget import examples
from .request_support import canonical_requests, rich_requests

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
_IDS = st.sampled_from(["call_1", "call_2", "call_1", "functions.get_weather:0", "toolu 7", "c-3"])
_STATE = lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "s"})


@st.composite
def _varied(draw: st.DrawFn, request: lc.Request) -> lc.Request:
    """``request`` with some call ids respelled (repeated, or outside Anthropic's alphabet, the
    results with their calls), an empty text part beside some text, some text given continuation
    state."""
    renamed: dict[str, str] = {}
    messages = []
    for message in request.messages:
        parts: list[Any] = []
        part: Any
        for part in message.parts:
            if type(part) in (lc.ToolCallPart, lc.ToolResultPart) and draw(st.booleans()):
                new = renamed.setdefault(part.id, draw(_IDS))
                part = lc.replace(part, id=new)
            elif type(part) is lc.TextPart and message.role != "tool":
                change = draw(st.integers(0, 5))
                if change == 0:  # an empty text beside the message's own
                    parts.append(lc.TextPart(text=""))
                elif change == 1:
                    part = lc.replace(part, continuation=(_STATE,))
            parts.append(part)
        messages.append(lc.replace(message, parts=tuple(parts)))
    try:
        return lc.replace(request, messages=tuple(messages))
    except (TypeError, ValueError):  # an empty text where a message must hold one
        return request


def _requests() -> st.SearchStrategy[lc.Request]:
    plain = st.one_of(
        *(rich_requests(provider) for provider in ("anthropic", "gemini")),
        *(canonical_requests(provider) for provider in ("anthropic", "gemini")),
    )
    return plain.flatmap(_varied)


def _unchanged(outcome: tuple[lc.Request, tuple[lc.Adaptation, ...]], request: lc.Request) -> bool:
    changed, notes = outcome
    return changed == request and notes == ()


@settings(max_examples=examples(100), deadline=None)
@given(_requests(), st.sampled_from(DIALECTS), st.sampled_from(DIALECTS))
def test_each_pass_the_survey_passes_over_changes_nothing(
    request: lc.Request, source: str, destination: str
) -> None:
    found = crossing.survey(request)
    assert found.kinds == {type(part) for message in request.messages for part in message.parts}
    if not found.judged:
        assert crossing.content_losses(source, destination, request) == ()
    if lc.ThinkingPart not in found.kinds and not found.empty_text:
        assert _unchanged(parts_out(destination, request), request)
    if not found.odd_ids:
        assert _unchanged(anthropic_tool_ids_out(request), request)
    if not found.repeated_calls:
        for refusing in ("anthropic", "openai"):
            assert _unchanged(unique_tool_ids_out(refusing, request), request)


@settings(max_examples=examples(100), deadline=None)
@given(_requests())
def test_the_survey_finds_what_each_pass_changes(request: lc.Request) -> None:
    """The other way round, as a check that the strategy reaches every kind of change."""
    found = crossing.survey(request)
    if crossing.content_losses("openai", "anthropic", request):
        assert found.judged
    if not _unchanged(anthropic_tool_ids_out(request), request):
        assert found.odd_ids
    if not _unchanged(unique_tool_ids_out("anthropic", request), request):
        assert found.repeated_calls


@pytest.mark.hypothesis
def test_the_strategy_reaches_every_change() -> None:
    """Each flag is found set (and the pass it gates changes the request) on some drawn request."""
    seen: set[str] = set()

    @settings(max_examples=examples(200, at_least=200), deadline=None, database=None)
    @given(_requests())
    def collect(request: lc.Request) -> None:
        found = crossing.survey(request)
        if found.judged and crossing.content_losses("openai", "anthropic", request):
            seen.add("judged")
        thinking = lc.ThinkingPart in found.kinds
        if found.empty_text and not thinking and not _unchanged(parts_out("anthropic", request), request):
            seen.add("empty_text")
        if found.odd_ids and not _unchanged(anthropic_tool_ids_out(request), request):
            seen.add("odd_ids")
        if found.repeated_calls and not _unchanged(unique_tool_ids_out("openai", request), request):
            seen.add("repeated_calls")

    collect()
    assert seen == {"judged", "empty_text", "odd_ids", "repeated_calls"}


def test_the_usual_request_needs_none_of_the_passes() -> None:
    """The benchmark's Chat request (text, tool calls and text results): no pass runs."""
    body = (
        b'{"model":"gpt-4.1-mini","messages":[{"role":"user","content":"hi"},'
        b'{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",'
        b'"function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"call_1","content":"r"}]}'
    )
    found = crossing.survey(lc.decode_request("openai_chat", body))
    assert found.kinds == {lc.TextPart, lc.ToolCallPart, lc.ToolResultPart}
    assert (found.judged, found.empty_text, found.odd_ids, found.repeated_calls) == (
        False,
        False,
        False,
        False,
    )


_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "requests"


def _passes(source: str, destination: str, request: lc.Request) -> list[lc.Request]:
    """The request after each of translate_request's passes over the settings, tools and tool names
    (the order it runs them in)."""
    seen = [request]
    request, _ = reasoning_extensions_in(source, request)
    seen.append(request)
    request, _ = crossing.foreign_extensions_out(source, request, destination)
    seen.append(request)
    for changed in (
        lambda r: service_tier_out(source, destination, r),
        lambda r: stops_out(destination, r),
        lambda r: hosted_tools_out(source, destination, r),
        crossing.openapi_schemas_out,
        tool_names_out,
    ):
        request, _ = changed(request)
        seen.append(request)
    return seen


@pytest.mark.parametrize("source", DIALECTS)
def test_the_passes_before_the_parts_change_nothing_the_survey_finds(source: str) -> None:
    """translate_request surveys the parts once, right after the reading, before the passes over the
    settings, tools and tool names: each must leave what the survey finds as it is, on every
    fixture body and destination."""
    for path in sorted((_FIXTURES / source).glob("*.json")):
        for destination in DIALECTS:
            if destination == source:
                continue
            request = lc.decode_request(source, path.read_bytes(), model=MODELS[destination])
            try:
                seen = _passes(source, destination, request)
            except lc.ValidationError:  # server-side state: the gateway refuses the body
                continue
            found = crossing.survey(request)
            assert [crossing.survey(after) for after in seen] == [found] * len(seen)


def test_renamed_tool_names_leave_the_survey_as_it_was() -> None:
    """Gemini's function names with dots or colons are renamed in the messages too (tool_names_out):
    what the survey finds for the later passes stays as it was."""
    tool = lc.FunctionTool(name="ns.get_weather", parameters={"type": "object", "properties": {}})
    call = lc.ToolCallPart(id="call_1", name="ns.get_weather", input={"city": "Porto"})
    result = lc.ToolResultPart(id="call_1", name="ns.get_weather", content=(lc.TextPart(text="sunny"),))
    request = lc.Request(
        model="gpt-4.1-mini",
        messages=(
            lc.Message(role="user", parts=(lc.TextPart(text="Weather?"),)),
            lc.Message(role="assistant", parts=(call,)),
            lc.Message(role="tool", parts=(result,)),
        ),
        tools=(tool,),
    )
    renamed, notes = tool_names_out(request)
    assert notes and renamed.messages != request.messages
    before, after = crossing.survey(request), crossing.survey(renamed)
    assert after.called == {"ns_get_weather"} and before.called == {"ns.get_weather"}
    # the names themselves are read by tool_names_out alone, before it renames them
    assert msgspec.structs.replace(after, called=before.called) == before
