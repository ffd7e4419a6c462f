"""A JSON text whose objects repeat a key, rewritten with the last value of each (as ``json.loads``).

msgspec checks the type of every occurrence of a Struct's field, so ``{"text": 0, "text": "hi"}``
is refused at its first value though the last one, which ``json.loads`` (lm15's reading) keeps, is
good. The readers call :func:`last_values` only after msgspec refused a text: what it costs falls
on refused input alone (one ``json.loads`` pass), and a text without a repeated key is refused as
it was. A ``type`` tag repeated with another tag stays refused (H9: the tag names the class).
"""

from __future__ import annotations

import json
import math
from typing import Any, NoReturn

import msgspec

__all__ = ["last_values"]


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _finite(text: str) -> float:
    """A JSON number as ``float``, refused when out of range (``1e400``): ``json.loads`` reads it
    as ``inf``, which msgspec refuses and writes back as ``null`` (review 8, F2)."""
    number = float(text)
    if not math.isfinite(number):
        raise ValueError(f"{text} is out of range")
    return number


def last_values(data: Any) -> bytes | None:
    """``data`` (JSON bytes) re-encoded with each repeated key holding its last value, in the place
    of its first (as ``json.loads`` builds the dict), when some object of it repeats a key; None
    when none does, or one repeats its ``type`` with another string, or the text is not JSON, or its
    value cannot be written back as it was read (NaN, a number out of range, a lone surrogate, an
    integer msgspec cannot hold)."""
    repeated = False
    retagged = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal repeated, retagged
        value = dict(items)
        if len(value) != len(items):
            repeated = True
            tags = {v for k, v in items if k == "type" and isinstance(v, str)}
            retagged = retagged or len(tags) > 1
        return value

    try:
        value = json.loads(
            bytes(data), object_pairs_hook=pairs, parse_constant=_no_constant, parse_float=_finite
        )
    except (ValueError, TypeError, RecursionError, MemoryError):
        return None
    if not repeated or retagged:
        return None
    try:
        return msgspec.json.encode(value)
    except (msgspec.EncodeError, OverflowError, UnicodeError, RecursionError, TypeError, ValueError):
        return None
