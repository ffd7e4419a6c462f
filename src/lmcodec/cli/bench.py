"""The headline comparison behind ``lmcodec bench``, on the built-in workload.

Every contestant processes the same in-memory data; each figure is the median
of several interleaved repetitions (the machines are shared and noisy), with
the garbage collector paused while timing, as pytest-benchmark's
``--benchmark-disable-gc`` does. Peers that are not installed are skipped.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

__all__ = ["Result", "run"]

Result = dict[str, Any]


def _timed(fn: Callable[[], Any]) -> float:
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        if was_enabled:
            gc.enable()


def _contestants(records: list[dict[str, Any]]) -> dict[str, dict[str, Callable[[], Any]]]:
    turns = [lc.from_builtins(d, lc.Turn) for d in records]
    blobs = [lc.encode(t) for t in turns]
    encode, decode, Turn = lc.encode, lc.decode, lc.Turn
    tasks: dict[str, dict[str, Callable[[], Any]]] = {
        "encode": {
            "lmcodec": lambda: [encode(t) for t in turns],
            "json": lambda: [
                json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode() for d in records
            ],
        },
        "decode": {
            "lmcodec": lambda: [decode(b, Turn) for b in blobs],
            "json": lambda: [json.loads(b) for b in blobs],
        },
    }
    try:
        import orjson
    except ImportError:
        pass
    else:
        dumps, loads = orjson.dumps, orjson.loads
        tasks["encode"]["orjson"] = lambda: [dumps(d) for d in records]
        tasks["decode"]["orjson"] = lambda: [loads(b) for b in blobs]
    try:
        from lm15 import serde
    except ImportError:
        pass
    else:
        pairs = [
            (serde.request_from_dict(d["request"]), serde.response_from_dict(d["response"])) for d in records
        ]

        def lm15_encode() -> None:
            for request, response in pairs:
                json.dumps(
                    {
                        "request": serde.request_to_dict(request),
                        "response": serde.response_to_dict(response, include_provider_data=True),
                    },
                    separators=(",", ":"),
                    ensure_ascii=False,
                ).encode()

        def lm15_decode() -> None:
            for blob in blobs:
                d = json.loads(blob)
                serde.request_from_dict(d["request"])
                serde.response_from_dict(d["response"])

        tasks["encode"]["lm15"] = lm15_encode
        tasks["decode"]["lm15"] = lm15_decode
    return tasks


def run(*, records: int = 2000, repeat: int = 5) -> list[Result]:
    """Time every task and contestant; rows carry ms, MB/s and the ratio to lmcodec."""
    data = turn_dicts(records)
    size = sum(len(lc.encode(lc.from_builtins(d, lc.Turn))) for d in data)
    results: list[Result] = []
    for task, contestants in _contestants(data).items():
        samples: dict[str, list[float]] = {name: [] for name in contestants}
        for _ in range(repeat):
            for name, fn in contestants.items():
                samples[name].append(_timed(fn))
        base = statistics.median(samples["lmcodec"])
        for name, times in samples.items():
            median = statistics.median(times)
            results.append(
                {
                    "task": f"{task} {records} Turns",
                    "library": name,
                    "median_ms": round(median * 1000, 2),
                    "mb_per_s": round(size / median / 1e6, 1),
                    "lmcodec_speedup": round(median / base, 2),
                }
            )
    return results
