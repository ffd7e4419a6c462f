"""assemble(decode("gemini")) of function calls that arrive whole (red team 13 F05): the Assembler
takes a call's decoded ``args`` (``Sink.tool_call_value``) instead of their text written by
``compact_json`` and parsed again; the Response is the one the event path (each call's text as a
ToolCallDelta, joined and parsed) assembles, slots that several fragments share included."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini import stream as gemini_stream

from ..budget import examples

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=6,
)
_call = st.builds(
    lambda name, args, call_id: {"functionCall": {"name": name, **args, **call_id}},
    st.sampled_from(["f", "g"]),
    st.one_of(st.just({}), _json.map(lambda value: {"args": value})),
    st.one_of(st.just({}), st.sampled_from(["c1", "c2"]).map(lambda v: {"id": v})),
)
_part = _call | st.sampled_from([{"text": "t"}, {"text": "u", "thought": True}])


def _frame(parts: list[dict[str, Any]], last: bool) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    frame: dict[str, Any] = {"candidates": [candidate]}
    if last:
        candidate["finishReason"] = "STOP"
        frame["usageMetadata"] = {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3}
    return frame


def _body(chunks: list[list[dict[str, Any]]]) -> bytes:
    frames = [_frame(parts, i == len(chunks) - 1) for i, parts in enumerate(chunks)]
    return b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames)


def _outcome(read: Any) -> Any:
    try:
        response = read()
    except lc.LmcodecError as exc:
        return type(exc).__name__, str(exc)
    return repr(response)  # reprs tell 1, 1.0 and True apart


def _check(body: bytes) -> None:
    fused = _outcome(lambda: lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST)))
    events = _outcome(
        lambda: lc.assemble(list(lc.stream.decode("gemini", [body], request=REQUEST)), request=REQUEST)
    )
    assert fused == events, body[:300]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.lists(_part, min_size=1, max_size=4), min_size=1, max_size=3))
def test_whole_calls_assemble_as_their_text_does(chunks: list[list[dict[str, Any]]]) -> None:
    """Hypothesis: calls at the same index in several chunks (lm15 joins their text), args of any
    JSON type (a non-object: ``{"value": args}``), no args, ids or none, beside text and thoughts."""
    _check(_body(chunks))


@pytest.mark.parametrize(
    "chunks",
    [
        [
            [{"functionCall": {"name": "f", "args": {"a": 1}}}],
            [{"functionCall": {"name": "f", "args": {"b": 2}}}],
        ],
        [
            [
                {"functionCall": {"name": "f", "args": {"a": 1}}},
                {"functionCall": {"name": "g", "args": [1, -0.0]}},
            ]
        ],
        [[{"functionCall": {"name": "f", "args": {"x": 1e300, "y": 2**70, "z": "é\u007f"}}}]],
        [[{"functionCall": {"name": "f"}}], [{"functionCall": {"name": "f", "args": None}}]],
    ],
)
def test_calls_that_share_a_slot_or_odd_values(chunks: list[list[dict[str, Any]]]) -> None:
    _check(_body(chunks))


def test_a_whole_call_is_not_written_as_text_for_the_assembler(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: every call's args written by compact_json (encode + regex) and parsed again (~2.5 us
    a call, 4.5-7x the floor for a chunk of 1,000 calls)."""

    def refuse(value: Any) -> str:
        raise AssertionError("args written as text")

    monkeypatch.setattr(gemini_stream, "compact_json", refuse)
    calls = [{"functionCall": {"name": "f", "args": {"a": i}}} for i in range(50)]
    response = lc.assemble(lc.stream.decode("gemini", [_body([calls])], request=REQUEST))
    assert [call.input for call in response.tool_calls] == [{"a": i} for i in range(50)]
