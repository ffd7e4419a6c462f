"""A JSON float literal read by CPython's ``float``: the ``float_hook`` of lmcodec's untyped
JSON positions (red team 47 F01).

msgspec 0.23 reads a float whose decimal scale is 289 or more (``1e300``,
``1.7976931348623157e308``) on a slow path, ~20-110 us a number against ~0.3 us for
``float``: a body of such numbers held a worker ~14 s a megabyte. ``float`` rounds as msgspec
does (both correctly), and a literal past the double range raises msgspec's own error, so the
value or the refusal is the same; only the time differs. msgspec calls the hook only where the
target is untyped (``Any``: tool inputs, schemas, provider data); a typed ``float`` field is
still read by msgspec.
"""

from __future__ import annotations

import math
from typing import Final

import msgspec

__all__ = ["decode_any", "float_literal"]


def float_literal(text: str) -> float:
    """``text`` (a JSON float literal msgspec has checked) as a float; past the double range the
    ValueError msgspec reports as ``Number out of range - at `$...``` (msgspec refuses those, where
    ``json.loads`` reads inf)."""
    value = float(text)
    if math.isinf(value):
        raise ValueError("Number out of range")
    return value


decode_any: Final = msgspec.json.Decoder(float_hook=float_literal).decode
"""``msgspec.json.decode`` of untyped JSON, far floats read by :func:`float_literal`."""
