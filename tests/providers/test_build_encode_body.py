"""``_build_common.encode_body``, every builder's body encoder: the compact JSON msgspec writes, in
insertion order, for any payload and in any order of sizes (it kept a pooled buffer once: a small
body after a large one must not carry the large one's bytes), and lm15's refusal of a lone
surrogate."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import encode_body

from ..budget import examples

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=("Cs",))),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.dictionaries(st.text(max_size=8), _JSON, max_size=6), min_size=1, max_size=4))
def test_the_body_is_msgspecs_compact_json_in_any_order_of_sizes(payloads: list[dict[str, Any]]) -> None:
    big = {"messages": ["x" * 70_000]}
    for payload in [big, *payloads, big, *payloads]:
        assert encode_body(payload) == msgspec.json.encode(payload)


def test_a_lone_surrogate_is_refused_with_lm15s_message() -> None:
    with pytest.raises(lc.ValidationError, match=r"lone surrogate U\+D800"):
        encode_body({"messages": [{"role": "user", "content": "a\ud800b"}]})
