"""A non-finite logprob (``-Infinity``/``NaN``, as lm15 writes it) through lc.llm.from_turn and
lc.llm.encode comes back (red team 12 F09 (b)): the lm15 channel wrote it as ``null`` (a plain
float("-inf") is null to msgspec), which to_turn then refused ("Expected `float`, got `null`");
it is now spelled as llm's json.dumps spells it."""

from __future__ import annotations

import json
import math

import pytest

import lmcodec as lc
import lmcodec.llm as llm

from ..turns import numbered_turns

VALUES = {"-inf": float("-inf"), "inf": float("inf"), "nan": float("nan")}


def _turn(value: float, *, read_from_a_log: bool) -> lc.Turn:
    record = json.loads(lc.encode(numbered_turns(1)[0]))
    record["response"]["logprobs"] = [
        {"token": "a", "logprob": value, "top": [{"token": "b", "logprob": value}]},
        {"token": "c", "logprob": -0.5},
    ]
    if read_from_a_log:  # lm15's to_dict + json.dumps, read back as lmcodec reads it
        return lc.decode(json.dumps(record).encode(), lc.Turn, lenient=True)
    return lc.from_builtins(record, lc.Turn)  # lm15's own dicts


def _same_logprobs(a: lc.Turn, b: lc.Turn) -> bool:
    got = [(p.logprob, [t.logprob for t in p.top]) for p in a.response.logprobs or ()]
    want = [(p.logprob, [t.logprob for t in p.top]) for p in b.response.logprobs or ()]
    flat = [
        (x, y)
        for (g, gt), (w, wt) in zip(got, want, strict=True)
        for x, y in zip([g, *gt], [w, *wt], strict=True)
    ]
    return all(x == y or (math.isnan(x) and math.isnan(y)) for x, y in flat)


@pytest.mark.parametrize("read_from_a_log", [True, False], ids=["lenient read", "from_builtins"])
@pytest.mark.parametrize("name", VALUES)
def test_a_nonfinite_logprob_comes_back_through_llms_format(name: str, read_from_a_log: bool) -> None:
    turn = _turn(VALUES[name], read_from_a_log=read_from_a_log)
    line = llm.encode(llm.from_turn(turn))
    spelled = {"-inf": b'"logprob":-Infinity', "inf": b'"logprob":Infinity', "nan": b'"logprob":NaN'}[name]
    assert line.count(spelled) == 2
    # as llm's json.dumps writes the record
    assert (
        line
        == json.dumps(llm.to_builtins(llm.decode(line)), ensure_ascii=False, separators=(",", ":")).encode()
    )
    back = llm.to_turn(llm.decode(line))
    assert _same_logprobs(back, turn)
    assert lc.encode(back) == lc.encode(turn)
