"""The check of an lc.llm constructor's payload values (``_json_values.is_json``): msgspec's round
trip first, json's C encoder (``dumps_accepts``, llm's own writer) for what does not read back
equal. The two agree on every value, and a constructor answers alike whichever judges: the same
value kept, or the same error at the same path (leftover 11 made the check; this one its cost)."""

from __future__ import annotations

import datetime
import decimal
import enum
import uuid
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec.llm as L
from lmcodec.llm import _json_values, _struct

from ..budget import examples


class _Level(enum.IntEnum):
    LOW = 1


class _Colour(enum.Enum):
    RED = "red"


_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=2**63, max_value=2**80),
    st.floats(),
    st.text(),
    st.sampled_from(["\ud800", "a\udfffb"]),
    st.binary(max_size=4),
    st.dates(),
    st.datetimes(),
    st.decimals(allow_nan=False, allow_infinity=False),
    st.uuids(),
    st.sampled_from([_Level.LOW, _Colour.RED]),
    st.frozensets(st.integers(), max_size=2),
)
_KEYS = st.one_of(
    st.text(max_size=3), st.integers(), st.booleans(), st.none(), st.floats(), st.tuples(st.integers())
)

_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(_KEYS, inner, max_size=3),
        st.dictionaries(st.text(max_size=3), inner, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=examples(1500), deadline=None)
@given(_VALUES)
def test_the_round_trip_judges_every_value_as_llms_writer_does(value: Any) -> None:
    assert _json_values.is_json(value) == _json_values.dumps_accepts(value)


def _outcome(build: Any) -> Any:
    """What the constructor gives: its refusal, or what the built value writes (or the encoder's
    refusal: a ``None`` key is JSON to json.dumps, not to msgspec)."""
    try:
        built = build()
    except Exception as exc:
        return "refused", type(exc), str(exc)
    try:
        return "built", L.encode(built)
    except Exception as exc:
        return "built, not written", type(exc), str(exc)


def _message(value: Any) -> Any:
    return lambda: L.Message(
        "assistant",
        [
            L.TextPart(text="t", provider_metadata={"p": value}),
            L.ToolCallPart(name="f", arguments={"a": value}),
        ],
    )


@settings(max_examples=examples(500), deadline=None)
@given(_VALUES)
def test_a_constructor_answers_as_with_llms_writer_as_the_check(value: Any) -> None:
    fast = _outcome(_message(value))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_struct, "is_json", _json_values.dumps_accepts)
        exact = _outcome(_message(value))
    assert fast == exact


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"a": [1, 2.5, "s", None, True]}, True),
        ({"a": float("nan")}, False),
        ([float("inf")], False),
        ({"b": b"x"}, False),
        ({1: "int key, which json.dumps writes as a string"}, True),
        ((1, "a tuple, which json.dumps writes as an array"), True),
        ({"when": datetime.date(2026, 1, 1)}, False),
        ([decimal.Decimal("1.5")], False),
        ([uuid.UUID(int=1)], False),
        ([_Level.LOW], True),
        ([_Colour.RED], False),
        ({"set": {1}}, False),
        ("\ud800", True),
    ],
    ids=repr,
)
def test_what_llms_writer_takes(value: Any, expected: bool) -> None:
    assert _json_values.is_json(value) is expected
    assert _json_values.dumps_accepts(value) is expected
