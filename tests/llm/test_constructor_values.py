"""The lc.llm constructors hold their payload values as llm's json.dumps writes them, as
from_builtins / from_llm do since rtfix15b (red team 15 leftovers): a plain float("nan") given to
one was written ``null`` (llm writes ``NaN``), bytes base64 text, a set an array, a datetime a
string (llm's json.dumps raises TypeError); an llm object in a field holding parts, messages or an
attachment was written as generic dataclass JSON. The same holds for llm objects nested in builtins
given to lc.llm.encode / to_builtins (only a top-level one was refused)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import lmcodec.llm as L
from lmcodec.errors import EncodeError
from lmcodec.llm._json_values import UnwritableValueError

from .llm_support import llm, needs_llm
from .test_unwritable_values import UNWRITABLE


def _llm_dumps(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


# Each llm part or message class with one payload field set, built alike in llm.parts and lc.llm.
BUILDS: dict[str, tuple[Callable[[Any, Any], Any], str]] = {
    "text-metadata": (lambda m, v: m.TextPart("t", provider_metadata={"p": v}), "$.provider_metadata.p"),
    "reasoning-metadata": (
        lambda m, v: m.ReasoningPart("t", provider_metadata={"p": v}),
        "$.provider_metadata.p",
    ),
    "tool-call-arguments": (lambda m, v: m.ToolCallPart("f", {"x": [1, v]}), "$.arguments.x[1]"),
    "tool-result-metadata": (
        lambda m, v: m.ToolResultPart("f", "o", provider_metadata={"p": {"q": v}}),
        "$.provider_metadata.p.q",
    ),
    "attachment-part-metadata": (
        lambda m, v: m.AttachmentPart(provider_metadata={"p": v}),
        "$.provider_metadata.p",
    ),
    "message-metadata": (
        lambda m, v: m.Message("user", [], provider_metadata={"p": v}),
        "$.provider_metadata.p",
    ),
}


@needs_llm
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("build", [b for b, _ in BUILDS.values()], ids=list(BUILDS))
def test_a_non_finite_float_is_written_as_llm_writes_it(
    build: Callable[[Any, Any], Any], value: float
) -> None:
    assert L.encode(build(L, value)) == _llm_dumps(build(llm.parts, value).to_dict())


@needs_llm
@pytest.mark.parametrize("value", UNWRITABLE.values(), ids=UNWRITABLE.keys())
@pytest.mark.parametrize(("build", "path"), BUILDS.values(), ids=list(BUILDS))
def test_a_value_llm_cannot_write_is_refused_by_the_constructor(
    build: Callable[[Any, Any], Any], path: str, value: Any
) -> None:
    with pytest.raises(TypeError):  # llm takes it, and then cannot write it
        json.dumps(build(llm.parts, value).to_dict())
    with pytest.raises(UnwritableValueError) as caught:
        build(L, value)
    assert caught.value.path == path
    assert isinstance(caught.value, EncodeError) and isinstance(caught.value, TypeError)


def test_prompt_options_and_usage_details_are_checked() -> None:
    assert L.encode(L.Prompt([], options={"temperature": math.nan})) == _llm_dumps(
        {"messages": [], "options": {"temperature": math.nan}}
    )
    assert L.encode(L.Usage(1, 2, {"x": -math.inf})) == _llm_dumps(
        {"input": 1, "output": 2, "details": {"x": -math.inf}}
    )
    with pytest.raises(UnwritableValueError, match=r"\$\.options\.seed"):
        L.Prompt([], options={"seed": b"1"})
    with pytest.raises(UnwritableValueError, match=r"\$\.details\.x"):
        L.Usage(1, 2, {"x": {1, 2}})


def test_the_callers_values_are_left_alone() -> None:
    arguments = {"x": [math.nan]}
    part = L.ToolCallPart("f", arguments)
    assert type(arguments["x"][0]) is float
    assert isinstance(part.arguments["x"][0], L.NonFiniteFloat)


@needs_llm
def test_llm_objects_in_struct_fields_are_refused() -> None:
    lp = llm.parts
    attachment = llm.Attachment(url="http://x")
    calls: list[Callable[[], Any]] = [
        lambda: L.Message("user", [lp.TextPart("hi")]),
        lambda: L.AttachmentPart(attachment),
        lambda: L.ToolResultPart("f", "o", attachments=[attachment]),
        lambda: L.Prompt([lp.Message("user", [])]),
        lambda: L.Response("m", L.Prompt([]), [lp.Message("assistant", [])]),
    ]
    for call in calls:
        with pytest.raises(EncodeError, match=r"lc\.llm\.from_llm"):
            call()
    with pytest.raises(EncodeError, match=r"lc\.llm's Message, not builtins\.dict"):
        L.Prompt([{"role": "user", "parts": []}])  # type: ignore[list-item]


@needs_llm
@pytest.mark.parametrize("function", [L.encode, L.to_builtins], ids=["encode", "to_builtins"])
def test_llm_objects_nested_in_builtins_are_refused(function: Callable[[Any], Any]) -> None:
    lp = llm.parts
    for value, path in [
        ({"x": llm.Attachment(url="http://x")}, "$.x"),
        ([lp.TextPart("hi")], "$[0]"),
        ({"messages": [lp.Message("user", [])]}, "$.messages[0]"),
    ]:
        with pytest.raises(UnwritableValueError) as caught:
            function(value)
        assert caught.value.path == path


def test_builtins_holding_lc_llm_structs_are_written() -> None:
    part = L.TextPart("hi")
    assert L.encode([part, {"n": math.nan}]) == b'[{"type":"text","text":"hi"},{"n":NaN}]'
    assert L.to_builtins({"p": part}) == {"p": {"type": "text", "text": "hi"}}


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=2), inner, max_size=3),
    max_leaves=8,
)


@needs_llm
@given(arguments=st.dictionaries(st.text(max_size=3), _values, max_size=3), metadata=_values)
def test_any_value_is_written_as_llm_writes_it(arguments: dict[str, Any], metadata: Any) -> None:
    lp = llm.parts
    expected = lp.Message(
        "assistant", [lp.ToolCallPart("f", arguments, provider_metadata={"m": metadata})]
    ).to_dict()
    got = L.encode(
        L.Message("assistant", [L.ToolCallPart("f", arguments, provider_metadata={"m": metadata})])
    )
    # the same JSON value as llm's json.dumps, float spelling aside (README "Float spelling")
    assert json.dumps(json.loads(got)) == json.dumps(expected)
