"""A complete body's tool call from its arguments text (Chat Completions, Responses), as lm15's
``ToolCallPart(id, name, parse_json_object(arguments))`` builds it, without the stdlib parse and
the constructor's walk of the value where msgspec reads the text."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._json import parse_json_object
from lmcodec.wire import ToolCallPart
from lmcodec.wire._float_literals import float_literal

__all__ = ["arguments_call", "is_blank", "strict_json_object"]

_decoder: Final = msgspec.json.Decoder(float_hook=float_literal)  # far floats at float's speed
_TOOL_CALL: Final = msgspec.StructMeta.__call__(ToolCallPart, id="-", name="-", input={})


def strict_json_object(arguments: Any) -> dict[str, Any] | None:
    """``parse_json_object(arguments)`` where msgspec reads ``arguments`` (a non-empty str), else None.

    msgspec reads what ``json.loads`` reads, to the same value (duplicate keys: the last value at
    the first position; integers of any size), and refuses the rest: NaN/Infinity, ``1e400``,
    lone surrogate escapes, integers past ``int``'s digit limit, malformed text. What it returns
    holds strict JSON values only (str keys, finite floats): what the constructor's walk checks."""
    if type(arguments) is not str or not arguments:
        return None
    try:
        value = _decoder.decode(arguments)
    except Exception:
        return None
    return value if type(value) is dict else {"value": value}


def arguments_call(call_id: str, name: str, arguments: Any) -> ToolCallPart:
    """``ToolCallPart(id=call_id, name=name, input=parse_json_object(arguments))``: where msgspec
    reads the arguments (:func:`strict_json_object`) and the id and name are non-empty str, the
    part is copied from a template with the value set (no ``json.loads``, no walk of a value of
    any size: red team 13 F01); anything else through ``parse_json_object`` and the checked
    constructor, as before."""
    value = strict_json_object(arguments)
    if value is None or type(call_id) is not str or not call_id or type(name) is not str or not name:
        return ToolCallPart(id=call_id, name=name, input=parse_json_object(arguments))
    part: ToolCallPart = msgspec.structs.replace(_TOOL_CALL, id=call_id, name=name, input=value)
    return part


def is_blank(fragment: str) -> bool:
    """Whether ``fragment`` is JSON whitespace only (space, tab, line feed, carriage return), or
    empty: a streamed call's arguments made only of such fragments are no JSON value, and the
    Anthropic and Responses writers hold them back (JSON ignores whitespace before a value)."""
    return not fragment.strip(" \t\n\r")
