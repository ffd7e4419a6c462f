"""The proven construction path (``providers/_proven_parts.py``) against the checked constructor it
stands in for, and a Gemini body of many parts read through it against lm15's ``parse_response``
(red team 25 F07: one checked constructor call and one walk of the args per call).

A proven part must be what the checked constructor builds from the same arguments (equal, the
same canonical bytes, the same repr, the input the very dict given), for every input a strict
JSON decode can give; arguments the cheap type tests reject go through the checked constructor,
so they raise what it raises."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._proven_parts import proven_signature, proven_text, proven_thinking, proven_tool_call

from ..budget import examples
from .provider_support import check_body_value

_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12) | st.sampled_from(
    ["", "\u00e9\u00fc", "\U0001f680", "\u2028", "\\", '"', "\x00", "null", "1e400"]
)
_FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from([-0.0, 5e-324, 1e308, 1e16])
_SCALARS = st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | _FLOATS | _TEXT
_ARGS = st.dictionaries(
    _TEXT,
    st.recursive(
        _SCALARS,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
        max_leaves=20,
    ),
    max_size=5,
)
_STATES = st.lists(
    st.builds(lambda v: lc.ContinuationState("gemini", "thought_signature", {"value": v}), _TEXT), max_size=2
)
_CONTINUATION = st.one_of(
    st.just(()),
    _STATES.map(tuple),
    _STATES,  # a list: the checked constructor makes it a tuple
    st.just(("not a state",)),
)
_NAMES = st.one_of(_TEXT, st.just(""), st.integers(), st.none())


def _outcome(build: Any) -> Any:
    try:
        return build()
    except Exception as exc:  # the checked constructor's refusal, compared by type and words
        return (type(exc), str(exc))


def _same_part(proven: Any, checked: Any) -> None:
    assert type(proven) is type(checked)
    if isinstance(checked, tuple):  # both refused, alike
        assert proven == checked
        return
    assert proven == checked
    assert repr(proven) == repr(checked)
    assert lc.encode(proven) == lc.encode(checked)
    assert lc.decode(lc.encode(proven), lc.Part) == checked


@settings(max_examples=examples(400), deadline=None)
@given(_ARGS, _NAMES, _NAMES, _CONTINUATION)
def test_a_proven_tool_call_is_the_checked_constructor_s(
    drawn: dict[str, Any], call_id: Any, name: Any, continuation: Any
) -> None:
    """Nested, unicode, big-integer, float, empty and null args, as msgspec decodes them (what the
    body readers hand over), with ids, names and continuations of every kind."""
    value = msgspec.json.decode(json.dumps(drawn))
    proven = _outcome(lambda: proven_tool_call(call_id, name, value, continuation))
    checked = _outcome(lambda: lc.ToolCallPart(id=call_id, name=name, input=value, continuation=continuation))
    _same_part(proven, checked)
    if isinstance(checked, lc.ToolCallPart):
        assert proven.input is value  # the dict given (provider_data shares it, as in lm15)


@settings(max_examples=examples(200), deadline=None)
@given(_TEXT, _STATES.map(tuple))
def test_proven_text_thinking_and_signature_are_the_checked_constructor_s(text: str, states: Any) -> None:
    _same_part(proven_text(text, states), lc.TextPart(text=text, continuation=states))
    _same_part(proven_thinking(text, states), lc.ThinkingPart(text=text, continuation=states))
    _same_part(proven_text(text), lc.TextPart(text=text))
    state = proven_signature("gemini", "thought_signature", text)
    assert state == lc.ContinuationState("gemini", "thought_signature", {"value": text})
    assert lc.encode(state) == lc.encode(lc.ContinuationState("gemini", "thought_signature", {"value": text}))


def _call(args: Any, call_id: Any, signature: Any, on_call: bool) -> dict[str, Any]:
    fc: dict[str, Any] = {"name": "lookup", "args": args}
    if call_id is not None:
        fc["id"] = call_id
    part: dict[str, Any] = {"functionCall": fc}
    if signature is not None:
        (fc if on_call else part)["thoughtSignature"] = signature
    return part


_SIGNATURES = st.none() | st.sampled_from(["", "c2ln", 7])
_PARTS = st.one_of(
    st.builds(
        lambda t, s: {"text": t} if s is None else {"text": t, "thoughtSignature": s}, _TEXT, _SIGNATURES
    ),
    st.builds(lambda t: {"text": t, "thought": True, "thoughtSignature": "c2ln"}, _TEXT),
    st.builds(
        _call,
        _ARGS | st.sampled_from([None, [], "x", 3]),
        st.none() | st.sampled_from(["", "call_1", 0, 12]),
        _SIGNATURES,
        st.booleans(),
    ),
    st.sampled_from([{"text": None}, {"text": 5}, {"thought": True}, {"functionCall": {"args": {}}}]),
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(_PARTS, min_size=1, max_size=12), st.booleans())
def test_a_gemini_body_of_many_parts_is_lm15_s(parts: list[dict[str, Any]], non_finite: bool) -> None:
    """Text, thought and call parts in any mix (odd args, ids, signatures, a nameless call) read as
    lm15 reads them; with a NaN in the body (only ``json.loads`` reads it) the checked path runs."""
    if non_finite:  # NaN in the first call's dict args: only json.loads reads it
        calls = [p["functionCall"] for p in parts if isinstance(p.get("functionCall", {}).get("args"), dict)]
        if calls:
            calls[0]["args"] = {**calls[0]["args"], "nan": float("nan")}
    body = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8},
        "modelVersion": "gemini-2.5-flash",
        "responseId": "r1",
    }
    check_body_value("gemini", json.dumps(body).encode())
