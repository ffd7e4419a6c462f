"""Non-finite logprobs: ``NaN`` / ``Infinity`` as lm15 (and lmcodec) write them.

lm15 accepts a NaN or infinite ``TokenLogprob.logprob`` / ``TopLogprob.logprob``,
and ``json.dumps`` writes ``NaN`` / ``Infinity`` / ``-Infinity`` for it. The
typed decoders check that a logprob is finite (so canonical data pays nothing),
and a value they refuse comes here: builtins (``lc.from_builtins``, a MessagePack
body, or with ``lenient=True`` a Python-dialect JSON text) whose only
non-finite numbers are logprobs are converted with each of them as a
:class:`~lmcodec.NonFiniteFloat`. A non-finite number anywhere else stays
rejected.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec

from lmcodec.wire._types import NonFiniteFloat
from lmcodec.wire.telemetry import TokenLogprob, TopLogprob

__all__ = ["convert", "has_tokens", "parse"]

_LOGPROB_TYPES = (TokenLogprob, TopLogprob)
# Stand-ins while msgspec converts (it checks logprobs are finite): negative subnormals
# no model reports, each mapped back to the value it stood for.
_STAND_INS = {"nan": -1e-320, "inf": -2e-320, "-inf": -3e-320}
_VALUES = {stand_in: NonFiniteFloat(name) for name, stand_in in _STAND_INS.items()}


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


def convert(value: Any, tp: Any, dec_hook: Any) -> Any:
    """``value`` converted to ``tp`` when its only non-finite numbers are logprobs, else None."""
    try:
        stood_in, count = _stand_in(value)
    except RecursionError:
        return None
    if not count:
        return None
    try:
        obj = msgspec.convert(stood_in, tp, dec_hook=dec_hook)
    except (msgspec.ValidationError, TypeError, ValueError):
        return None
    return obj if _restore(obj) == count else None


def _stand_in(value: Any) -> tuple[Any, int]:
    """A copy of ``value`` with each non-finite ``"logprob"`` value replaced by its stand-in, and
    how many were replaced; the count is 0 when a non-finite number sits anywhere else."""
    replaced = 0
    other = False

    def copy(item: Any, key: Any = None) -> Any:
        nonlocal replaced, other
        kind = type(item)
        if kind is float and not math.isfinite(item):
            if key != "logprob":
                other = True
                return item
            replaced += 1
            return _STAND_INS["nan" if item != item else "inf" if item > 0 else "-inf"]
        if kind is dict:
            return {k: copy(v, k) for k, v in item.items()}
        if kind is list or kind is tuple:
            return [copy(v) for v in item]
        return item

    out = copy(value)
    return out, 0 if other else replaced


def _restore(obj: Any) -> int:
    """Put the non-finite logprobs back in place of their stand-ins; returns how many."""
    restored = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, msgspec.Struct):
            if isinstance(item, _LOGPROB_TYPES) and item.logprob in _VALUES:
                msgspec.structs.force_setattr(item, "logprob", _VALUES[item.logprob])
                restored += 1
            stack.extend(getattr(item, name) for name in item.__struct_fields__)
    return restored
