"""The crossing passes' notes (``_build_common.adaptation``): copied from a template where the checked
constructor would store the arguments as given (JSON values: a Codex body's phases, custom calls,
tools and extensions), equal to the constructor's note, or its error, for every argument."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import adaptation

from ..budget import examples

_ACTIONS = ("dropped", "clamped", "substituted", "client_side", "satisfied", "defaulted")
_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=6)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=8,
)
_VALUES = st.one_of(
    _JSON,
    st.floats(),  # NaN and the infinities: the constructor's error
    st.tuples(st.integers()),  # written as a list, as lm15's json.dumps writes it
    st.lists(st.tuples(st.text(max_size=2)), max_size=2),
    st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),
    st.lists(st.floats(), min_size=1, max_size=2),
)


def _outcome(make: Any) -> tuple[str, Any]:
    try:
        return ("note", make())
    except Exception as error:  # the error's class and words are the outcome
        return (type(error).__name__, str(error))


@settings(max_examples=examples(500), deadline=None)
@given(
    field=st.one_of(st.sampled_from(["$.input[3].phase", ""]), st.text(max_size=4), st.integers()),
    action=st.one_of(st.sampled_from(_ACTIONS), st.just("kept"), st.just(["dropped"])),
    reason=st.one_of(st.just("why"), st.just(""), st.none()),
    asked=_VALUES,
    applied=_VALUES,
)
def test_noted_equals_the_checked_constructor(
    field: Any, action: Any, reason: Any, asked: Any, applied: Any
) -> None:
    expected = _outcome(
        lambda: lc.Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied)
    )
    got = _outcome(lambda: adaptation(field, action, reason, asked, applied))
    assert got == expected
    if got[0] == "note":
        assert type(got[1]) is lc.Adaptation
        assert msgspec.json.encode(got[1]) == msgspec.json.encode(expected[1])
        assert lc.Adaptation(**msgspec.structs.asdict(got[1])) == got[1]  # as the constructor stores it


def test_noted_stores_json_values_as_given() -> None:
    """What the template path stores: the arguments themselves (as the constructor does for JSON)."""
    asked = {"type": "web_search_call", "action": {"query": ["a", 1.5, None]}}
    made = adaptation("$.input[2]", "dropped", "why", asked)
    assert made.asked is asked
    assert made == lc.Adaptation(field="$.input[2]", action="dropped", reason="why", asked=asked)
