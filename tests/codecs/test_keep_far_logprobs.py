"""``lc.decode(..., unknown="keep")`` of a record whose logprobs are far (past the 1e288 bound) or
non-finite (``NaN``, ``Infinity``, as lm15 writes them) beside an unknown item, or inside it: read
as the strict reader reads the same record without the unknown item, plus the item kept as the
keeping reader keeps it beside ordinary logprobs (its raw bytes as they came, its value read from
them). The keeping reader's typed decoders hold logprobs to the bound and NaN is not JSON, so
these records were refused (a far logprob inside the kept item, a NaN beside it), or read with the
item's bytes respelt (the builtins' way, 06f3b8bf). MessagePack holds the same logprobs as
float64s, which its keeping reader's typed decoders refused at the same bound (NaN and inf too)."""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

_LOGPROBS = st.sampled_from(
    ["-0.5", "-1e300", "1e289", "-1.7976931348623157e308", "NaN", "-Infinity", "Infinity", "-1e288", "1e400"]
)
# an unknown item's own numbers: ordinary, far, spelt as JSON allows and msgspec would respell
_INSIDE = st.sampled_from(["1", "1E5", "-1e300", "1e-7", "-0.50", "1.7976931348623157e308"])


def _event(logprob: str) -> str:
    return (
        '{"type":"delta","delta":{"type":"text","part_index":0,"text":"a","logprobs":'
        f'[{{"token":"a","logprob":{logprob},"top":[{{"token":"b","logprob":{logprob}}}]}}]}}}}'
    )


def _unknown(inside: str, key: str) -> str:
    return f'{{"type":"zzz", "{key}" : {inside},"n":[{inside}]}}'


def _response(logprob: str, parts: str) -> str:
    return (
        '{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"}'
        f"{parts}]}},"
        '"finish_reason":"stop","usage":{},'
        f'"logprobs":[{{"token":"a","logprob":{logprob},"top":[{{"token":"b","logprob":{logprob}}}]}}]}}'
    )


def _refused(got: Any, expected: Any, logprobs: list[str]) -> None:
    """Both refused by the same class (a DecodeError's byte offset moves with the unknown item),
    a ValidationError at the same path: a literal past the double range is refused at its path
    whatever stands beside it (a NaN sends no reader past it: rtleft28)."""
    assert isinstance(got, tuple) and got[0] is expected[0], (logprobs, got, expected)
    assert got[0] is not lc.ValidationError or got == expected, (logprobs, got, expected)


def _outcome(data: bytes, tp: Any, lenient: bool, unknown: str) -> Any:
    try:
        return lc.decode(data, tp, lenient=lenient, unknown=unknown)  # type: ignore[call-overload]
    except lc.LmcodecError as exc:
        return type(exc), str(exc)


@settings(max_examples=examples(150), deadline=None)
@given(
    logprobs=st.lists(_LOGPROBS, min_size=1, max_size=3),
    inside=_INSIDE,
    key=st.sampled_from(["logprob", "x"]),
    lenient=st.booleans(),
)
def test_events_beside_an_unknown_event_read_as_without_it(
    logprobs: list[str], inside: str, key: str, lenient: bool
) -> None:
    unknown = _unknown(inside, key)
    known = ",".join(_event(lp) for lp in logprobs)
    expected = _outcome(f"[{known}]".encode(), list[lc.StreamEvent], lenient, "error")
    got = _outcome(f"[{known},{unknown}]".encode(), list[lc.StreamEvent], lenient, "keep")
    if isinstance(expected, tuple):
        _refused(got, expected, logprobs)
        return
    assert not isinstance(got, tuple), got
    *events, kept = got
    assert [lc.encode(e) for e in events] == [lc.encode(e) for e in expected]
    assert isinstance(kept, lc.UnknownEvent)
    assert kept.raw == unknown.encode() and lc.encode(kept) == unknown.encode()
    alone = lc.decode(f"[{_event('-0.5')},{unknown}]".encode(), list[lc.StreamEvent], unknown="keep")
    assert kept == alone[1]
    assert repr(kept.value) == repr(json.loads(unknown))


