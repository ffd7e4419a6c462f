"""A JSON text whose objects repeat a key, rewritten with the last value of each (as ``json.loads``).

msgspec checks the type of every occurrence of a Struct's field, so ``{"text": 0, "text": "hi"}``
is refused at its first value though the last one, which ``json.loads`` (lm15's reading) keeps, is
good. The readers call :func:`last_values` only after msgspec refused a text, and it re-reads the
text (one ``json.loads`` pass) only when a key on the refused value's path repeats in its object
(found by msgspec skipping the rest, review 8 F3): a body refused at its first bytes is not parsed
whole again, and a text without a repeated key is refused as it was. A ``type`` tag repeated with
another tag stays refused (H9: the tag names the class).
"""

from __future__ import annotations

import functools
import json
import math
import re
from typing import Any, NoReturn

import msgspec

from lmcodec.wire._float_literals import float_literal

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


_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]{1,9})\]")
_ESCAPED_KEY = re.compile(rb'\\u[0-9a-fA-F]{4}[^"\\]*"\s*:')  # a key spelt with an escape
_OBJECT = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
_ARRAY = msgspec.json.Decoder(list[msgspec.Raw], float_hook=float_literal)


@functools.lru_cache(maxsize=32)
def _head(length: int) -> msgspec.json.Decoder[Any]:
    """A reader of an array's first ``length`` items as Raw, skipping the rest."""
    fields = [(f"item{index}", msgspec.Raw) for index in range(length)]
    return msgspec.json.Decoder(msgspec.defstruct("Head", fields, array_like=True), float_hook=float_literal)


def _repeats_on(raw: bytes, path: str | None) -> bool:
    """Whether a key named on ``path`` (the refused value's) may be repeated in its object: False
    only when each of those objects holds its key once; any doubt is True."""
    if path is None or not path.startswith("$"):
        return True
    steps = list(_STEP.finditer(path, 1))
    if sum(len(step.group(0)) for step in steps) != len(path) - 1:
        return True  # a dict key ([...]) or a path not written by msgspec
    if _ESCAPED_KEY.search(raw) is not None:
        return True
    value: Any = raw
    try:
        for step in steps:
            name, index = step.groups()
            if name is not None:
                quoted = b'"' + name.encode() + b'"'
                members = _OBJECT.decode(value)
                if raw.count(quoted) > 1:  # only then is this object copied to count it
                    text = bytes(value)
                    found = text.count(quoted)
                    if found > 1 + sum(bytes(v).count(quoted) for v in members.values()):
                        return True
                value = members[name]
            elif int(index) < 32:
                value = getattr(_head(int(index) + 1).decode(value), f"item{index}")
            else:
                value = _ARRAY.decode(value)[int(index)]
    except (msgspec.DecodeError, msgspec.ValidationError, KeyError, IndexError, RecursionError):
        return True  # RecursionError: a value past msgspec's depth limit (json.loads refuses it too)
    return False


def last_values(data: Any, path: str | None = None) -> bytes | None:
    """``data`` (JSON bytes, or a ``str`` as the readers take it) re-encoded with each repeated key
    holding its last value, in the place of its first (as ``json.loads`` builds the dict), when some
    object of it repeats a key; None when none does, or one repeats its ``type`` with another
    string, or the text is not JSON, or its value cannot be written back as it was read (NaN, a
    number out of range, a lone surrogate, an integer msgspec cannot hold). ``path`` is where the
    readers refused ``data``: when no key on it repeats, the answer is None without reading
    ``data`` whole."""
    # a str the strict reader read is UTF-8 encodable; surrogatepass keeps any other one refused
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else bytes(data)
    if not _repeats_on(raw, path):
        return None
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
        value = json.loads(raw, object_pairs_hook=pairs, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, TypeError, RecursionError, MemoryError):
        return None
    if not repeated or retagged:
        return None
    try:
        return msgspec.json.encode(value)
    except (msgspec.EncodeError, OverflowError, UnicodeError, RecursionError, TypeError, ValueError):
        return None
