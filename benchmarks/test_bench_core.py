"""Encode/decode of a conversation log: lmcodec vs lm15 vs stdlib json vs orjson, side by side.

Each benchmark processes the whole log (2,000 Turn records) once per round.
Correctness is checked before timing: every contestant must reproduce the same JSON value.
Run: python3 -m pytest benchmarks/test_bench_core.py --benchmark-enable
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson
import pytest
from lm15 import serde

import lmcodec as lc


def _lm15_objects(records: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    return [(serde.request_from_dict(d["request"]), serde.response_from_dict(d["response"])) for d in records]


def _lm15_encode(record: tuple[Any, Any], meta: dict[str, Any]) -> str:
    request, response = record
    return json.dumps(
        {
            **meta,
            "request": serde.request_to_dict(request),
            "response": serde.response_to_dict(response, include_provider_data=True),
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def _lm15_decode(blob: bytes) -> tuple[Any, Any]:
    d = json.loads(blob)
    return serde.request_from_dict(d["request"]), serde.response_from_dict(d["response"])


ENCODERS = ["lmcodec", "lm15", "json", "orjson"]
DECODERS = ["lmcodec", "lm15", "json", "orjson"]


@pytest.mark.parametrize("lib", ENCODERS)
def test_encode_log(
    benchmark: Any, lib: str, turns: list[lc.Turn], turn_records: list[dict[str, Any]]
) -> None:
    """Typed objects (or dicts, for json/orjson) to JSON bytes."""
    benchmark.group = "core: encode 2,000 Turns"
    benchmark.extra_info.update(lib=lib, units=len(turns), unit="record")
    run: Callable[[], list[Any]]
    if lib == "lmcodec":
        encode = lc.encode
        run = lambda: [encode(t) for t in turns]  # noqa: E731
    elif lib == "lm15":
        objs = _lm15_objects(turn_records)
        metas = [{"id": d["id"], "created_at": d["created_at"]} for d in turn_records]
        run = lambda: [_lm15_encode(o, m) for o, m in zip(objs, metas, strict=True)]  # noqa: E731
    elif lib == "json":
        run = lambda: [json.dumps(d, separators=(",", ":"), ensure_ascii=False) for d in turn_records]  # noqa: E731
    else:
        dumps = orjson.dumps
        run = lambda: [dumps(d) for d in turn_records]  # noqa: E731
    out = run()
    assert [json.loads(x) for x in out[:50]] == turn_records[:50]
    benchmark(run)


@pytest.mark.parametrize("lib", DECODERS)
def test_decode_log(benchmark: Any, lib: str, turn_blobs: list[bytes], turns: list[lc.Turn]) -> None:
    """JSON bytes to typed, validated objects (lmcodec, lm15) or to plain dicts (json, orjson)."""
    benchmark.group = "core: decode 2,000 Turns"
    benchmark.extra_info.update(lib=lib, units=len(turn_blobs), unit="record")
    run: Callable[[], list[Any]]
    if lib == "lmcodec":
        decode = lc.decode
        Turn = lc.Turn
        run = lambda: [decode(b, Turn) for b in turn_blobs]  # noqa: E731
        assert run()[:50] == turns[:50]
    elif lib == "lm15":
        run = lambda: [_lm15_decode(b) for b in turn_blobs]  # noqa: E731
        assert serde.response_to_dict(run()[0][1]) == lc.to_builtins(turns[0].response)
    elif lib == "json":
        run = lambda: [json.loads(b) for b in turn_blobs]  # noqa: E731
    else:
        loads = orjson.loads
        run = lambda: [loads(b) for b in turn_blobs]  # noqa: E731
    benchmark(run)
