"""``_crossing_call_turns.response_turns_joined``: the gateway's pass that gives Gemini, Chat and
Anthropic each call turn's results right after it. Its fast way out (the survey's ``answered_in_order`` and
one search of the roles) must give what the full pass gives: the differential below runs both on
conversations of any roles, calls and results (ids repeated, missing, out of order)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.providers._crossing_call_turns import response_turns_joined, turns_regrouped

from ..budget import examples

_IDS = st.sampled_from(["a", "b", "c", "d"])
_ROLES: tuple[lc.Role, ...] = ("user", "assistant", "assistant", "tool", "tool", "developer")
_ASIDE: tuple[lc.Role, ...] = ("user", "developer")
_BETWEEN_RESULTS: tuple[lc.Role, ...] = (*_ASIDE, "assistant")
"""What a client may write between two results of one call turn (an assistant message: rtleft19)."""
_DESTINATIONS = st.sampled_from(("gemini", "openai_chat", "anthropic"))


@st.composite
def _conversations(draw: st.DrawFn) -> lc.Request:
    """Messages of any role: assistant text and calls, tool results, user and developer text."""
    messages: list[lc.Message] = []
    for k in range(draw(st.integers(1, 9))):
        role = draw(st.sampled_from(_ROLES))
        parts: list[Any]
        if role == "assistant":
            parts = [
                lc.ToolCallPart(id=i, name=f"f{i}", input={}) if i else lc.TextPart(text=f"t{k}")
                for i in draw(st.lists(st.one_of(st.just(""), _IDS), min_size=1, max_size=4))
            ]
        elif role == "tool":
            ids = draw(st.lists(_IDS, min_size=1, max_size=3))
            parts = [lc.ToolResultPart(id=i, content=(lc.TextPart(text=f"r{i}"),), name=f"f{i}") for i in ids]
        else:
            parts = [lc.TextPart(text=f"u{k}")]
        messages.append(lc.Message(role=role, parts=tuple(parts)))
    cache = draw(st.none() | st.integers(0, len(messages) - 1))
    config = lc.Config() if cache is None else lc.Config(cache=lc.CacheConfig(prefix_until_index=cache))
    return lc.Request(model="gemini-2.5-flash", messages=tuple(messages), config=config)


def _text(role: lc.Role, text: str) -> lc.Message:
    return lc.Message(role=role, parts=(lc.TextPart(text=text),))


@st.composite
def _tool_loops(draw: st.DrawFn) -> lc.Request:
    """Call rounds of distinct ids, each answered as a client may write it: in order or not, in
    one tool message or several, a user, developer or assistant message among them, the calls in one
    assistant message or several (text between); or answered as Gemini takes them."""
    messages: list[lc.Message] = [_text("user", "go")]
    for r in range(draw(st.integers(1, 4))):
        calls = [lc.ToolCallPart(id=f"c{r}{k}", name="f", input={}) for k in range(draw(st.integers(1, 3)))]
        usual = draw(st.booleans())
        cut = 0 if usual else draw(st.integers(0, len(calls) - 1))
        messages.append(lc.Message(role="assistant", parts=tuple(calls[: cut or None])))
        if cut:
            if draw(st.booleans()):
                messages.append(_text("assistant", "and"))
            messages.append(lc.Message(role="assistant", parts=tuple(calls[cut:])))
        order = list(range(len(calls))) if usual else draw(st.permutations(range(len(calls))))
        results = [lc.ToolResultPart(id=calls[k].id, content=(lc.TextPart(text="r"),)) for k in order]
        split = 0 if usual else draw(st.integers(0, len(results) - 1))
        messages.append(lc.Message(role="tool", parts=tuple(results[: split or None])))
        if split:
            between = draw(st.none() | st.sampled_from(_BETWEEN_RESULTS))
            if between is not None:
                messages.append(_text(between, "meanwhile"))
            messages.append(lc.Message(role="tool", parts=tuple(results[split:])))
        if draw(st.booleans()):
            messages.append(_text(draw(st.sampled_from(_ASIDE)), "and?"))
    return lc.Request(model="gemini-2.5-flash", messages=tuple(messages))


@settings(max_examples=examples(800), deadline=None)
@given(_tool_loops(), _DESTINATIONS)
def test_the_fast_way_out_gives_what_the_full_pass_gives(request: lc.Request, destination: str) -> None:
    fast = response_turns_joined(request, crossing.survey(request).answered_in_order, destination)
    assert fast == turns_regrouped(request, destination)


@settings(max_examples=examples(400), deadline=None)
@given(_conversations(), _DESTINATIONS)
def test_the_fast_way_out_gives_what_the_full_pass_gives_on_any_roles(
    request: lc.Request, destination: str
) -> None:
    fast = response_turns_joined(request, crossing.survey(request).answered_in_order, destination)
    assert fast == turns_regrouped(request, destination)


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(_conversations(), _tool_loops()))
def test_every_part_is_sent_once(request: lc.Request) -> None:
    """Joined, moved or ordered, no part is lost or repeated, and no role changes."""
    joined, _ = turns_regrouped(request, "gemini")

    def parts(role: str, of: lc.Request) -> list[Any]:
        return sorted(repr(part) for message in of.messages if message.role == role for part in message.parts)

    for role in ("user", "assistant", "tool", "developer"):
        assert parts(role, joined) == parts(role, request)


def test_a_joined_conversation_s_breakpoint_follows_its_message() -> None:
    messages = (
        lc.Message.user("go"),
        lc.Message(role="assistant", parts=(lc.ToolCallPart(id="a", name="f", input={}),)),
        lc.Message(role="assistant", parts=(lc.ToolCallPart(id="b", name="f", input={}),)),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="a", content=(lc.TextPart(text="1"),)),)),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="b", content=(lc.TextPart(text="2"),)),)),
        lc.Message.user("and?"),
    )
    config = lc.Config(cache=lc.CacheConfig(prefix_until_index=4))
    request = lc.Request(model="gemini-2.5-flash", messages=messages, config=config)
    joined, notes = response_turns_joined(request, crossing.survey(request).answered_in_order, "gemini")
    assert [message.role for message in joined.messages] == ["user", "assistant", "tool", "user"]
    assert joined.config.cache is not None and joined.config.cache.prefix_until_index == 2
    assert notes == ()
