"""The vectors lm15 1.5.0 produced itself: positive, normalize, reject and lossy."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..corpus import KIND_TYPES, has_fraction, load_json, needs_corpus, strict_equal

pytestmark = needs_corpus

VECTORS = load_json("lm15-1.5.0/vectors.json")


def _ids(group: str) -> list[Any]:
    return [pytest.param(v, id=v["id"]) for v in VECTORS.get(group, [])]


def test_counts() -> None:
    assert VECTORS["counts"] == {
        "positive": 362,
        "normalize": 81,
        "lossy": 5,
        "negative": 179,
        "kinds": 35,
        "types_covered": 71,
    }


@pytest.mark.parametrize("vector", _ids("positive"))
def test_positive_round_trip(vector: dict[str, Any]) -> None:
    tp = KIND_TYPES[vector["kind"]]
    text: str = vector["json"]
    obj = lc.decode(text.encode(), tp)
    assert type(obj).__name__ == vector["type"]
    kwargs = vector.get("to_dict_kwargs", {})
    out = lc.encode(obj, **kwargs)
    expected = json.loads(text)
    strict_equal(json.loads(out), expected)
    if not has_fraction(expected):
        assert out == text.encode()
    strict_equal(lc.to_builtins(obj, **kwargs), expected)
    assert lc.from_builtins(expected, tp) == obj
    assert lc.msgpack.decode(lc.msgpack.encode(obj, **kwargs), tp) == obj


@pytest.mark.parametrize("vector", _ids("normalize"))
def test_normalize_lenient(vector: dict[str, Any]) -> None:
    tp = KIND_TYPES[vector["kind"]]
    obj = lc.decode(vector["input_json"].encode(), tp, lenient=True)
    strict_equal(json.loads(lc.encode(obj)), json.loads(vector["json"]))
    assert lc.from_builtins(vector["input"], tp, lenient=True) == obj


@pytest.mark.parametrize("vector", _ids("negative"))
def test_reject(vector: dict[str, Any]) -> None:
    tp = KIND_TYPES[vector["kind"]]
    data = vector["input_json"].encode()
    with pytest.raises(lc.LmcodecError):
        lc.decode(data, tp)
    with pytest.raises(lc.LmcodecError):
        lc.decode(data, tp, lenient=True)


@pytest.mark.parametrize("vector", _ids("lossy"))
def test_lossy(vector: dict[str, Any]) -> None:
    tp = KIND_TYPES[vector["kind"]]
    readback = lc.decode(vector["json"].encode(), tp)
    strict_equal(lc.to_builtins(readback), vector["readback_value"])
    assert lc.encode(readback) == vector["json"].encode()
