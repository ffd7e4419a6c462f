"""A call whose arguments open an object and go on past its close (`` x``, a second object, ``]``),
streamed to an Anthropic client (red team 40 F03).

The anthropic SDK's MessageStream raised "Unable to parse tool parameter JSON" (the client lost the
whole answer) or read the second object, a value nobody sent. The writer leaves out what follows
the close: the SDK reads the closed object (lm15 reads ``{"partial_json": raw}``: a departure,
docs/writers.md). The oracles: the anthropic SDK's final message, ``json.loads`` of the object, the
protocol checks of ``test_parts_in_order``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.wire import StreamEndEvent

from ..budget import examples
from .test_arguments_non_object import _START, _anthropic_read, _call_events, _cuts, _deltas
from .test_parts_in_order import PROTOCOL_BREAKS
from .test_parts_in_order_chat import CLIENT_ORDER

pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")

# (the object's text, what follows its close)
PAST_THE_CLOSE = [
    ('{"a":1}', " x"),
    ('{"a":1}', '{"b":2}'),
    ('{"a":1}', "]"),
    ('{"a":"}"}', " \n,"),
    (' {"a":[1,{"b":"\\""}]}', "}"),
]


@pytest.mark.parametrize("path", ["translate", "encode"])
@pytest.mark.parametrize(("text", "past"), PAST_THE_CLOSE)
def test_text_past_the_objects_close_is_left_out(path: str, text: str, past: str) -> None:
    """Whole, cut at the close, cut in two and a character a fragment, alone and followed by text:
    the SDK reads the closed object (it raised, or read the second one), the protocol holds."""
    value = json.loads(text)
    for fragments in [[text, past], *_cuts(text + past)]:
        for after, also in (([], []), ([{"content": "done"}], [("text", "done")])):
            body = _anthropic_read(path, fragments, after)
            assert PROTOCOL_BREAKS["anthropic"](body) == []
            assert CLIENT_ORDER["anthropic"](body) == [("call", "f", value), *also]


def test_whitespace_after_the_close_is_written_as_it_came() -> None:
    """Whitespace after the close keeps the arguments JSON: written fragment for fragment as before."""
    events = [_START, *_call_events('{"a":', "1} ", "\n"), StreamEndEvent()]
    body = b"".join(lc.stream.encode("anthropic", events))
    assert [d for d in _deltas(body) if d[0] == "input"] == [
        ("input", '{"a":'),
        ("input", "1} "),
        ("input", "\n"),
    ]


def test_the_closing_fragment_is_cut_at_the_close() -> None:
    events = [_START, *_call_events('{"a":', "1} x", "{}", " "), StreamEndEvent()]
    body = b"".join(lc.stream.encode("anthropic", events))
    assert [d for d in _deltas(body) if d[0] == "input"] == [
        ("input", '{"a":'),
        ("input", "1}"),
        ("input", " "),
    ]
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"a": 1})]


_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text('ab{}[]"\\:, ', max_size=4),
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text('ab{}"\\', max_size=3), inner, max_size=2)
    ),
    max_leaves=5,
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.text('ab{}"\\', max_size=3), _VALUE, min_size=1, max_size=3),
    st.text(' x{}[]"\\,:1\n', max_size=5),
    st.booleans(),
)
def test_any_object_then_any_text_cut_anywhere_is_read_as_the_object(
    value: dict[str, Any], past: str, spaced: bool
) -> None:
    """Any JSON object followed by any text, cut in two at every point (inside strings, escapes,
    brackets, at the close and past it): the anthropic SDK's MessageStream reads the object."""
    text = json.dumps(value, separators=None if spaced else (",", ":")) + past
    for cut in range(1, len(text)):
        body = _anthropic_read("encode", [text[:cut], text[cut:]], [])
        assert CLIENT_ORDER["anthropic"](body) == [("call", "f", value)], (text, cut)
