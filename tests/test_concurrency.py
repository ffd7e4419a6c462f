"""Shared encoders and decoders used from 8 threads give the same results as sequential use.

lmcodec keeps one msgspec Encoder/Decoder per target type at module level
(built on first use) and caches the ``unknown="keep"`` skeletons; every
thread here goes through them at once, starting from empty caches, over a
workload that exercises every entry point: canonical JSON (strict, lenient,
unknown kept), MessagePack, builtins, llm, JSONL, provider streams and bodies,
assembly, and failing inputs.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import lmcodec as lc
from lmcodec import llm
from lmcodec.codecs import _keep
from lmcodec.codecs import json as lc_json
from lmcodec.codecs import msgpack as lc_msgpack

from . import fuzz_support as fs

THREADS = 8


def _digest(value: Any) -> Any:
    if isinstance(value, BaseException):
        return type(value).__name__, str(value)
    if isinstance(value, list):
        return [_digest(v) for v in value]
    if type(value).__module__.startswith("lmcodec.llm"):
        return llm.encode(value)
    return lc.encode(value, include_provider_data=True)


def _call(fn: Callable[[], Any]) -> Any:
    try:
        return _digest(fn())
    except lc.LmcodecError as exc:
        return _digest(exc)


def _workload() -> list[Callable[[], Any]]:
    rng = random.Random(8)
    calls: list[Callable[[], Any]] = []
    seeds = fs.json_seeds()
    for seed in seeds[:60]:
        data, tp = seed.data, seed.target
        bad = data.replace(b'"type":"text"', b'"type":"hologram"', 1)
        calls += [
            lambda d=data, t=tp: lc.decode(d, t),
            lambda d=bad, t=tp: lc.decode(d, t, unknown="keep"),
            lambda d=bad, t=tp: lc.decode(d, t, lenient=True),
            lambda d=data, t=tp: lc.decode(d[: len(d) // 2], t),
            lambda d=data, t=tp: lc.msgpack.decode(lc.msgpack.encode(lc.decode(d, t)), t),
            lambda d=bad, t=tp: lc.msgpack.decode(
                lc.msgpack.encode(lc.decode(d, t, unknown="keep")), t, unknown="keep"
            ),
            lambda d=data, t=tp: lc.from_builtins(lc.to_builtins(lc.decode(d, t)), t),
        ]
    for seed in fs.llm_seeds()[:40]:
        calls.append(lambda d=seed.data, t=seed.target: llm.decode(d, t))
    log = b"\n".join(s.data for s in seeds[:4]) + b"\n{broken\n"
    calls.append(lambda: list(lc.jsonl.read(log, lc.Turn, on_error="skip")))
    for seed in fs.stream_seeds():
        calls.append(
            lambda s=seed: list(lc.stream.decode(s.target, [s.data], request=fs.REQUEST, unknown="keep"))
        )
        calls.append(lambda s=seed: lc.assemble(lc.stream.decode(s.target, [s.data], request=fs.REQUEST)))
    for seed in fs.response_seeds()[:40]:
        calls.append(lambda s=seed: lc.decode_response(s.target, s.data, request=fs.REQUEST))
    rng.shuffle(calls)
    return calls


def _clear_caches() -> None:
    lc_json._decoders.clear()
    lc_msgpack._decoders.clear()
    with _keep._lock:
        _keep._skeletons.clear()
        _keep._plans.clear()
        for fmt in _keep._FORMATS.values():
            fmt._decoders.clear()


def test_threads_match_sequential_results() -> None:
    calls = _workload()
    expected = [_call(c) for c in calls]
    assert any(isinstance(e, tuple) for e in expected) and any(isinstance(e, bytes) for e in expected)
    _clear_caches()
    barrier = threading.Barrier(THREADS)

    def worker(offset: int) -> list[Any]:
        barrier.wait()
        order = list(range(len(calls)))
        random.Random(offset).shuffle(order)  # every thread in its own order, all at once
        results: list[Any] = [None] * len(calls)
        for i in order:
            results[i] = _call(calls[i])
        return results

    with ThreadPoolExecutor(THREADS) as pool:
        outcomes = list(pool.map(worker, range(THREADS)))
    for thread, results in enumerate(outcomes):
        for i, (got, want) in enumerate(zip(results, expected, strict=True)):
            assert got == want, f"thread {thread}, call {i}"
