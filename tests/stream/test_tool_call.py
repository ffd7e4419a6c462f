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
