"""A logprob literal past the double range (``1e400``) is refused however the record is read.

Alone, the strict decoder refuses it (``Number out of range`` at its typed path, H20). A ``NaN`` /
``Infinity`` logprob (as lm15 writes it) or a lone surrogate escape in the same record sends the
lenient reader to Python's JSON reading, where ``json.loads`` reads ``1e400`` as infinity: the
record was read (round 27's left item), or refused otherwise with unknown="keep". Here each record
is read as the same record with its non-finite logprobs written ``-0.5`` reads: the same error,
message and path included, at ``lc.decode`` (strict or lenient, unknown "error" or "keep") and
``lc.jsonl.read``."""

from __future__ import annotations

import io
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

_NON_FINITE = ("NaN", "Infinity", "-Infinity")
_FINITE = ("-0.5", "-1e300", "-2.5")
_PAST = ("1e400", "-1e400", "1.8e308")
_SURROGATE = "\\ud800"


def _event(logprob: str, top: str, text: str) -> str:
    return (
        f'{{"type":"delta","delta":{{"type":"text","part_index":0,"text":"{text}","logprobs":'
        f'[{{"token":"a","logprob":{logprob},"top":[{{"token":"b","logprob":{top}}}]}}]}}}}'
    )


def _unknown() -> str:
    return '{"type":"zzz","n":[1]}'


def _finite(record: str) -> str:
    """The record with each non-finite logprob written -0.5."""
    for token in ("-Infinity", "Infinity", "NaN"):
        record = record.replace(f'"logprob":{token}', '"logprob":-0.5')
    return record


def _outcome(record: str, tp: Any, lenient: bool, unknown: str) -> Any:
    try:
        return ("read", lc.decode(record.encode(), tp, lenient=lenient, unknown=unknown))  # type: ignore[call-overload]
    except lc.LmcodecError as exc:
        return type(exc), str(exc)


_LOGPROB = st.sampled_from(_NON_FINITE + _FINITE + _PAST)


@settings(max_examples=examples(200), deadline=None)
@given(
    pairs=st.lists(st.tuples(_LOGPROB, _LOGPROB, st.sampled_from(["a", _SURROGATE])), min_size=1, max_size=4),
    past=st.sampled_from(_PAST),
    non_finite=st.sampled_from(_NON_FINITE),
    at=st.integers(0, 3),
    unknown_at=st.none() | st.integers(0, 4),
    lenient=st.booleans(),
)
def test_a_literal_past_the_double_range_is_refused_as_alone(
    pairs: list[tuple[str, str, str]],
    past: str,
    non_finite: str,
    at: int,
    unknown_at: int | None,
    lenient: bool,
) -> None:
    pairs = [*pairs, (non_finite, past, "a")]  # at least one of each
    if not lenient:  # the strict reader refuses a lone surrogate escape where it meets it: another fault
        pairs = [(logprob, top, "a") for logprob, top, _ in pairs]
    events = [_event(*pair) for pair in pairs]
    events.insert(at % len(events), events.pop())
    unknown = "error"
    if unknown_at is not None:
        events.insert(unknown_at % (len(events) + 1), _unknown())
        unknown = "keep"
    record = "[" + ",".join(events) + "]"
    expected = _outcome(_finite(record), list[lc.StreamEvent], lenient, unknown)
    got = _outcome(record, list[lc.StreamEvent], lenient, unknown)
    assert expected[0] is lc.ValidationError and "Number out of range" in expected[1], expected
    assert got == expected


def _response(logprob: str, top: str, text: str) -> str:
    return (
        f'{{"id":"r","model":"m","message":{{"role":"assistant","parts":[{{"type":"text","text":"{text}"}}]}},'
        '"finish_reason":"stop","usage":{},'
        f'"logprobs":[{{"token":"a","logprob":{logprob},"top":[{{"token":"b","logprob":{top}}}]}}]}}'
    )


def _jsonl(line: str, lenient: bool, unknown: str) -> Any:
    reader = lc.jsonl.read(io.BytesIO(line.encode() + b"\n"), lc.Response, lenient=lenient, unknown=unknown)  # type: ignore[arg-type]
    try:
        return ("read", list(reader))
    except lc.LmcodecError as exc:
        return type(exc), str(exc)


def test_a_response_and_its_jsonl_line() -> None:
    """Each order of the two, with or without a lone surrogate, at both readers."""
    for text in ("x", _SURROGATE):
        for logprob, top in (("NaN", "1e400"), ("1e400", "NaN"), ("-Infinity", "-1e400"), ("1e400", "-1")):
            record = _response(logprob, top, text)
            for lenient in (False, True):
                for unknown in ("error", "keep"):
                    got = _outcome(record, lc.Response, lenient, unknown)
                    if text == _SURROGATE and not lenient and _finite(record) == record:
                        # the strict reader's first fault: the escape (a NaN before it sends the
                        # reading on to the literal, refused as below)
                        assert got[0] is lc.DecodeError and "surrogate" in got[1], got
                        continue
                    expected = _outcome(
                        _finite(record).replace(_SURROGATE, "x"), lc.Response, lenient, unknown
                    )
                    assert expected[0] is lc.ValidationError and "Number out of range" in expected[1]
                    assert got == expected, (record, lenient, unknown)
                    line = _jsonl(record, lenient, unknown)
                    assert line[0] is lc.RecordError and expected[1] in line[1], (record, line)


def test_the_path_names_the_literal() -> None:
    """Read leniently past a NaN and a lone surrogate escape (Python's JSON reading), the refusal
    still names the literal's typed path."""
    record = "[" + _event("NaN", "-0.5", _SURROGATE) + "," + _event("-1e300", "1e400", "a") + "]"
    got = _outcome(record, list[lc.StreamEvent], True, "error")
    assert got == (lc.ValidationError, "Number out of range - at `$[1].delta.logprobs[0].top[0].logprob`")
