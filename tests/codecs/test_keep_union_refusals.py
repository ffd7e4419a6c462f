"""``unknown="keep"`` of a union target (Part, Delta, StreamEvent, Tool) that the keeping reader
refuses: the narrow reading of such a target is the walk's own ``_keep._item`` at ``$``, so its
refusal is the walk's and the walk is not run again (red team 50 F03's deep_keep / dup_keep read
the text once more for it: ``benchmarks/refusal_cost_callgrind.py``)."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs import _keep, _keep_json
from lmcodec.codecs.json import decoder_for

from ..budget import examples

TARGETS: dict[str, Any] = {"Part": lc.Part, "Delta": lc.Delta, "StreamEvent": lc.StreamEvent, "Tool": lc.Tool}
_KNOWN = {
    "Part": '{"type":"image","media_type":"image/jpeg","url":"https://e.com/a.jpg","detail":"auto"}',
    "Delta": '{"type":"text","part_index":0,"text":"a"}',
    "StreamEvent": '{"type":"start","id":"r","model":"m"}',
    "Tool": '{"type":"function","name":"f","parameters":{"type":"object"}}',
}
# faults spliced in before the closing brace: a key repeated, a value of the wrong type, deep
# nesting, a bad nested value, an unknown key
_FAULTS = st.sampled_from(
    [
        ',"detail":"BAD"',
        ',"part_index":"x"',
        ',"text":5',
        ',"part_index":' + '{"a":' * 1500 + "1" + "}" * 1500,
        ',"zz":' + "[" * 1500 + "]" * 1500,
        ',"name":' + '"' + "n" * 100 + '"',
        ',"type":"zzz"',
        ',"id":7,"model":[1]',
        ',"parameters":3',
    ]
)


def _outcome(read: Any) -> Any:
    try:
        got = read()
    except lc.LmcodecError as exc:
        return type(exc), str(exc), getattr(exc, "path", None), getattr(exc, "offset", None)
    return type(got), lc.encode(got).strip()  # (a kept top-level item's raw keeps the input's blanks)


def _strict_error(data: bytes, tp: Any) -> msgspec.ValidationError | None:
    try:
        decoder_for(tp).decode(data)
    except msgspec.ValidationError as exc:
        return exc
    except msgspec.DecodeError:
        return None
    return None


@settings(max_examples=examples(200), deadline=None)
@given(
    name=st.sampled_from(sorted(TARGETS)),
    faults=st.lists(_FAULTS, min_size=1, max_size=2),
    lead=st.booleans(),
)
def test_a_union_target_reads_or_is_refused_as_the_walk_reads_it(
    name: str, faults: list[str], lead: bool
) -> None:
    tp = TARGETS[name]
    text = _KNOWN[name][:-1] + "".join(faults) + "}"
    data = (b"  " if lead else b"") + text.encode()
    first = _strict_error(data, tp)
    if first is None:
        return  # (not the keeping reader's input: the strict decoder read it or found it malformed)
    assert _outcome(lambda: _keep_json.decode(data, tp, first)) == _outcome(
        lambda: _keep.decode(data, tp, "json")
    )


@pytest.mark.parametrize(
    "name, data",
    [
        ("Delta", b'{"type":"audio","part_index":' + b'{"a":' * 5000 + b"1" + b"}" * 5000 + b"}"),
        ("Part", _KNOWN["Part"][:-1].encode() + b',"detail":"' + b"A" * 5000 + b'"}'),
        ("StreamEvent", b'{"type":"start","id":5,"model":"m"}'),
    ],
)
def test_a_refused_union_target_is_not_walked_again(
    name: str, data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    walks: list[Any] = []
    walk = _keep.decode

    def counted(*args: Any) -> Any:
        walks.append(args[1])
        return walk(*args)

    monkeypatch.setattr(_keep, "decode", counted)
    with pytest.raises(lc.LmcodecError) as caught:
        lc.decode(data, TARGETS[name], unknown="keep")
    assert walks == [], walks
    assert type(caught.value) is type(_outcome_of_walk(data, TARGETS[name], walk))


def _outcome_of_walk(data: bytes, tp: Any, walk: Any) -> BaseException:
    try:
        walk(data, tp, "json")
    except lc.LmcodecError as exc:
        return exc
    raise AssertionError("the walk read it")


def test_an_unknown_union_target_is_still_kept() -> None:
    got = lc.decode(b' {"type":"hologram","frames":3} ', lc.Part, unknown="keep")
    assert isinstance(got, lc.UnknownPart) and got.value == json.loads(b'{"type":"hologram","frames":3}')
