"""``surrogate_free_json``: json.dumps's compact text of a value that holds no surrogate code point
(what the Chat writer's ``write_tool_call`` writes without looking for a lone one), else ``None``."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers._compact_json import compact_json, surrogate_free_json

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
