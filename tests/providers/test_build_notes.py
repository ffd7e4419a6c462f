"""The builders' adaptation notes (``_build_common.note``): copied from a template where the checked
constructor would store the arguments as given, equal to the constructor's note everywhere (red team
17 F04: the constructor was two thirds of an Anthropic build whose max_tokens lm15 defaults)."""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import note, note_template, note_with

from ..budget import examples
from .request_support import assert_same_build

_ACTIONS = ("dropped", "clamped", "substituted", "client_side", "satisfied", "defaulted")
_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),  # NaN and the infinities included: the constructor's error
    st.text(max_size=8),
    st.tuples(st.integers()),  # written as a list, as lm15's json.dumps writes it
    st.lists(st.floats(allow_nan=True), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),
)


def _outcome(make: Any) -> tuple[str, Any]:
    try:
        notes: list[Any] = []
        made = make(notes)
        return ("note", notes[0] if made is None else made)
    except Exception as error:  # the error's class and words are the outcome
        return (type(error).__name__, str(error))


@settings(max_examples=examples(400), deadline=None)
@given(
    field=st.one_of(st.sampled_from(["config.max_tokens", ""]), st.text(max_size=4), st.integers()),
    action=st.one_of(st.sampled_from(_ACTIONS), st.just("kept"), st.just(["dropped"])),
    reason=st.one_of(st.just("why"), st.just(""), st.none()),
    asked=_VALUES,
    applied=_VALUES,
)
def test_note_equals_the_checked_constructor(
    field: Any, action: Any, reason: Any, asked: Any, applied: Any
) -> None:
    """For every argument, the note is the checked constructor's (or its error, in its words)."""
    expected = _outcome(
        lambda _: lc.Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied)
    )
    got = _outcome(lambda notes: note(notes, field, action, reason, asked=asked, applied=applied))
    assert got == expected
    if got[0] == "note":
        assert type(got[1]) is lc.Adaptation
        assert lc.encode(got[1]) == lc.encode(expected[1])


@settings(max_examples=examples(400), deadline=None)
@given(
    field=st.text(min_size=1, max_size=6),
    action=st.sampled_from(_ACTIONS),
    reason=st.text(min_size=1, max_size=6),
    asked=_VALUES,
    applied=_VALUES,
)
@example(field="f", action="dropped", reason="r", asked=0.5, applied=float("nan"))
@example(field="f", action="clamped", reason="r", asked=float("-inf"), applied=1.0)
@example(field="f", action="dropped", reason="r", asked=[1.0, float("inf")], applied=None)
def test_a_template_note_equals_the_checked_constructor(
    field: str, action: Any, reason: str, asked: Any, applied: Any
) -> None:
    """A call site's template copied with a build's values (``note_with``, the fast path of the
    builders' usual notes) is the checked constructor's note, or its error in its words: NaN and
    the infinities, tuples and non-str keys go through the constructor."""
    template = note_template(field, action, reason)
    expected = _outcome(
        lambda _: lc.Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied)
    )
    got = _outcome(lambda notes: note_with(notes, template, asked, applied))
    assert got == expected
    if got[0] == "note":
        assert type(got[1]) is lc.Adaptation
        assert lc.encode(got[1]) == lc.encode(expected[1])


def test_defaulted_max_tokens_is_noted_without_the_checked_constructor() -> None:
    """An Anthropic build with no max_tokens records lm15's ``defaulted`` note without walking its
    values (``is_json_value``, the checked constructor's ~3.5 us), and builds what lm15 builds."""
    request = lc.Request(model="claude-sonnet-4-5", messages=(lc.Message.user("hi"),))
    outcome = assert_same_build("anthropic", request)
    assert outcome.adaptations is not None
    assert [a["action"] for a in outcome.adaptations] == ["defaulted"]
    lc.build_request("anthropic", request)  # warm: the constructors are compiled on first use
    called: list[str] = []

    def profile(frame: FrameType, event: str, _: Any) -> None:
        if event == "call":
            called.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        built = lc.build_request("anthropic", request)
    finally:
        sys.setprofile(None)
    assert [a.action for a in built.adaptations] == ["defaulted"]
    assert "is_json_value" not in called
