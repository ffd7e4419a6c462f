"""A choice's ``index`` in a Chat body written back verbatim: kept where the openai SDK reads it.

lmcodec's reader (as lm15's) ignores ``choices[].index``, so a backend's body may decode although
a choice has no index, ``null`` or a value ``ChatCompletion.model_validate`` refuses; copied as is,
the client's SDK refuses the body. The SDK reads an index as pydantic's lax ``int`` does: an int or
bool, an integral float under 2**63 in size, or a string of an integer (pydantic-core's spelling:
Unicode white space around it, a sign, ``_`` between digits, a ``.0`` fraction, up to 4,300
significant digits). Only a choice whose index is none of these is given its position as index; a
body the SDK takes is left alone (``tests/providers/test_write_openai_chat.py`` holds this rule
against the SDK's model, hypothesis over indexes).
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["with_sdk_indexes"]

_WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""What pydantic-core strips from a string before reading a number: Rust's ``char::is_whitespace``."""
_INTEGER_TEXT = re.compile(f"[{_WHITE_SPACE}]*[+-]?0*([0-9]+(?:_[0-9]+)*)(?:\\.0+)?[{_WHITE_SPACE}]*")
_MAX_DIGITS = 4300  # CPython's int string limit, which pydantic-core keeps after leading zeros
_FLOAT_BOUND = 2.0**63  # a float is read as an i64


def _sdk_reads(index: Any) -> bool:
    """Whether pydantic's lax ``int`` (the openai SDK's ``Choice.index``) takes ``index``."""
    if isinstance(index, int):
        return True
    if isinstance(index, float):
        return index.is_integer() and abs(index) < _FLOAT_BOUND
    if not isinstance(index, str):
        return False
    match = _INTEGER_TEXT.fullmatch(index)
    return match is not None and len(match[1].replace("_", "")) <= _MAX_DIGITS


def with_sdk_indexes(body: dict[str, Any]) -> dict[str, Any] | None:
    """``body`` with each choice whose index the SDK refuses given its position as index (written
    first when it had none, where Chat writes it); None when there is no such choice."""
    choices = body.get("choices")
    if not isinstance(choices, list) or all(
        not isinstance(choice, dict) or _sdk_reads(choice.get("index")) for choice in choices
    ):
        return None
    fixed = [
        choice
        if not isinstance(choice, dict) or _sdk_reads(choice.get("index"))
        else _indexed(choice, position)
        for position, choice in enumerate(choices)
    ]
    return {**body, "choices": fixed}


def _indexed(choice: dict[str, Any], position: int) -> dict[str, Any]:
    if "index" in choice:  # null or unreadable: replaced where it stands
        return {**choice, "index": position}
    return {"index": position, **choice}
