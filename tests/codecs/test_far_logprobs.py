"""Far logprobs (``1e300``: msgspec 0.23 parses each on a slow path, ~10-100 us) in canonical
records: ``FiniteFloat``'s bound (1e288) refuses the first, and the record is read from its
builtins (the float hook) with the far logprobs stood in for; the values are msgspec's (and
``json.loads``'s), a literal past the double range is still msgspec's ``Number out of range`` at
its path, and MessagePack and builtins read them as before."""

from __future__ import annotations

import io
import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs.json import decoder_for
from tests.budget import examples

_LITERALS = st.one_of(
    st.builds(lambda m, e: f"{m}e{e}", st.integers(1, 10**19), st.integers(280, 330)),
    st.builds(lambda m, e: f"-{m}E+0{e}", st.integers(1, 10**17), st.integers(286, 308)),
    st.sampled_from(["1.7976931348623157e308", "-1e288", "1e289", "-0.5", "0", "1e309", "-1e400"]),
)


def _response(n: int) -> lc.Response:
    tops = (lc.TopLogprob(token="b", logprob=-0.5), lc.TopLogprob(token="c", logprob=-0.5))
    logprobs = tuple(lc.TokenLogprob(token="a", logprob=-0.5, top=tops) for _ in range(n))
    return lc.Response("r", "m", lc.Message.assistant("x"), "stop", lc.Usage(), logprobs=logprobs)


def _with(literals: list[str]) -> bytes:
    """A Response whose logprobs (each token's and its two alternatives') are ``literals``."""
    text = lc.encode(_response(len(literals)))
    parts = text.split(b"-0.5")
    out = parts[0]
    for i, part in enumerate(parts[1:]):
        out += literals[i // 3].encode() + part
    return out


def _expected(literals: list[str]) -> object:
    """msgspec's own reading of each literal (the value before), or its refusal."""
    try:
        return [msgspec.json.decode(x.encode(), type=float) for x in literals]
    except msgspec.ValidationError as exc:
        return str(exc).split(" - ")[0]


def _values(response: lc.Response) -> list[float]:
    return [float(t.logprob) for t in response.logprobs or ()]


@settings(max_examples=examples(100), deadline=None)
@given(literals=st.lists(_LITERALS, min_size=1, max_size=4), lenient=st.booleans())
def test_far_logprobs_read_as_msgspec_reads_them(literals: list[str], lenient: bool) -> None:
    expected = _expected(literals)
    try:
        read = lc.decode(_with(literals), lc.Response, lenient=lenient)
    except lc.ValidationError as exc:
        assert expected == "Number out of range" and str(exc).startswith("Number out of range - at")
        assert exc.path.startswith("$.logprobs[")
    else:
        assert _values(read) == expected
        assert [float(a.logprob) for t in read.logprobs or () for a in t.top] == [
            v for v in expected for _ in range(2)
        ]
        assert json.loads(lc.encode(read)) == json.loads(_with(literals))


def test_out_of_range_is_refused_at_its_path_after_a_far_logprob() -> None:
    with pytest.raises(lc.ValidationError, match=r"Number out of range - at `\$\.logprobs\[1\]\.logprob`"):
        lc.decode(_with(["1e300", "1e400"]), lc.Response)


def test_far_logprobs_in_events_turns_and_json_lines() -> None:
    data = _with(["1e300", "-1e301"])
    response = lc.decode(data, lc.Response)
    assert _values(response) == [1e300, -1e301]
    event = lc.StreamDeltaEvent(lc.TextDelta(part_index=0, text="x", logprobs=response.logprobs))
    assert lc.decode(lc.encode(event), lc.StreamEvent) == event
    turn = lc.Turn(request=lc.Request("m", [lc.Message.user("hi")]), response=response)
    assert lc.decode(lc.encode(turn), lc.Turn) == turn
    log = io.BytesIO()
    lc.jsonl.write(log, [turn, turn])
    assert list(lc.jsonl.read(log.getvalue(), lc.Turn)) == [turn, turn]


def test_msgpack_and_builtins_keep_far_logprobs() -> None:
    response = lc.decode(_with(["1e300", "-1.7976931348623157e308", "-0.25"]), lc.Response)
    assert lc.msgpack.decode(lc.msgpack.encode(response), lc.Response) == response
    assert lc.from_builtins(lc.to_builtins(response), lc.Response) == response


def test_a_far_logprob_beside_a_non_finite_one_reads_leniently() -> None:
    text = _with(["1e300", "-0.5"]).replace(b"-0.5", b"NaN", 1)
    read = lc.decode(text, lc.Response, lenient=True)
    assert _values(read)[0] == 1e300 and _values(read)[1] != _values(read)[1]


def test_the_strict_decoder_refuses_a_far_logprob_at_the_bound() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"1e\+288 - at `\$\.logprobs\[0\]\.logprob`"):
        decoder_for(lc.Response).decode(_with(["1e300"]))


def test_another_fault_after_a_far_logprob_is_refused_at_its_path() -> None:
    text = _with(["1e300", "-0.5"]).replace(b'"token":"c"', b'"token":5', 2)
    with pytest.raises(
        lc.ValidationError, match=r"Expected `str`, got `int` - at `\$\.logprobs\[0\]\.top\[1\]\.token`"
    ):
        lc.decode(text, lc.Response)


_KEPT_BESIDE = (
    '[{"type":"delta","delta":{"type":"text","part_index":0,"text":"a","logprobs":'
    '[{"token":"a","logprob":LOGPROB,"top":[{"token":"b","logprob":LOGPROB}]}]}},{"type":"zzz","n":1}]'
)


@pytest.mark.parametrize("literal", ["-1e300", "-1.7976931348623157e308", "1e289"])
def test_a_far_logprob_beside_an_unknown_item_is_kept(literal: str) -> None:
    """unknown="keep" of events holding a logprob the bound refuses and an unknown event: read, the
    logprob as json.loads reads it and the unknown event kept (the keeping reader's typed decoders
    hold logprobs to the bound: the stand-ins carry them past it)."""
    data = _KEPT_BESIDE.replace("LOGPROB", literal).encode()
    events = lc.decode(data, list[lc.StreamEvent], unknown="keep")
    expected = json.loads(data)
    delta = events[0].delta
    assert isinstance(delta, lc.TextDelta)
    got = float(delta.logprobs[0].logprob), float(delta.logprobs[0].top[0].logprob)
    token = expected[0]["delta"]["logprobs"][0]
    assert repr(got) == repr((float(token["logprob"]), float(token["top"][0]["logprob"])))
    assert isinstance(events[1], lc.UnknownEvent)
    assert lc.encode(events[1]) == b'{"type":"zzz","n":1}'
