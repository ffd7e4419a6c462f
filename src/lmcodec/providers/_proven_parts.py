"""Parts whose invariants the reader has already proven, copied from a template instead of built by
the checked constructor.

The checked constructor (``wire/_struct.py``) costs ~8 us a ToolCallPart, most of it walking the
input for strict JSON values, and ~1 us a TextPart even through msgspec's own ``__call__``; a
template copied with its fields set (``msgspec.structs.replace``) costs ~0.3 us. What each function
leaves to its caller is said in its docstring; what a cheap type test can tell is tested, and a
value that fails it goes through the checked constructor instead (``tests/providers/
test_proven_parts.py`` holds both paths equal).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._mapper import REFUSED
from lmcodec.wire import ContinuationState, TextPart, ThinkingPart, ToolCallPart
from lmcodec.wire._float_literals import float_literal

__all__ = [
    "TEXT_TEMPLATE",
    "THINKING_TEMPLATE",
    "assembled_tool_call",
    "proven_signature",
    "proven_text",
    "proven_thinking",
    "proven_tool_call",
]

_new: Final = msgspec.StructMeta.__call__
_replace: Final = msgspec.structs.replace
_TEXT: Final = _new(TextPart, text="")
_THINKING: Final = _new(ThinkingPart, text="")
_TOOL_CALL: Final = _new(ToolCallPart, id="-", name="-", input={})
TEXT_TEMPLATE: Final = _TEXT
THINKING_TEMPLATE: Final = _THINKING
"""The templates :func:`proven_text` and :func:`proven_thinking` copy: a reader's loop copies one
itself (``msgspec.structs.replace(TEXT_TEMPLATE, text=text)``, a str it proved) for a part without
state, a Python call a part less (red team 47 F03)."""
_STATE: Final = _new(ContinuationState, provider="-", kind="-", data={})
_plain: Final = msgspec.json.Decoder(float_hook=float_literal).decode


def _states(continuation: Any) -> bool:
    """Whether ``continuation`` is a tuple of ContinuationStates (what the checks leave unchanged)."""
    if type(continuation) is not tuple:
        return False
    for state in continuation:
        if type(state) is not ContinuationState:
            return False
    return True


def proven_tool_call(
    call_id: str, name: str, value: dict[str, Any], continuation: tuple[ContinuationState, ...] = ()
) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=value, continuation=continuation)`` for an input
    ``value`` a strict JSON decode produced (msgspec's: str keys, finite floats, 64-bit integers),
    the one invariant the caller proves. Where the id and name are non-empty str and the
    continuation a tuple of ContinuationStates (what every reader passes) the part is a template's
    copy; otherwise the checked constructor checks them, the input set after it."""
    if (
        type(call_id) is str
        and call_id
        and type(name) is str
        and name
        and type(continuation) is tuple
        and (not continuation or _states(continuation))
    ):
        copied: ToolCallPart = _replace(
            _TOOL_CALL, id=call_id, name=name, input=value, continuation=continuation
        )
        return copied
    part = ToolCallPart(id=call_id, name=name, input={}, continuation=continuation)
    checked: ToolCallPart = _replace(part, input=value)
    return checked


def assembled_tool_call(
    index: int,
    raw: str,
    tool_id: dict[int, str],
    tool_name: dict[int, str],
    continuation: tuple[ContinuationState, ...] = (),
) -> ToolCallPart | None:
    """The call of slot ``index`` as the Assembler builds it from ``raw``, its argument fragments
    joined: the input ``raw`` decoded (a value not an object wrapped as ``{"value": ...}``, ``{}``
    for none), the id the slot's or ``tool_call_<index>``; None where the slot has no name or msgspec
    refuses the input (a straight path of short answers leaves that body to the general way)."""
    name = tool_name.get(index)
    if name is None:
        return None
    value: Any = {}
    if raw:
        try:
            value = _plain(raw)
        except REFUSED:
            return None
        if type(value) is not dict:
            value = {"value": value}
    return proven_tool_call(tool_id.get(index) or f"tool_call_{index}", name, value, continuation)


def proven_text(text: str, continuation: tuple[ContinuationState, ...] = ()) -> TextPart:
    """``TextPart(text=text, continuation=continuation)`` for a str ``text`` and a tuple of
    ContinuationStates, both the caller's to prove (a ``str()`` and a tuple it built)."""
    part: TextPart = _replace(_TEXT, text=text, continuation=continuation)
    return part


def proven_thinking(text: str, continuation: tuple[ContinuationState, ...] = ()) -> ThinkingPart:
    """``ThinkingPart(text=text, continuation=continuation)``, on the terms of :func:`proven_text`."""
    part: ThinkingPart = _replace(_THINKING, text=text, continuation=continuation)
    return part


def proven_signature(provider: str, kind: str, value: str) -> ContinuationState:
    """``ContinuationState(provider=provider, kind=kind, data={"value": value})`` for non-empty
    ``provider`` and ``kind`` and a str ``value`` (a signature ``str()`` made), the caller's to prove."""
    state: ContinuationState = _replace(_STATE, provider=provider, kind=kind, data={"value": value})
    return state
