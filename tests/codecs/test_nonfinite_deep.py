"""A non-finite logprob (lm15 keeps NaN / -inf and writes ``NaN``, as lc.encode does) beside a
payload nested deep: read as lm15 reads it, by every entry into the non-finite path (red team
F08: the copy that stands in for the NaN recursed two frames a level, so from ~500 levels the
record lc.encode wrote was refused as "JSON is malformed: invalid character" at the NaN)."""

from __future__ import annotations

import io
import json
import math

import lm15.serde as serde
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

DEPTHS = (480, 500, 700, 900)


def _response(depth: int, logprob: float) -> lc.Response:
    payload = json.loads('{"a":' * depth + "1" + "}" * depth)
    return lc.Response(
        id="r",
        model="m",
        message=lc.Message("assistant", [lc.ToolCallPart("c", "f", payload)]),
        finish_reason="tool_call",
        usage=lc.Usage(),
        logprobs=(lc.TokenLogprob("t", logprob, top=(lc.TopLogprob(token="u", logprob=float("-inf")),)),),
    )


def _same(got: lc.Response, want: lc.Response) -> None:
    assert got.message == want.message
    assert got.logprobs is not None and want.logprobs is not None
    assert math.isnan(got.logprobs[0].logprob)
    assert got.logprobs[0].top == want.logprobs[0].top


@pytest.mark.parametrize("depth", DEPTHS)
def test_lenient_decode_reads_what_encode_wrote(depth: int) -> None:
    want = _response(depth, float("nan"))
    data = lc.encode(want)
    serde.response_from_dict(json.loads(data))  # lm15 reads it
    _same(lc.decode(data, lc.Response, lenient=True), want)


@pytest.mark.parametrize("depth", DEPTHS)
def test_from_builtins_and_msgpack(depth: int) -> None:
    want = _response(depth, float("nan"))
    _same(lc.from_builtins(json.loads(lc.encode(want)), lc.Response), want)
    _same(lc.msgpack.decode(lc.msgpack.encode(want), lc.Response), want)


def test_jsonl_round_trip() -> None:
    want = _response(500, float("nan"))
    log = io.BytesIO()
    lc.jsonl.write(log, [want])
    reader = lc.jsonl.read(log.getvalue(), lc.Response, lenient=True, on_error="collect")
    back = list(reader)
    assert not reader.errors
    assert len(back) == 1
    _same(back[0], want)


def test_a_non_finite_number_elsewhere_in_a_deep_payload_stays_refused() -> None:
    want = _response(700, float("nan"))
    text = lc.encode(want).replace(b'"a":1', b'"a":NaN', 1)
    with pytest.raises(lc.DecodeError):
        lc.decode(text, lc.Response, lenient=True)


def _recursive_stand_in(value: object) -> tuple[object, int]:
    """The recursive copy the stack replaced (the reference for small values); a far logprob
    (past 1e288) is counted and kept as itself (the stack copy's stand-in for it maps back to it)."""
    from lmcodec.codecs._nonfinite import _STAND_INS

    replaced, other = 0, False

    def copy(item: object, key: object = None) -> object:
        nonlocal replaced, other
        if type(item) is float and math.isfinite(item) and abs(item) > 1e288:
            replaced += key == "logprob"
            return item
        if type(item) is float and not math.isfinite(item):
            if key != "logprob":
                other = True
                return item
            replaced += 1
            return _STAND_INS["nan" if item != item else "inf" if item > 0 else "-inf"]
        if type(item) is dict:
            return {k: copy(v, k) for k, v in item.items()}
        if type(item) is list or type(item) is tuple:
            return [copy(v) for v in item]
        return item

    out = copy(value)
    return out, 0 if other else replaced


_FLOATS = st.sampled_from(
    [float("nan"), float("inf"), float("-inf"), -0.5, 0.0, 1e300, -1.7976931348623157e308]
)


def _far_back(value: object, far: dict[float, float]) -> object:
    """``value`` with each far stand-in replaced by the logprob it stands for."""
    if type(value) is dict:
        return {k: _far_back(v, far) for k, v in value.items()}
    if type(value) is list:
        return [_far_back(v, far) for v in value]
    return far.get(value, value) if type(value) is float else value


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3) | _FLOATS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.sampled_from(["logprob", "a", "top", ""]), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=examples(600), deadline=None)
@given(_JSON)
def test_the_stack_copy_agrees_with_the_recursive_one(value: object) -> None:
    from lmcodec.codecs._nonfinite import _VALUES, _stand_in

    got, count, values = _stand_in(value)
    want, want_count = _recursive_stand_in(value)
    assert count == want_count
    if count:
        got = _far_back(got, {k: v for k, v in values.items() if k not in _VALUES})
        assert got == want  # every non-finite number was replaced: == is exact here
        assert json.dumps(got) == json.dumps(want)  # key order too
