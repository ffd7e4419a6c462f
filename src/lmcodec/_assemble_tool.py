"""A tool call's ToolCallPart from its joined input text, without walking an input msgspec parsed."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec._tool_input import parse_tool_input
from lmcodec.wire import ContinuationState, ToolCallPart

__all__ = ["tool_call_part"]

_decode: Final = msgspec.json.Decoder().decode


def tool_call_part(
    call_id: str, name: str, raw: str, continuation: tuple[ContinuationState, ...]
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=parse_tool_input(raw), continuation=continuation)``.

    An input msgspec parsed holds only strict JSON values (str keys, finite floats),
    which is all the constructor's ``input`` check walks for in Python: such an input
    is set after the checked construction instead. Whatever msgspec refuses goes
    through :func:`parse_tool_input` and the full check, as before."""
    try:
        value: Any = _decode(raw) if raw else {}
    except Exception:
        return ToolCallPart(id=call_id, name=name, input=parse_tool_input(raw), continuation=continuation)
    part = ToolCallPart(id=call_id, name=name, input={}, continuation=continuation)
    return msgspec.structs.replace(part, input=value if type(value) is dict else {"value": value})
