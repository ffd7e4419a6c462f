"""A tool call's ToolCallPart from its joined input text, without walking an input msgspec parsed."""

from __future__ import annotations

from lmcodec.providers._proven_parts import proven_tool_call
from lmcodec.stream._tool_input import stdlib_tool_input, strict_tool_input
from lmcodec.wire import ContinuationState, ToolCallPart

__all__ = ["tool_call_part"]


def tool_call_part(
    call_id: str, name: str, raw: str, continuation: tuple[ContinuationState, ...]
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=parse_tool_input(raw), continuation=continuation)``.

    An input msgspec parsed holds only strict JSON values (str keys, finite floats), which is all
    the constructor's ``input`` check walks for in Python: such an input goes through
    ``providers/_proven_parts.proven_tool_call``. Whatever msgspec refuses goes through ``json.loads`` and the
    full check, as before."""
    value = strict_tool_input(raw)
    if value is None:
        return ToolCallPart(id=call_id, name=name, input=stdlib_tool_input(raw), continuation=continuation)
    return proven_tool_call(call_id, name, value, continuation)
