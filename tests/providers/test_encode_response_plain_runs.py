"""``lc.encode_response``'s C-built parts for answers of many plain parts (red team 47 F03): each
fast path against the loop it skips (the same bytes on hypothesis-drawn answers), and the count of
calls it makes not growing with the parts."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import _body_write as anthropic_body
from lmcodec.providers.gemini import _body_write as gemini_body

from ..budget import examples

ENC = msgspec.json.Encoder()

_TEXTS = st.text(max_size=4) | st.sampled_from(["", '",', "\\", "é中😀", "\u2028", "\x00"])
_STATES = st.sampled_from(
    [
        (),
        (lc.ContinuationState("gemini", "thought_signature", {"value": "c2ln"}),),
        (lc.ContinuationState("anthropic", "thinking_signature", {"signature": "EqQB"}),),
        (lc.ContinuationState("openai", "reasoning_item", {"id": "rs_1", "encrypted_content": "gAAA"}),),
    ]
)


class _Subclassed(lc.TextPart, frozen=True):
    """A text part of a subclass: not one of the exact classes a fast path takes."""


def _part(kind: str, text: str, states: Any) -> Any:
    if kind == "text":
        return lc.TextPart(text, continuation=states)
    if kind == "thinking":
        return lc.ThinkingPart(text, continuation=states)
    if kind == "sub":
        return _Subclassed(text=text)
    if kind == "call":
        return lc.ToolCallPart("call_1", "f", {"q": text}, continuation=states)
    return lc.RefusalPart(text=text or "no")


_PLAIN = st.builds(_part, st.sampled_from(["text", "thinking"]), _TEXTS, st.just(()))
_ANY = st.builds(_part, st.sampled_from(["text", "thinking", "text", "thinking", "sub", "call", "refusal"]),
                 _TEXTS, _STATES)  # fmt: skip
_ANSWERS = st.lists(_PLAIN, max_size=8) | st.lists(_ANY, max_size=8)


@settings(max_examples=examples(300), deadline=None)
@given(_ANSWERS)
def test_gemini_plain_parts_are_the_loops(parts: list[Any]) -> None:
    """Gemini: the parts ``plain_parts`` builds in C are written as ``built_parts``' loop writes
    them; it takes every answer of exact text and thinking parts without state, and no other."""
    answer = tuple(parts)
    plain = gemini_body.plain_parts(answer)
    takes = all(type(p) in (lc.TextPart, lc.ThinkingPart) and not p.continuation for p in answer)
    assert (plain is not None) == takes
    if plain is not None:
        built, citations = gemini_body.built_parts(answer)
        assert ENC.encode(plain) == ENC.encode(built)
        assert citations == []


@settings(max_examples=examples(300), deadline=None)
@given(_ANSWERS)
def test_anthropic_plain_blocks_are_the_loops(parts: list[Any]) -> None:
    """Anthropic: the blocks ``plain_blocks`` builds are written as ``built_blocks``' loop writes
    them; it takes every answer of exact text and thinking parts without state, and no other."""
    answer = tuple(parts)
    plain = anthropic_body.plain_blocks(answer)
    takes = all(type(p) in (lc.TextPart, lc.ThinkingPart) and not p.continuation for p in answer)
    assert (plain is not None) == takes
    if plain is not None:
        assert ENC.encode(plain) == ENC.encode(anthropic_body.built_blocks(answer)[0])
        assert anthropic_body.built_blocks(answer)[1:] == (False, False)


def _calls(run: Any) -> int:
    """How many Python and C function calls ``run()`` makes."""
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def _answer(n: int) -> lc.Response:
    parts = tuple(lc.TextPart(f"p{i} ") if i % 2 else lc.ThinkingPart(f"t{i}") for i in range(n))
    message = lc.Message("assistant", parts)
    return lc.Response("resp_1", "gemini-2.5-flash", message, "stop", lc.Usage(10, 5, 15))


@pytest.mark.parametrize("dialect", ["gemini", "anthropic"])
def test_plain_answers_cost_no_call_a_part(dialect: str) -> None:
    """An answer of thinking and text in turn: as many calls for 400 parts as for 40."""
    answers = [_answer(n) for n in (40, 400)]
    lc.encode_response(dialect, answers[0])  # (what a first call sets up once)
    counts = [_calls(lambda r=r: lc.encode_response(dialect, r)) for r in answers]
    assert counts[1] == counts[0], counts


_INERT = lc.ContinuationState("x", "y", {"k": "v"})
"""A state no writer reads: a thinking part holding it takes the Responses writer's loop over its
states (and the carriage's), and is written as one without state."""


def _with_inert_states(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(
        lc.ThinkingPart(p.text, continuation=(*p.continuation, _INERT)) if type(p) is lc.ThinkingPart else p
        for p in parts
    )


@settings(max_examples=examples(200), deadline=None)
@given(_ANSWERS, st.sampled_from(["stop", "length", "tool_call"]))
def test_responses_unsigned_thinking_is_the_loops(parts: list[Any], finish: Any) -> None:
    """Responses: a thinking part without state is written in one step (``UNSIGNED``) as the loop
    over its states and the carriage write it (the same body, its ids and time aside)."""
    from lmcodec.providers.openai import _body_write as responses_body

    def body(answer: tuple[Any, ...]) -> Any:
        message = lc.Message("assistant", answer or (lc.text(""),))
        response = lc.Response("resp_1", "gpt-4.1", message, finish, lc.Usage())
        out = responses_body._body(response)
        out.pop("created_at")
        for item in out["output"]:
            if "id" in item:
                item["id"] = item["id"][:3]
        return ENC.encode(out)

    answer = tuple(p for p in parts if type(p) is not _Subclassed)
    assert body(answer) == body(_with_inert_states(answer))


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(0, 10**7))
def test_responses_item_numbers_are_the_format_specs(n: int) -> None:
    from lmcodec.providers.openai import _body_write as responses_body

    assert responses_body._number(n) == f"{n:04d}"


def _python_calls(run: Any) -> int:
    """How many Python functions ``run()`` calls (C functions left out)."""
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return calls


def test_chat_thinking_without_state_costs_no_python_call_a_part() -> None:
    """Chat: as many Python calls for 400 parts of thinking and text in turn as for 40. Before, each
    thinking part took a call of ``_entries`` (its Anthropic state as ``thinking_blocks`` entries)
    with no state to write: ~1.3k instructions a part."""
    answers = [_answer(n) for n in (40, 400)]
    lc.encode_response("openai_chat", answers[0])
    counts = [_python_calls(lambda r=r: lc.encode_response("openai_chat", r)) for r in answers]
    assert counts[1] == counts[0], counts
