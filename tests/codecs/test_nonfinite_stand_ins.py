"""A genuine logprob equal to a stand-in of ``codecs/_nonfinite`` (red team 55 F05).

A far (past 1e288) or non-finite logprob is read by putting a stand-in, a negative subnormal, in
its place while msgspec converts, then the value back in place of the stand-in. The stand-ins
were fixed values (-1e-320 .. -3e-320 for NaN and the infinities, -4e-320 - k * 5e-324 for far
ones): a genuine logprob equal to one was counted as put back, and lc.encode's own output was
refused by lc.decode, lc.msgpack.decode and the keeping readers. Logprobs are drawn here among the
stand-in values, beside far and non-finite ones: every reader gives back what was written.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

_STAND_IN_VALUES = [-1e-320, -2e-320, -3e-320, *(-4e-320 - k * 5e-324 for k in range(4))]
_LOGPROBS = st.one_of(
    st.sampled_from(_STAND_IN_VALUES),
    st.sampled_from(
        [-0.5, -1e300, 1e289, -1.7976931348623157e308, float("nan"), float("inf"), -float("inf")]
    ),
)


def _response(logprobs: list[tuple[float, float]]) -> lc.Response:
    return lc.Response(
        id="r",
        model="m",
        message=lc.Message(role="assistant", parts=(lc.TextPart(text="ab"),)),
        finish_reason="stop",
        usage=lc.Usage(),
        logprobs=tuple(
            lc.TokenLogprob(token=f"t{i}", logprob=own, top=(lc.TopLogprob(token=f"u{i}", logprob=top),))
            for i, (own, top) in enumerate(logprobs)
        ),
    )


def _seen(response: Any) -> list[Any]:
    """The logprobs of ``response`` as comparable text (``repr``: NaN equal to NaN, -0.0 its own)."""
    assert isinstance(response, lc.Response), response
    return [
        (t.token, repr(t.logprob), [(u.token, repr(u.logprob)) for u in t.top])
        for t in response.logprobs or ()
    ]


def _with_unknown_part(builtins: dict[str, Any]) -> dict[str, Any]:
    message = builtins["message"]
    return {**builtins, "message": {**message, "parts": [*message["parts"], {"type": "zzz_new", "n": 1}]}}


PAIRS = st.lists(st.tuples(_LOGPROBS, _LOGPROBS), min_size=1, max_size=4)


@settings(max_examples=examples(150), deadline=None)
@given(PAIRS)
def test_lc_encode_output_reads_back_whatever_logprobs_equal_a_stand_in(
    pairs: list[tuple[float, float]],
) -> None:
    response = _response(pairs)
    want = _seen(response)
    if all(math.isfinite(value) for pair in pairs for value in pair):  # (NaN is not canonical JSON)
        assert _seen(lc.decode(lc.encode(response), lc.Response)) == want
    assert _seen(lc.decode(lc.encode(response), lc.Response, lenient=True)) == want
    assert _seen(lc.msgpack.decode(lc.msgpack.encode(response), lc.Response)) == want
    assert _seen(lc.from_builtins(json.loads(lc.encode(response)), lc.Response)) == want


@settings(max_examples=examples(150), deadline=None)
@given(PAIRS)
def test_the_keeping_readers_read_logprobs_equal_to_a_stand_in(pairs: list[tuple[float, float]]) -> None:
    response = _response(pairs)
    want = _seen(response)
    builtins = _with_unknown_part(json.loads(lc.encode(response)))
    text = json.dumps(builtins).encode()  # (json.dumps writes NaN / Infinity as lc.encode does)
    kept = lc.decode(text, lc.Response, unknown="keep", lenient=True)
    assert _seen(kept) == want
    assert isinstance(kept.message.parts[-1], lc.UnknownPart)
    packed = msgspec.msgpack.encode(builtins)
    kept_packed = lc.msgpack.decode(packed, lc.Response, unknown="keep")
    assert _seen(kept_packed) == want
    assert isinstance(kept_packed.message.parts[-1], lc.UnknownPart)


def test_a_genuine_logprob_equal_to_the_first_far_stand_in_beside_a_far_one() -> None:
    """Red team 55's reproducer: -4e-320 beside -1e300, and a NaN beside -1e-320 (its stand-in)."""
    for pair in ((-1e300, -4e-320), (float("nan"), -1e-320)):
        response = _response([pair])
        assert _seen(lc.decode(lc.encode(response), lc.Response, lenient=True)) == _seen(response)
        assert _seen(lc.msgpack.decode(lc.msgpack.encode(response), lc.Response)) == _seen(response)


def test_a_nan_logprob_in_a_payload_beside_a_genuine_stand_in_value_is_refused_as_beside_another() -> None:
    """The JSON text's fast path stood ``NaN`` in for -1e-320 in the bytes: a ``"logprob": NaN``
    inside a DataPart's value (not a logprob: refused) beside a genuine -1e-320 logprob counted
    one put back, and read the logprob as NaN, the payload as -1e-320."""
    outcomes = []
    for genuine in ("-0.5", "-1e-320"):
        text = (
            '{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"},'
            '{"type":"data","value":{"logprob":NaN}}]},"finish_reason":"stop","usage":{},'
            f'"logprobs":[{{"token":"a","logprob":{genuine}}}]}}'
        ).encode()
        try:
            outcomes.append(lc.decode(text, lc.Response, lenient=True))
        except lc.DecodeError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1]
    assert isinstance(outcomes[0], str)
