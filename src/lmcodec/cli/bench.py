"""The headline comparison behind ``lmcodec bench``, on the built-in workload.

Every contestant processes the same in-memory data. The machines this runs on
are shared and noisy, so figures are measured *interleaved*: each round times
every contestant of a task once, back to back (the garbage collector paused,
as pytest-benchmark's ``--benchmark-disable-gc`` does), and a contestant's
ratio to lmcodec is the median over rounds of its per-round ratio. Absolute
times (median ms, MB/s) are printed for scale only. A floor row (msgspec's
untyped parse/serialization of the same data: no types, no validation) shows
what no typed codec can beat. Peers that are not installed are listed as
missing, with the package to install.
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import msgspec

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

__all__ = ["FLOOR", "Report", "Result", "relation", "run"]

Result = dict[str, Any]
FLOOR = "msgspec (untyped floor)"
_PEERS = {"orjson": "pip install orjson", "lm15": "pip install lm15==1.5.0"}
"""What installs each peer; in a checkout the ``peers`` extra installs both (pyproject.toml)."""
_CHECKOUT_HINT = "or in a checkout of lmcodec pip install -e '.[peers]'"


def _silent(line: str) -> None:
    """No progress lines (:func:`run` called as a library function)."""


def _timed(fn: Callable[[], Any]) -> float:
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start
    finally:
        if was_enabled:
            gc.enable()


def relation(ratio: float) -> str:
    """How lmcodec compares with a contestant whose time is ``ratio`` x lmcodec's."""
    if 0.995 <= ratio < 1.005:
        return "as fast"
    if ratio >= 1:
        return f"{ratio:.2f}x faster"
    return f"{1 / ratio:.2f}x slower"


def _contestants(
    records: list[dict[str, Any]], missing: list[str]
) -> dict[str, dict[str, Callable[[], Any]]]:
    turns = [lc.from_builtins(d, lc.Turn) for d in records]
    blobs = [lc.encode(t) for t in turns]
    encode, decode, Turn = lc.encode, lc.decode, lc.Turn
    raw_encode, raw_decode = msgspec.json.encode, msgspec.json.decode
    tasks: dict[str, dict[str, Callable[[], Any]]] = {
        "encode": {
            "lmcodec": lambda: [encode(t) for t in turns],
            "json": lambda: [
                json.dumps(d, separators=(",", ":"), ensure_ascii=False).encode() for d in records
            ],
            FLOOR: lambda: [raw_encode(d) for d in records],
        },
        "decode": {
            "lmcodec": lambda: [decode(b, Turn) for b in blobs],
            "json": lambda: [json.loads(b) for b in blobs],
            FLOOR: lambda: [raw_decode(b) for b in blobs],
        },
    }
    try:
        import orjson
    except ImportError:
        missing.append("orjson")
    else:
        dumps, loads = orjson.dumps, orjson.loads
        tasks["encode"]["orjson"] = lambda: [dumps(d) for d in records]
        tasks["decode"]["orjson"] = lambda: [loads(b) for b in blobs]
    try:
        from lm15 import serde
    except ImportError:
        missing.append("lm15")
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


class Report:
    """The rows of one run, and the peers that were not installed."""

    def __init__(self, rows: list[Result], missing: list[str], rounds: int) -> None:
        self.rows = rows
        self.missing = missing
        self.rounds = rounds

    def as_json(self) -> list[Result]:
        return self.rows

    def table(self) -> str:
        lines = [
            f"{'task':<22} {'library':<24} {'median ms':>10} {'MB/s':>8}  lmcodec is",
        ]
        for row in self.rows:
            relation_text = "-" if row["library"] == "lmcodec" else row["lmcodec_is"]
            lines.append(
                f"{row['task']:<22} {row['library']:<24} {row['median_ms']:>10.2f} "
                f"{row['mb_per_s']:>8.1f}  {relation_text}"
            )
        lines.append(
            f"(ratios: median of {self.rounds} interleaved per-round ratios; times for scale only. "
            f"The floor is msgspec parsing/serializing the same data untyped: no types, no checks.)"
        )
        for name in self.missing:
            lines.append(
                f"({name} is not installed, so it is not compared: {_PEERS[name]}, {_CHECKOUT_HINT})"
            )
        return "\n".join(lines)


def run(*, records: int = 2000, repeat: int = 7, progress: Callable[[str], None] | None = None) -> Report:
    """Time every task and contestant interleaved; rows carry ms, MB/s and the ratio to lmcodec.
    ``progress`` is handed a line as each stage starts (the command prints them on stderr: the
    run takes about a minute, red team 54 F11)."""
    if records < 1 or repeat < 1:
        raise ValueError("records and repeat must be at least 1")
    say = progress or _silent
    say(f"building the workload: {records:,} Turn records")
    data = turn_dicts(records)
    size = sum(len(lc.encode(lc.from_builtins(d, lc.Turn))) for d in data)
    missing: list[str] = []
    rows: list[Result] = []
    for task, contestants in _contestants(data, missing).items():
        say(f"{task}: warming up {len(contestants)} contestants")
        for fn in contestants.values():  # warm up: decoders built, caches filled
            fn()
        samples: dict[str, list[float]] = {name: [] for name in contestants}
        ratios: dict[str, list[float]] = {name: [] for name in contestants}
        for round_number in range(1, repeat + 1):
            say(f"{task}: round {round_number} of {repeat}")
            gc.collect()
            times = {name: _timed(fn) for name, fn in contestants.items()}
            for name, seconds in times.items():
                samples[name].append(seconds)
                ratios[name].append(seconds / times["lmcodec"])
        for name, times_of in samples.items():
            median = statistics.median(times_of)
            ratio = statistics.median(ratios[name])
            rows.append(
                {
                    "task": f"{task} {records} Turns",
                    "library": name,
                    "median_ms": round(median * 1000, 2),
                    "mb_per_s": round(size / median / 1e6, 1),
                    "lmcodec_speedup": round(ratio, 2),
                    "lmcodec_is": relation(ratio),
                }
            )
    return Report(rows, missing, repeat)
