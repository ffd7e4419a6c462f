"""Wire objects cross process boundaries (multiprocessing, Dask): pickling round-trips them."""

from __future__ import annotations

import pickle

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs.jsonl import RecordError


def test_turn_pickles() -> None:
    turn = lc.from_builtins(turn_dicts(1)[0], lc.Turn)
    assert pickle.loads(pickle.dumps(turn)) == turn


def test_types_with_hidden_fields_and_constructor_defaults_pickle() -> None:
    objects = [
        lc.Reasoning(effort="low"),
        lc.Reasoning(thinking_budget=5000),
        lc.TextDelta("a"),
        lc.ContinuationDelta("p", "k"),
        lc.ImagePart(path="a/b.png"),
        lc.StreamEndEvent("stop", lc.Usage(1, 2)),
    ]
    for obj in objects:
        assert pickle.loads(pickle.dumps(obj)) == obj


def test_record_error_pickles() -> None:
    err = RecordError("bad", line=3, offset=10, path="$.request", cause=lc.DecodeError("x"))
    back = pickle.loads(pickle.dumps(err))
    assert (back.line, back.offset, back.path, str(back)) == (3, 10, "$.request", str(err))
