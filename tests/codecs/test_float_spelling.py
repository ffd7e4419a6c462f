"""Float spelling in the canonical JSON and the llm format (README, "Float spelling").

msgspec writes the shortest round-trip form of a float with a bare exponent (``1e16``,
``1e-7``) where Python's ``json.dumps`` (lm15, llm) writes a signed, two-digit one (``1e+16``,
``1e-07``), and from 1e-5 to 1e-4 as a plain fraction (``0.00001``) where ``json.dumps`` writes
an exponent (``1e-05``). That is the one difference in the bytes: the JSON value is the same, and
rewriting each such float as ``json.dumps`` spells it gives ``json.dumps``'s bytes exactly. It
touches floats under 1e-4 and from 1e16 up in magnitude only, integral floats from 1e16 up
included (red-team codec F03): those are the only integral floats either writer spells with an
exponent.
"""

from __future__ import annotations

import json
import math
import re

import msgspec
from hypothesis import example, given
from hypothesis import strategies as st

import lmcodec as lc

_FLOAT = re.compile(rb"-?[0-9]+(?:\.[0-9]+)?(?:e-?[0-9]+)?")


def _spelt_by_json_dumps(token: bytes) -> bytes:
    """A float token as ``json.dumps`` writes it; an integer token as it is."""
    if b"." not in token and b"e" not in token:
        return token
    value = float(token)
    respelt = repr(value).encode()
    assert respelt == token or abs(value) < 1e-4 or abs(value) >= 1e16, token  # the one difference
    return respelt


def _as_json_dumps_spells_it(data: bytes) -> bytes:
    """``data`` (numbers and keys without digits only) with every float spelt as ``json.dumps``."""
    return _FLOAT.sub(lambda m: _spelt_by_json_dumps(m.group(0)), data)


floats = st.floats(allow_nan=False, allow_infinity=False) | st.sampled_from(
    [1e16, 1e22, -1e16, 1.7976931348623157e308, 123456789012345680.0, 1e-7, 5e-324, 1e15, 0.0001]
)


@given(st.lists(floats, min_size=1, max_size=5))
@example([1e-05, 1.5e-05, -9.99e-05, 1e-06, 0.0001, 1e16, 1e15])
def test_canonical_json_differs_from_json_dumps_only_in_small_and_large_floats(values: list[float]) -> None:
    part = lc.DataPart(value={"x": values})
    written = lc.encode(part)
    expected = json.dumps(msgspec.json.decode(written), separators=(",", ":"), ensure_ascii=False).encode()
    assert msgspec.json.decode(written) == json.loads(expected)
    assert _as_json_dumps_spells_it(written) == expected


def test_integral_floats_from_1e16_are_spelled_with_an_exponent() -> None:
    for value in (1e16, 1e22, 1.7976931348623157e308):
        assert value.is_integer() and math.isfinite(value)
        written = lc.encode(lc.DataPart(value=value))
        assert b"e+" not in written and b"e" in written.split(b'"value":')[1]
        assert (
            _as_json_dumps_spells_it(written)
            == json.dumps({"type": "data", "value": value}, separators=(",", ":")).encode()
        )
    assert b"1000000000000000.0" in lc.encode(lc.DataPart(value=1e15))  # below 1e16: no exponent
