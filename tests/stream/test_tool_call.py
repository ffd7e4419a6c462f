"""tool_call_part: the part of the checked constructor over parse_tool_input, input walk or not."""

from __future__ import annotations

import pytest

import lmcodec as lc
from lmcodec.stream._tool_call import tool_call_part
from lmcodec.stream._tool_input import parse_tool_input

RAWS = ["", '{"a":[1,2.5,{"b":null}]}', "[1,2]", "3", '{"a":1', "{'a': 1}", '{"a":NaN}', '{"a":"\\ud800"}']


@pytest.mark.parametrize("raw", RAWS)
def test_the_part_of_the_checked_constructor(raw: str) -> None:
    expected = lc.ToolCallPart(id="c", name="f", input=parse_tool_input(raw))
    assert tool_call_part("c", "f", raw, ()) == expected


def test_an_input_the_constructor_refuses_is_still_refused() -> None:
    with pytest.raises(TypeError, match="JSON"):
        tool_call_part("c", "f", '{"a":1e400}', ())


def test_the_other_fields_are_still_checked() -> None:
    with pytest.raises((TypeError, ValueError)):
        tool_call_part("", "f", "{}", ())


_STATE = lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "s"})


class _Name(str):
    """A str subclass: the constructor takes it as a str, the template path must not copy it blindly."""


@pytest.mark.parametrize("raw", ['{"a":1}', ""])
@pytest.mark.parametrize(
    ("call_id", "name", "continuation"),
    [
        ("c", "f", ()),
        ("call_1", "get_weather", (_STATE,)),
        ("c", "f", (_STATE, _STATE)),
        ("", "f", ()),
        ("c", "", ()),
        (3, "f", ()),
        ("c", None, ()),
        ("c", _Name("f"), ()),
        ("c", "f", [_STATE]),
        ("c", "f", _STATE),
        ("c", "f", ("not a state",)),
    ],
)
def test_every_field_as_the_checked_constructor_takes_it(
    raw: str, call_id: object, name: object, continuation: object
) -> None:
    """The part copied from a template where the fields are of the checked types, else the class call:
    the same part, or the same refusal."""

    def outcome(build: object) -> object:
        try:
            part = build()  # type: ignore[operator]
        except (TypeError, ValueError) as exc:
            return type(exc).__name__, str(exc)
        return part, type(part.name), [type(s) for s in part.continuation]

    kwargs = {"id": call_id, "name": name, "continuation": continuation}
    expected = outcome(lambda: lc.ToolCallPart(input=parse_tool_input(raw), **kwargs))  # type: ignore[arg-type]
    assert outcome(lambda: tool_call_part(call_id, name, raw, continuation)) == expected  # type: ignore[arg-type]


def test_a_call_of_checked_types_is_copied_from_a_template(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a mapper hands on (str id and name, states the assembler built) skips the class call's
    checks, which cost several times the copy."""
    from lmcodec.stream import _tool_call

    def refuse(**kwargs: object) -> None:
        raise AssertionError("built by the class call")

    monkeypatch.setattr(_tool_call, "ToolCallPart", refuse)
    part = tool_call_part("call_1", "get_weather", '{"city":"Paris"}', (_STATE,))
    assert part == lc.ToolCallPart(
        id="call_1", name="get_weather", input={"city": "Paris"}, continuation=_STATE
    )
