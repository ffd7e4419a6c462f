"""``lc.encode_response``'s fast paths for answers of many parts (red team 13 F03), each against
the slow path it skips: the one check of the part types against the refusal walk over every part,
and the one float-spelling check of all the calls' arguments against ``call_arguments`` per call
(lm15's ``json.dumps`` text, README "Float spelling")."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.errors import LmcodecError
from lmcodec.providers import _BODY_WRITERS, _refuse_unwritable_parts
from lmcodec.providers.openai._sse_write import ENC, BodyArguments, call_arguments

from ..budget import examples

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")

_FLOATS = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1.5e-7, 1e16, 1e22, 0.00001, -1e-5, 10.00001, 5e-324, -0.0, 1.0]
)
_LEAVES = (
    st.none() | st.booleans() | st.integers() | _FLOATS | st.text(max_size=5) | st.sampled_from(["é", "\x7f"])
)
_VALUES = st.recursive(
    _LEAVES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)
_INPUTS = st.dictionaries(st.text(max_size=3), _VALUES, max_size=3) | st.sampled_from(
    [{"partial_json": '{"a": 1.5e-7'}, {"partial_json": "[1]"}, {"value": 5}, {}]
)


class _Subclassed(lc.TextPart, frozen=True):
    """A part of a known type's subclass: not one of the exact classes the type check passes."""


_PARTS = st.sampled_from(
    [
        lc.text("hi"),
        lc.thinking("because"),
        lc.tool_call("call_1", "f", {"a": 1}),
        lc.DataPart(value={"k": [1, 2]}),
        lc.RefusalPart(text="no"),
        lc.CitationPart(url="https://example.com", title="t", text="cited"),
        lc.ImagePart(data="iVBORw0KGgo=", media_type="image/png"),
        lc.ImagePart(url="https://example.com/a.png", media_type="image/png"),
        lc.AudioPart(data="UklGRg==", media_type="audio/wav"),
        lc.DocumentPart(url="https://example.com/a.pdf", media_type="application/pdf"),
        lc.UnknownPart({"type": "hologram", "x": 1}),
        _Subclassed(text="sub"),
    ]
)


def _answer(parts: list[Any]) -> lc.Response:
    return lc.Response(
        id="r1",
        model="m-1",
        message=lc.Message(role="assistant", parts=parts),
        finish_reason="stop",
        usage=lc.Usage(input_tokens=1, output_tokens=2),
    )


def _outcome(run: Any) -> tuple[str, str, str] | None:
    try:
        run()
    except LmcodecError as exc:
        return type(exc).__name__, str(exc), str(getattr(exc, "path", ""))
    return None


@settings(max_examples=examples(150), deadline=None)
@given(parts=st.lists(_PARTS, min_size=1, max_size=6), dialect=st.sampled_from(DIALECTS))
def test_the_part_type_check_refuses_what_the_walk_over_every_part_refuses(
    parts: list[Any], dialect: str
) -> None:
    answer = _answer(parts)

    def slow() -> None:
        _refuse_unwritable_parts(dialect, answer.message.parts)
        _BODY_WRITERS[dialect](answer)

    assert _outcome(lambda: lc.encode_response(dialect, answer)) == _outcome(slow)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_an_unwritable_part_after_many_writable_ones_is_refused_at_its_index(dialect: str) -> None:
    parts: list[Any] = [lc.text(f"t{i}") for i in range(500)] + [lc.UnknownPart({"type": "hologram"})]
    with pytest.raises(lc.ValidationError) as refused:
        lc.encode_response(dialect, _answer(parts))
    assert refused.value.path == "$.message.parts[500]"


@settings(max_examples=examples(150), deadline=None)
@given(inputs=st.lists(_INPUTS, max_size=6), provider=st.sampled_from(["openai", "openai_chat"]))
def test_arguments_settled_together_equal_call_arguments_of_each(
    inputs: list[dict[str, Any]], provider: str
) -> None:
    try:
        expected: Any = [ENC.encode(call_arguments(value, provider)) for value in inputs]
    except (LmcodecError, msgspec.EncodeError, UnicodeEncodeError) as exc:
        expected = type(exc)
    entries: list[dict[str, Any]] = [{"arguments": ""} for _ in inputs]
    together = BodyArguments(provider)
    try:
        for entry, value in zip(entries, inputs, strict=True):
            together.put(entry, value)
        together.settle()
        got: Any = [ENC.encode(entry["arguments"]) for entry in entries]
    except (LmcodecError, msgspec.EncodeError, UnicodeEncodeError) as exc:
        got = type(exc)
    assert got == expected


@pytest.mark.parametrize("dialect", ["openai", "openai_chat"])
def test_one_odd_float_among_many_calls_is_spelled_as_json_dumps_and_only_there(dialect: str) -> None:
    inputs: list[dict[str, Any]] = [{"a": i, "b": "x"} for i in range(300)]
    inputs[150] = {"x": 1.5e-7, "s": "é"}
    calls = [lc.tool_call(f"call_{i}", "f", value) for i, value in enumerate(inputs)]
    data = json.loads(lc.encode_response(dialect, _answer(calls)))
    if dialect == "openai":
        written = [item["arguments"] for item in data["output"] if item["type"] == "function_call"]
    else:
        written = [call["function"]["arguments"] for call in data["choices"][0]["message"]["tool_calls"]]
    assert written == [json.dumps(value, separators=(",", ":")) for value in inputs]
