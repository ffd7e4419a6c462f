"""The body writers' call ``arguments`` as msgspec's JSON already quoted (red team 39 F09): the body
written is byte for byte what writing :func:`call_arguments`' text (the stdlib's spelling, the
one-call path) as a str writes, for any input and any number of calls; and the walk
:func:`ascii_without_floats` never passes a value holding a float or a string past ASCII."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.openai._sse_write import ENC, BodyArguments, ascii_without_floats, call_arguments

from ..budget import examples

_TEXT = st.text(alphabet=st.sampled_from('ab"\\\n\x00\x1f\x7f/é😀 0e1.'), max_size=12)
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([1e-7, 1e16, 0.00001, 1.5, 203, 0xCB, 0xCBCB])
    | _TEXT
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=25,
)
_INPUTS = st.dictionaries(_TEXT, _VALUES, max_size=4)


def _float_or_past_ascii(value: Any) -> bool:
    if isinstance(value, float) or (isinstance(value, str) and not value.isascii()):
        return True
    if isinstance(value, dict):
        return any(_float_or_past_ascii(v) for v in [*value, *value.values()])
    if isinstance(value, list):
        return any(_float_or_past_ascii(v) for v in value)
    return False


@settings(max_examples=examples(400))
@given(st.lists(_INPUTS, min_size=1, max_size=6), st.sampled_from(["openai", "openai_chat"]))
def test_settled_arguments_write_the_bytes_of_the_one_call_text(
    inputs: list[dict[str, Any]], provider: str
) -> None:
    arguments = BodyArguments(provider)
    entries: list[dict[str, Any]] = [{"arguments": ""} for _ in inputs]
    for entry, value in zip(entries, inputs, strict=True):
        arguments.put(entry, value)
    arguments.settle()
    one_call = [{"arguments": call_arguments(value, provider)} for value in inputs]
    assert ENC.encode(entries) == ENC.encode(one_call)
    assert [json.loads(e["arguments"]) for e in msgspec_plain(entries)] == [
        json.loads(e["arguments"]) for e in one_call
    ]


def msgspec_plain(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    decoded: list[dict[str, Any]] = json.loads(ENC.encode(entries))
    return decoded


@settings(max_examples=examples(400))
@given(_VALUES)
def test_ascii_without_floats_only_of_values_without_a_float_or_a_non_ascii_string(value: Any) -> None:
    if _float_or_past_ascii(value):
        assert not ascii_without_floats([value], 10**6)


def test_ascii_without_floats_of_plain_values_other_types_and_past_its_budget() -> None:
    assert ascii_without_floats([{"text": "x" * 100_000, "n": 1, "l": [None, True, "\x7f"]}], 100_000)
    assert not ascii_without_floats([{"l": ["é"]}], 10**6)
    assert not ascii_without_floats([{"é": 1}], 10**6)
    assert not ascii_without_floats([{"x": [1, 2.0]}], 10**6)
    assert not ascii_without_floats([(1,)], 512)
    assert not ascii_without_floats(
        [{"a": 1}, {"b": 2}], 1023
    )  # too small to walk: a cautious "maybe"  # not a JSON value's type: a cautious "maybe"
    assert ascii_without_floats([[0] * 100], 101 * 512)
    assert not ascii_without_floats([[0] * 100], 100 * 512)  # past its budget: a cautious "maybe"


def test_a_big_call_written_to_responses_and_chat_carries_lm15_text() -> None:
    value = {"text": 'lorem "ipsum" \\ dolor\n' * 40_000, "n": 1, "f": 1e-7}
    for floats in (False, True):
        args = value if floats else {k: v for k, v in value.items() if k != "f"}
        call = lc.ToolCallPart(id="call_1", name="f", input=args)
        response = lc.Response(
            id="r1",
            model="m",
            message=lc.Message(role="assistant", parts=(call,)),
            finish_reason="tool_call",
            usage=lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3),
        )
        chat = json.loads(lc.encode_response("openai_chat", response))
        assert chat["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"] == json.dumps(
            args, separators=(",", ":")
        )
        responses = json.loads(lc.encode_response("openai", response))
        assert responses["output"][0]["arguments"] == json.dumps(args, separators=(",", ":"))
