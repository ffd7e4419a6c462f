"""A tool call's ToolCallPart from its joined input text, without walking an input msgspec parsed."""

from __future__ import annotations

import msgspec

from lmcodec.stream._tool_input import stdlib_tool_input, strict_tool_input
from lmcodec.wire import ContinuationState, ToolCallPart

__all__ = ["tool_call_part"]


def tool_call_part(
    call_id: str, name: str, raw: str, continuation: tuple[ContinuationState, ...]
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=parse_tool_input(raw), continuation=continuation)``.

    An input msgspec parsed holds only strict JSON values (str keys, finite floats),
    which is all the constructor's ``input`` check walks for in Python: such an input
    is set after the checked construction instead. Whatever msgspec refuses goes
    through ``json.loads`` and the full check, as before."""
    value = strict_tool_input(raw)
    if value is None:
        return ToolCallPart(id=call_id, name=name, input=stdlib_tool_input(raw), continuation=continuation)
    part = ToolCallPart(id=call_id, name=name, input={}, continuation=continuation)
    return msgspec.structs.replace(part, input=value)
