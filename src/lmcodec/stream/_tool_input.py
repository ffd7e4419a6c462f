"""A tool call's joined input text -> its JSON object, as lm15's ``_parse_json_best_effort`` reads it."""

from __future__ import annotations

import json
from typing import Any, Final, NoReturn

import msgspec

from lmcodec.wire._float_literals import float_literal

__all__ = ["json_loads", "parse_tool_input", "stdlib_tool_input", "strict_tool_input"]

_json_decoder: Final = msgspec.json.Decoder(float_hook=float_literal)


def _reject_constant(value: str) -> NoReturn:
    raise ValueError(f"non-standard JSON constant: {value}")


def parse_tool_input(raw: str) -> dict[str, Any]:
    """A tool call's joined input text as lm15's ``_parse_json_best_effort`` reads it.

    ``""`` -> ``{}``; a JSON object -> itself (key order kept, duplicate keys: the
    last value at the first position); any other JSON value -> ``{"value": v}``;
    anything else -> ``{"partial_json": raw}``. The result is stdlib ``json.loads``'s
    (with NaN/Infinity rejected): msgspec parses first, and whatever msgspec
    refuses (malformed text, NaN/Infinity, ``1e400``, lone surrogate escapes,
    over-long integers) is handed to ``json.loads`` to decide.
    """
    value = strict_tool_input(raw)
    return stdlib_tool_input(raw) if value is None else value


def strict_tool_input(raw: str) -> dict[str, Any] | None:
    """:func:`parse_tool_input` when msgspec reads ``raw`` (strict JSON values only:
    str keys, finite floats), else None."""
    if not raw:
        return {}
    try:
        value = _json_decoder.decode(raw)
    except Exception:
        return None
    return value if type(value) is dict else {"value": value}


def stdlib_tool_input(raw: str) -> dict[str, Any]:
    """:func:`parse_tool_input` of a ``raw`` that msgspec refused, read by ``json.loads``."""
    try:
        value = json.loads(raw, parse_constant=_reject_constant)
    except Exception:
        return {"partial_json": raw}
    return value if type(value) is dict else {"value": value}


def json_loads(text: str) -> Any:
    """``json.loads(text)`` (NaN/Infinity accepted), msgspec first."""
    try:
        return _json_decoder.decode(text)
    except Exception:
        return json.loads(text)
