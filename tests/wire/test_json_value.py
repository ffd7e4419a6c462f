"""is_json_value against a plain recursive statement of the strict JSON rule."""

from __future__ import annotations

import enum
import math
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.wire._checks import is_json_value

from ..budget import examples


class _Int(enum.IntEnum):
    ONE = 1


class _Str(str):
    pass


class _Float(float):
    pass


def _reference(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if type(value) is list:
        return all(_reference(v) for v in value)
    if type(value) is dict:
        return all(isinstance(k, str) for k in value) and all(_reference(v) for v in value.values())
    return False


_SCALARS = [None, True, 0, -1, 2**70, 1.5, math.nan, math.inf, "s", _Int.ONE, _Str("x"), _Float(2.0)]
_OTHERS = [_Float(math.inf), (1,), b"x", OrderedDict(a=1), {1: 2}, {_Str("k"): 1}, set()]
_LEAVES = st.sampled_from([*_SCALARS, *_OTHERS])
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
)


@settings(max_examples=examples(800), deadline=None)
@given(value=_VALUES)
def test_is_json_value_is_the_strict_json_rule(value: Any) -> None:
    assert is_json_value(value) == _reference(value)


@pytest.mark.parametrize("value", [[{"a": [1, {"b": math.nan}]}], {"a": {"b": {2: 1}}}, [[[()]]]])
def test_deep_rejections(value: Any) -> None:
    assert not is_json_value(value)
