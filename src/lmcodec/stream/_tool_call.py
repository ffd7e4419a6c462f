"""A tool call's ToolCallPart from its joined input text, without walking an input msgspec parsed."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.stream._tool_input import stdlib_tool_input, strict_tool_input
from lmcodec.wire import ContinuationState, ToolCallPart

__all__ = ["strict_tool_call_part", "tool_call_part"]

_TOOL_CALL: Final = msgspec.StructMeta.__call__(ToolCallPart, id="-", name="-", input={})


def _states(continuation: Any) -> bool:
    """Whether ``continuation`` is a tuple of ContinuationStates (what the checks leave unchanged)."""
    if type(continuation) is not tuple:
        return False
    for state in continuation:
        if type(state) is not ContinuationState:
            return False
    return True


def tool_call_part(
    call_id: str, name: str, raw: str, continuation: tuple[ContinuationState, ...]
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=parse_tool_input(raw), continuation=continuation)``.

    An input msgspec parsed holds only strict JSON values (str keys, finite floats),
    which is all the constructor's ``input`` check walks for in Python: such an input
    is set after the checked construction instead, or, when the other fields are of the
    types the checks pass unchanged, the part is copied from a template. Whatever msgspec
    refuses goes through ``json.loads`` and the full check, as before."""
    value = strict_tool_input(raw)
    if value is None:
        return ToolCallPart(id=call_id, name=name, input=stdlib_tool_input(raw), continuation=continuation)
    return strict_tool_call_part(call_id, name, value, continuation)


def strict_tool_call_part(
    call_id: str, name: str, value: dict[str, Any], continuation: tuple[ContinuationState, ...]
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=value, continuation=continuation)`` for an input
    ``value`` msgspec decoded (strict JSON values only), without the constructor's walk of it."""
    if type(call_id) is str and call_id and type(name) is str and name and _states(continuation):
        # the types the checks pass unchanged (every mapper's): copied from a template, ~10x cheaper
        copied: ToolCallPart = msgspec.structs.replace(
            _TOOL_CALL, id=call_id, name=name, input=value, continuation=continuation
        )
        return copied
    part = ToolCallPart(id=call_id, name=name, input={}, continuation=continuation)
    return msgspec.structs.replace(part, input=value)
