"""Reading back the ``NaN`` / ``Infinity`` logprobs that lm15 (and lmcodec) write.

Strict decoding follows the number rule and rejects these tokens; with
``lenient=True`` a non-finite number is accepted where lm15 accepts one, in a
``TokenLogprob`` / ``TopLogprob`` ``logprob``, and nowhere else.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec

from lmcodec.wire._types import NonFiniteFloat
from lmcodec.wire.telemetry import TokenLogprob, TopLogprob

__all__ = ["has_tokens", "mark_logprobs", "parse", "count_non_finite"]

_LOGPROB_TYPES = (TokenLogprob, TopLogprob)


def has_tokens(data: Any) -> bool:
    """Whether a JSON text may hold a Python-dialect non-finite number."""
    if isinstance(data, str):
        return "NaN" in data or "Infinity" in data
    buf = bytes(data)
    return b"NaN" in buf or b"Infinity" in buf


def parse(data: Any) -> Any:
    """The builtins of a Python-dialect JSON text (``json.loads``), or None when it is not one."""
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def count_non_finite(value: Any) -> int:
    """How many NaN/infinite floats ``value`` holds, at any depth."""
    found = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is float:
            found += not math.isfinite(item)
        elif type(item) is list:
            stack.extend(item)
        elif type(item) is dict:
            stack.extend(item.values())
    return found


def mark_logprobs(obj: Any) -> int:
    """Make each non-finite logprob under ``obj`` a :class:`NonFiniteFloat`; returns how many.

    Walks wire Structs and their tuples only (opaque payloads cannot hold logprob objects).
    """
    marked = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, msgspec.Struct):
            if isinstance(item, _LOGPROB_TYPES) and not math.isfinite(item.logprob):
                msgspec.structs.force_setattr(item, "logprob", NonFiniteFloat(item.logprob))
                marked += 1
            stack.extend(getattr(item, name) for name in item.__struct_fields__)
    return marked
