"""The body writers' dispatch on a part's exact class (``providers/_part_kinds.py``; red team 47
F03/F04): a part of an exact kind costs no ``isinstance`` (a miss on a msgspec Struct class calls
its metaclass's ``__instancecheck__``), a part of a subclass is still written as the kind it
extends."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._part_kinds import kind_of
from tests.call_counts import calls_made

from ..budget import examples


class _SubText(lc.TextPart, frozen=True):
    """A subclass of each kind a writer dispatches on: written as that kind."""


class _SubThinking(lc.ThinkingPart, frozen=True):
    pass


class _SubCall(lc.ToolCallPart, frozen=True):
    pass


class _SubRefusal(lc.RefusalPart, frozen=True):
    pass


_SUBCLASS = {
    lc.TextPart: _SubText,
    lc.ThinkingPart: _SubThinking,
    lc.ToolCallPart: _SubCall,
    lc.RefusalPart: _SubRefusal,
}


def _answer(parts: list[Any], model: str = "claude-sonnet-4-5") -> lc.Response:
    finish = "tool_call" if any(isinstance(p, lc.ToolCallPart) for p in parts) else "stop"
    return lc.Response("msg_1", model, lc.Message("assistant", tuple(parts)), finish, lc.Usage(10, 5, 15))


def _calls_and_texts(n: int) -> list[Any]:
    return [
        lc.TextPart("see: ") if i % 2 else lc.ToolCallPart(f"call_{i}", "f", {"q": i, "r": "x"})
        for i in range(n)
    ]


def test_kind_of_a_part_is_its_class_or_the_kind_it_subclasses() -> None:
    kinds = (lc.TextPart, lc.ThinkingPart, lc.ToolCallPart)
    assert kind_of(lc.TextPart("a"), kinds) is lc.TextPart
    assert kind_of(_SubThinking(text="a"), kinds) is lc.ThinkingPart
    assert kind_of(_SubCall(id="c", name="f", input={}), kinds) is lc.ToolCallPart
    assert kind_of(lc.RefusalPart(text="no"), kinds) is None


@pytest.mark.parametrize("dialect", ["anthropic", "gemini"])
def test_parts_of_exact_kinds_cost_no_isinstance(dialect: str) -> None:
    """Calls and texts in turn: as many ``isinstance`` calls for 400 parts as for 40 (before: one to
    four a part, each miss ~800 instructions)."""
    answers = [_answer(_calls_and_texts(n)) for n in (40, 400)]
    lc.encode_response(dialect, answers[0])
    counts = [calls_made(lambda r=r: lc.encode_response(dialect, r))["c:isinstance"] for r in answers]
    assert counts[1] == counts[0], counts


_KINDS_DRAWN = st.sampled_from(["text", "thinking", "call", "refusal"])


def _part(kind: str, k: int, text: str) -> Any:
    if kind == "text":
        return lc.TextPart(text)
    if kind == "thinking":
        return lc.ThinkingPart(text)
    if kind == "call":
        return lc.ToolCallPart(f"call_{k}", "f", {"q": text})
    return lc.RefusalPart(text=text or "no")


def _subclassed(part: Any) -> Any:
    sub = _SUBCLASS[type(part)]
    return sub(**{f: getattr(part, f) for f in part.__struct_fields__})


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(st.tuples(_KINDS_DRAWN, st.text(max_size=3), st.booleans()), min_size=1, max_size=6),
    st.sampled_from(["anthropic", "gemini"]),
)
def test_a_part_of_a_subclass_is_written_as_its_kind(
    drawn: list[tuple[str, str, bool]], dialect: str
) -> None:
    """The body of an answer whose parts are partly of subclasses is the body of the same answer of
    the exact classes (the exact class looked up first, ``isinstance`` only for the others). The
    Chat and Responses writers dispatch on the exact class alone and have always left a part of a
    subclass out: not these two."""
    exact = [_part(kind, k, text) for k, (kind, text, _) in enumerate(drawn)]
    mixed = [_subclassed(p) if sub else p for p, (_, _, sub) in zip(exact, drawn, strict=True)]
    try:
        expected: Any = lc.encode_response(dialect, _answer(exact, "m-1"))
    except lc.LmcodecError as exc:
        expected = type(exc)
    try:
        got: Any = lc.encode_response(dialect, _answer(mixed, "m-1"))
    except lc.LmcodecError as exc:
        got = type(exc)
    if isinstance(expected, bytes) and isinstance(got, bytes):
        expected, got = (lc.decode_response(dialect, b) for b in (expected, got))
        expected, got = (lc.replace(r, provider_data=None) for r in (expected, got))
    assert got == expected