@settings(max_examples=examples(100), deadline=None)
@given(logprob=_LOGPROBS, inside=_INSIDE, key=st.sampled_from(["logprob", "x"]), lenient=st.booleans())
def test_a_response_beside_an_unknown_part_reads_as_without_it(
    logprob: str, inside: str, key: str, lenient: bool
) -> None:
    """The logprobs sit in the Response's own field (the keeping reader's skeleton reads it), the
    unknown item among its message's parts."""
    unknown = _unknown(inside, key)
    expected = _outcome(_response(logprob, "").encode(), lc.Response, lenient, "error")
    got = _outcome(_response(logprob, "," + unknown).encode(), lc.Response, lenient, "keep")
    if isinstance(expected, tuple):
        _refused(got, expected, [logprob])
        return
    assert not isinstance(got, tuple), got
    *parts, kept = got.message.parts
    assert tuple(parts) == expected.message.parts
    assert lc.encode(got.logprobs) == lc.encode(expected.logprobs)
    assert isinstance(kept, lc.UnknownPart) and kept.raw == unknown.encode()


def test_a_nan_inside_the_unknown_item_is_refused_as_without_logprobs_beside_it() -> None:
    """A kept item is JSON: a ``NaN`` in it is refused whatever stands beside it."""
    unknown = '{"type":"zzz","logprob":NaN}'
    for logprob in ("-0.5", "-1e300", "NaN"):
        data = f"[{_event(logprob)},{unknown}]".encode()
        for lenient in (False, True):
            got = _outcome(data, list[lc.StreamEvent], lenient, "keep")
            assert isinstance(got, tuple) and got[0] is lc.DecodeError, (logprob, lenient, got)


_PACKED = st.sampled_from(
    [-0.5, -1e300, 1e289, -1.7976931348623157e308, math.nan, -math.inf, math.inf, -1e288]
)


def _packed_outcome(data: bytes, tp: Any, unknown: str) -> Any:
    try:
        return lc.msgpack.decode(data, tp, unknown=unknown)  # type: ignore[call-overload]
    except lc.LmcodecError as exc:
        return type(exc), str(exc)


def _logprob_types(events: Any) -> list[type]:
    return [type(t.logprob) for e in events for t in e.delta.logprobs]


@settings(max_examples=examples(150), deadline=None)
@given(
    logprobs=st.lists(_PACKED, min_size=1, max_size=3),
    inside=st.sampled_from([1, -1e300, math.nan, 1e-7, "s"]),
    key=st.sampled_from(["logprob", "x"]),
)
def test_messagepack_events_beside_an_unknown_event_read_as_without_it(
    logprobs: list[float], inside: Any, key: str
) -> None:
    known = [
        {
            "type": "delta",
            "delta": {
                "type": "text",
                "part_index": 0,
                "text": "a",
                "logprobs": [{"token": "a", "logprob": lp, "top": [{"token": "b", "logprob": lp}]}],
            },
        }
        for lp in logprobs
    ]
    unknown = {"type": "zzz", key: inside, "n": [inside]}
    expected = _packed_outcome(msgspec.msgpack.encode(known), list[lc.StreamEvent], "error")
    got = _packed_outcome(msgspec.msgpack.encode([*known, unknown]), list[lc.StreamEvent], "keep")
    assert not isinstance(expected, tuple), expected  # (the strict reader reads every drawn logprob)
    assert not isinstance(got, tuple), got
    *events, kept = got
    assert [lc.msgpack.encode(e) for e in events] == [lc.msgpack.encode(e) for e in expected]
    assert _logprob_types(events) == _logprob_types(expected)
    assert isinstance(kept, lc.UnknownEvent) and kept.raw == msgspec.msgpack.encode(unknown)
    assert repr(kept.value) == repr(unknown)
