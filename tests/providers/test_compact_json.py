"""``surrogate_free_json``: json.dumps's compact text of a value that holds no surrogate code point
(what the Chat writer's ``write_tool_call`` writes without looking for a lone one), else ``None``."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers._compact_json import _scanned, _spelled, compact_json, surrogate_free_json

from ..budget import examples

_TEXT = st.text(st.characters(), max_size=12) | st.sampled_from(
    ["\ud800", "\udfff\ud800", "\ud83d\ude00", "\x7f", "\u2028", '\\"', "\\u00e9", "\xe9\U0001f680", "1e5"]
)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_TEXT, inner, max_size=5),
    max_leaves=30,
)


def _holds_a_surrogate(value: Any) -> bool:
    if isinstance(value, str):
        return any("\ud800" <= c <= "\udfff" for c in value)
    if isinstance(value, list):
        return any(map(_holds_a_surrogate, value))
    if isinstance(value, dict):
        return any(_holds_a_surrogate(k) or _holds_a_surrogate(v) for k, v in value.items())
    return False


@settings(max_examples=examples(500), deadline=None)
@given(_VALUES)
@example({"text": 'caf\u00e9 \U0001f600 "q" \\ line\n', "i": 2**70})
@example(["\ud83d\ude00"])
def test_the_text_is_json_dumps_where_no_string_holds_a_surrogate(value: Any) -> None:
    text = surrogate_free_json(value)
    if _holds_a_surrogate(value):
        assert text is None
    else:
        assert text == json.dumps(value, separators=(",", ":")) == compact_json(value)


_FLOAT_SPELLINGS = [1e-05, -1e-07, 1e16, 1e22, 1.5e300, 5e-324, 0.0001, 0.00001, 10.00001, 1e15, -0.0, 2.5]


@settings(max_examples=examples(500), deadline=None)
@given(_VALUES)
@example({"q": "e5 1e5 0.00001", "n": 1.5})  # exponent-like text in a string, a float msgspec spells alike
@example({"a": [{"b": 1e-05}], "c": "x"})  # a float deep inside that json.dumps spells otherwise
@example([1e16, 2.5])
@example({"x": 10.00001, "y": -0.0})
def test_the_float_read_agrees_with_the_text_search(value: Any) -> None:
    """The fast test (msgspec's text read back, each float literal seen by a hook) against the
    search of the whole text it replaced (``_scanned``): the same text, json.dumps's."""
    try:
        encoded = msgspec.json.encode(value)
    except (msgspec.EncodeError, UnicodeEncodeError):  # (a surrogate: neither is asked)
        return
    if not encoded.isascii() or encoded[0] in b"-0123456789" or 0x7F in encoded:
        return  # (the cases both leave to another way)
    expected = json.dumps(value, separators=(",", ":"))
    assert _spelled(encoded, value) == _scanned(encoded, value) == expected


def test_every_float_spelling_is_json_dumps_inside_a_value() -> None:
    for number in _FLOAT_SPELLINGS:
        for value in ({"v": number}, [number, "e1"], {"a": {"b": [number]}}):
            assert surrogate_free_json(value) == json.dumps(value, separators=(",", ":")), value
