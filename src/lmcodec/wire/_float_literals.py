"""A JSON float literal read by CPython's ``float``: the ``float_hook`` of lmcodec's untyped
JSON positions (red team 47 F01).

msgspec 0.23 reads a float whose decimal scale is 289 or more (``1e300``,
``1.7976931348623157e308``) on a slow path, ~20-110 us a number against ~0.3 us for
``float``: a body of such numbers held a worker ~14 s a megabyte. ``float`` rounds as msgspec
does (both correctly), and a literal past the double range raises msgspec's own error, so the
value or the refusal is the same; only the time differs. msgspec calls the hook only where the
target is untyped (``Any``: tool inputs, schemas, provider data). A typed view's ``float``
field that a frame or body may repeat (a logprob) is a :data:`NearFloat` instead: msgspec still
parses it (~320 instructions, no hook), and a far one fails the bound at the first such number,
so the view refuses the input after one slow parse and the untyped reader (lm15's port, hooked)
reads it.
"""

from __future__ import annotations

import math
from typing import Annotated, Final

import msgspec

__all__ = ["FAR", "NearFloat", "decode_any", "float_literal"]

FAR: Final = 1e288
"""The largest magnitude :data:`NearFloat` takes. Every literal on msgspec's slow path is of
magnitude 1e289 or more (a decimal scale of 289+ over a mantissa of 1+; a zero mantissa, ``0e400``,
is fast), and every one below it is fast (``1e288``, ``9.99e288``, ``0.00001e293``)."""

NearFloat = Annotated[float, msgspec.Meta(ge=-FAR, le=FAR)]
"""A typed view's float that a far literal cannot keep on msgspec's slow path: the bound fails
at the first one (``Expected `float` <= 1e+288``), one slow parse, and the view refuses the
input. Only for views whose refusal has an exact untyped reader (the providers' ports)."""


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
