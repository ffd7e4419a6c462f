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
_CONTAINERS = (dict, list, tuple)


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
    stood_in, count = _stand_in(value)
    if not count:
        return None
    try:
        obj = msgspec.convert(stood_in, tp, dec_hook=dec_hook)
    except (msgspec.ValidationError, TypeError, ValueError, RecursionError):
        return None
    return obj if _restore(obj) == count else None


def _stand_in(value: Any) -> tuple[Any, int]:
    """A copy of ``value`` with each non-finite ``"logprob"`` value replaced by its stand-in, and
    how many were replaced; the count is 0 when a non-finite number sits anywhere else.

    Copied with a stack of containers, not recursion: the payloads beside a logprob nest as
    deep as the strict decoder reads (~1,000 levels), which a recursive copy ran out of frames
    on. A container's scalars are looked at where they are met, only containers are stacked."""
    if type(value) not in _CONTAINERS:
        return value, 0  # a bare number: not a logprob
    replaced = 0
    top = [value]
    # (a container not yet copied, the container holding it (already a copy), its slot there)
    stack: list[tuple[Any, Any, Any]] = [(value, top, 0)]
    while stack:
        item, into, slot = stack.pop()
        if type(item) is dict:
            copied: Any = dict(item)
            pairs: Any = item.items()
        else:
            copied = list(item)
            pairs = enumerate(item)
        into[slot] = copied
        for key, child in pairs:
            kind = type(child)
            if kind is float:
                if not math.isfinite(child):
                    if key != "logprob":  # an array's item has an int key
                        return value, 0
                    replaced += 1
                    copied[key] = _STAND_INS["nan" if child != child else "inf" if child > 0 else "-inf"]
            elif kind in _CONTAINERS:
                stack.append((child, copied, key))
    return top[0], replaced


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
