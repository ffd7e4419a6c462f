"""NaN / +-Infinity from llm's objects and dicts (red team 15 F03): lc.llm.from_llm and
from_builtins of json.loads' dicts kept a plain float("nan"), which lc.llm.encode wrote ``null`` (an
option ``temperature: NaN`` then read as "not set"); llm's json.dumps writes ``NaN`` /
``Infinity``, as lc.llm.decode + encode of that very text already did. Now written as llm writes it."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import lmcodec.llm as L

from .llm_support import llm, needs_llm

RECORD = (
    '{"model":"m","prompt":{"messages":[{"role":"user","parts":[{"type":"text","text":"q",'
    '"provider_metadata":{"p":{"v":-Infinity}}}]}],"options":{"temperature":NaN,"x":[1,Infinity]}},'
    '"messages":[{"role":"assistant","parts":[{"type":"text","text":"x","provider_metadata":{"g":{"s":Infinity}}},'
    '{"type":"tool_call","name":"f","arguments":{"x":NaN,"y":[Infinity,-Infinity]},"tool_call_id":"c"}],'
    '"provider_metadata":{"m":{"n":NaN}}}],'
    '"usage":{"input":1,"details":{"x":NaN}}}'
)


def _llm_dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def test_from_builtins_of_a_record_llm_wrote() -> None:
    record = json.loads(RECORD)
    assert L.encode(L.from_builtins(record, L.Response)) == _llm_dumps(record) == RECORD.encode()
    assert L.encode(L.decode(RECORD.encode(), L.Response)) == RECORD.encode()


def test_from_builtins_leaves_the_callers_dicts_alone() -> None:
    record = json.loads(RECORD)
    L.from_builtins(record, L.Response)
    assert type(record["prompt"]["options"]["temperature"]) is float
    assert type(record["messages"][0]["parts"][1]["arguments"]["x"]) is float


@needs_llm
def test_from_llm_of_parts_and_messages() -> None:
    lp = llm.parts
    call = lp.ToolCallPart(name="f", arguments=json.loads('{"x": NaN, "y": [Infinity, -Infinity]}'))
    text = lp.TextPart("x", provider_metadata={"g": {"s": float("inf")}})
    message = lp.Message("assistant", [call, text], provider_metadata={"m": float("nan")})
    for obj in (call, text, message):
        assert L.encode(L.from_llm(obj)) == _llm_dumps(obj.to_dict())


@needs_llm
def test_from_llm_of_a_response_with_a_nan_option(mock_model: Any) -> None:
    response = mock_model.prompt("hi", temperature=float("nan"))
    written = L.encode(L.from_llm(response))
    assert written == _llm_dumps(response.to_dict())
    assert b'"temperature":NaN' in written


_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
)
_values = st.recursive(
    _leaves,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)
_payloads = st.dictionaries(st.text(min_size=1, max_size=3), _values, min_size=1, max_size=3)


@given(arguments=_payloads, metadata=_payloads, options=_payloads, details=_payloads)
def test_any_float_is_written_as_llms_json_dumps_writes_it(
    arguments: dict[str, Any], metadata: dict[str, Any], options: dict[str, Any], details: dict[str, Any]
) -> None:
    options = {k: v for k, v in options.items() if v is not None}  # llm never writes a None option
    record = {
        "model": "m",
        "prompt": {"messages": [], **({"options": options} if options else {})},
        "messages": [
            {
                "role": "assistant",
                "parts": [
                    {"type": "tool_call", "name": "f", "arguments": arguments, "provider_metadata": metadata}
                ],
            }
        ],
        "usage": {"input": 1, "details": details},
    }
    built = L.from_builtins(record, L.Response)
    # Same JSON value as llm's json.dumps, float spelling aside (1e-07 vs 1e-7: README "Float spelling")
    assert json.dumps(json.loads(L.encode(built))) == json.dumps(record)
