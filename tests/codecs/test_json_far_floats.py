"""Red team 47 F01: floats of a decimal scale of 289+ in lc.decode's untyped positions read at
``float``'s speed (wire/_float_literals.float_literal as msgspec's float_hook), to the value and
refusal msgspec's own parser gives."""

from __future__ import annotations

import time
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs._hooks import dec_hook
from lmcodec.codecs.json import decoder_for
from tests.budget import examples


def _literal(sign: str, mantissa: str, frac: str, exp: int, upper: bool, plus: bool, zeros: int) -> str:
    fraction = "." + frac if frac else ""
    return f"{sign}{mantissa}{fraction}{'E' if upper else 'e'}{'+' if plus else ''}{'0' * zeros}{exp}"


_FAR = st.builds(
    _literal,
    st.sampled_from(["", "-"]),
    st.integers(1, 10**19).map(str),
    st.sampled_from(["", "0", "5", "7976931348623157", "0000000000000000000001", "9" * 25]),
    st.integers(280, 330),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2),
)
_NEAR = st.sampled_from(["0.5", "-0.0", "1e-400", "4.9e-324", "1E5", "2.5e-300", "17", "1" + "0" * 30])


def _tool_call(numbers: list[str]) -> bytes:
    listed = ",".join(f'{{"n":{number}}}' if i % 3 == 2 else number for i, number in enumerate(numbers))
    return f'{{"type":"tool_call","id":"c","name":"f","input":{{"x":[{listed}]}}}}'.encode()


def _plain_msgspec(body: bytes) -> Any:
    """What lc.decode returned before the hook: msgspec's own float parser, same target and hooks."""
    return msgspec.json.Decoder(lc.Part, dec_hook=dec_hook).decode(body)


def _outcome(read: Any, body: bytes) -> Any:
    try:
        return ("value", read(body))
    except (msgspec.ValidationError, lc.LmcodecError) as exc:
        return ("error", str(exc))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(_FAR, _NEAR), min_size=1, max_size=8))
def test_far_floats_decode_as_msgspec_reads_them(numbers: list[str]) -> None:
    body = _tool_call(numbers)
    assert _outcome(lambda b: lc.decode(b, lc.Part), body) == _outcome(_plain_msgspec, body)


def test_out_of_range_literal_is_msgspecs_refusal() -> None:
    body = _tool_call(["1", "1e400"])
    assert _outcome(lambda b: lc.decode(b, lc.Part), body) == (
        "error",
        "Number out of range - at `$.input[...][1]`",
    )


def test_untyped_floats_go_through_the_hook() -> None:
    # structural: the decoder hands float literals at untyped positions to float_literal
    from lmcodec.wire._float_literals import float_literal

    assert decoder_for(lc.Part).float_hook is float_literal


def _cpu(body: bytes) -> float:
    started = time.process_time()
    lc.decode(body, lc.Part)
    return time.process_time() - started


def test_twenty_thousand_far_floats_cost_as_plain_floats() -> None:
    # msgspec's slow path: ~10 us a number, 30-60x the same body of 1.5s; float_literal: ~1-2x
    far, near = _tool_call(["1.7976931348623157e308"] * 20_000), _tool_call(["1.5"] * 20_000)
    lc.decode(near, lc.Part)
    assert _cpu(far) < 8 * _cpu(near) + 0.02
    part = lc.decode(far, lc.Part)
    assert isinstance(part, lc.ToolCallPart) and part.input["x"][-1] == 1.7976931348623157e308
