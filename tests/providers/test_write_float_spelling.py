"""Tool-call ``arguments`` and DataPart text written by ``lc.encode_response`` (red team 9 F04): JSON
carried *inside a string*, whose spelling is part of the string's value, is spelled as lm15's
``json.dumps`` spells it (README "Float spelling"), as ``build_request`` writes the same call or
DataPart: ``1.5e-07``, ``1e+16``, and ``\\u00e9`` in arguments (ASCII escapes) where msgspec wrote
``1.5e-7``, ``1e16``, raw ``é``. A gateway's answer and the request it builds from the client's
echo of it then carry the same string."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

_FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1.5e-7, 1e16, 1e22, 0.00001, -1e-5, 10.00001, 5e-324, -0.0]
)
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | _FLOATS
    | st.text(max_size=6)
    | st.sampled_from(["é", "\u2028"])
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=20,
)


def _answer(*parts: Any) -> lc.Response:
    return lc.Response(
        id="r1",
        model="m-1",
        message=lc.Message(role="assistant", parts=parts),
        finish_reason="stop",
        usage=lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3),
    )


def _arguments(dialect: str, body: bytes) -> str:
    data = json.loads(body)
    if dialect == "openai":
        return next(item["arguments"] for item in data["output"] if item["type"] == "function_call")
    return str(data["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"])


def _data_text(dialect: str, body: bytes) -> str:
    data = json.loads(body)
    if dialect == "openai":
        return str(data["output"][0]["content"][0]["text"])
    if dialect == "openai_chat":
        return str(data["choices"][0]["message"]["content"])
    if dialect == "anthropic":
        return str(data["content"][0]["text"])
    return str(data["candidates"][0]["content"]["parts"][0]["text"])


@pytest.mark.parametrize("dialect", ["openai", "openai_chat"])
def test_the_red_team_arguments_are_spelled_as_json_dumps(dialect: str) -> None:
    call = lc.ToolCallPart(id="call_1", name="f", input={"x": 1.5e-7, "big": 1e16, "s": "é"})
    text = _arguments(dialect, lc.encode_response(dialect, _answer(call)))
    assert text == '{"x":1.5e-07,"big":1e+16,"s":"\\u00e9"}' == json.dumps(call.input, separators=(",", ":"))


@settings(max_examples=examples(80), deadline=None)
@given(value=st.dictionaries(st.text(max_size=4), _VALUES, max_size=4))
def test_arguments_equal_those_build_request_writes(value: dict[str, Any]) -> None:
    call = lc.ToolCallPart(id="call_1", name="f", input=value)
    history = lc.Request(
        model="m-1", messages=(lc.Message.user("hi"), lc.Message(role="assistant", parts=[call]))
    )
    built = json.loads(lc.build_request("openai_chat", history).body)["messages"][1]["tool_calls"][0]
    for dialect in ("openai", "openai_chat"):
        text = _arguments(dialect, lc.encode_response(dialect, _answer(call)))
        assert text == built["function"]["arguments"] == json.dumps(value, separators=(",", ":"))


@settings(max_examples=examples(60), deadline=None)
@given(value=_VALUES)
def test_data_part_text_equals_the_text_build_request_writes(value: Any) -> None:
    part = lc.DataPart(value=value)
    history = lc.Request(
        model="m-1", messages=(lc.Message.user("hi"), lc.Message(role="assistant", parts=[part]))
    )
    built = json.loads(lc.build_request("anthropic", history).body)["messages"][1]["content"]
    expected = built if isinstance(built, str) else built[0]["text"]
    assert expected == json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    for dialect in ("openai", "openai_chat", "anthropic", "gemini"):
        assert _data_text(dialect, lc.encode_response(dialect, _answer(part))) == expected, dialect
