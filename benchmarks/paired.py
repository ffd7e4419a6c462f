"""Interleaved ratios for the record-log benchmarks: every contestant once per round, in turn.

pytest-benchmark times one contestant after another, so on a shared machine a
change of speed between them moves a table's ratios. Here each round runs every
contestant of a task back to back (GC off, collected between rounds), and a
contestant's ratio is the median over rounds of (its time / lmcodec's time in
the same round). Same workloads and contestants as test_bench_core.py and
test_bench_llm.py, and lmcodec's readers of builtins, of lm15's tolerant forms and of lm15's
objects against lm15's own; run by report.py, or alone (TASK: only the tasks whose name
holds it):

    python3 benchmarks/paired.py [ROUNDS] [TASK]
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import msgspec
import orjson
from lm15 import serde

import llm
import lmcodec as lc
import lmcodec.llm as L
import test_bench_core as core
import test_bench_llm as llm_bench
from lmcodec.cli.workload import turn_dicts

Task = tuple[str, str, int, dict[str, Callable[[], Any]]]


def _tasks() -> list[Task]:
    records = turn_dicts(2000)
    turns = [lc.from_builtins(d, lc.Turn) for d in records]
    blobs = [lc.encode(t) for t in turns]
    objs = core._lm15_objects(records)
    metas = [{"id": d["id"], "created_at": d["created_at"]} for d in records]
    texts = [
        json.dumps(llm.Response.from_dict(d, model=llm_bench.MODEL).to_dict())
        for d in llm_bench.llm_records()
    ]
    llm_blobs = [t.encode() for t in texts]
    structs = [L.decode(b) for b in llm_blobs]
    llm_objects = [llm.Response.from_dict(json.loads(t), model=llm_bench.MODEL) for t in texts]
    llm_plain = [json.loads(t) for t in texts]
    untyped_encode = msgspec.json.Encoder().encode
    untyped = msgspec.json.Decoder().decode
    parts = [p for d in records for m in d["request"]["messages"] for p in m["parts"]][:2000]
    bare_strings = json.dumps(
        {
            "model": "m",
            "messages": [
                {"role": "tool", "parts": [{"type": "tool_result", "id": "a", "content": ["s"] * 80_000}]}
            ],
        }
    ).encode()
    return [
        (
            "core: encode 2,000 Turns",
            "record",
            len(turns),
            {
                "lmcodec": lambda: [lc.encode(t) for t in turns],
                "lm15": lambda: [core._lm15_encode(o, m) for o, m in zip(objs, metas, strict=True)],
                "json": lambda: [json.dumps(d, separators=(",", ":"), ensure_ascii=False) for d in records],
                "orjson": lambda: [orjson.dumps(d) for d in records],
            },
        ),
        (
            "core: decode 2,000 Turns",
            "record",
            len(blobs),
            {
                "lmcodec": lambda: [lc.decode(b, lc.Turn) for b in blobs],
                "lm15": lambda: [core._lm15_decode(b) for b in blobs],
                "json": lambda: [json.loads(b) for b in blobs],
                "orjson": lambda: [orjson.loads(b) for b in blobs],
            },
        ),
        (
            "llm: encode 2,000 records",
            "record",
            len(structs),
            {
                "lmcodec": lambda: [L.encode(r) for r in structs],
                "llm": lambda: [json.dumps(r.to_dict()) for r in llm_objects],
                "json.dumps of plain objects (floor)": lambda: [json.dumps(d) for d in llm_plain],
                "msgspec untyped (floor)": lambda: [untyped_encode(d) for d in llm_plain],
            },
        ),
        (
            "llm: decode 2,000 records",
            "record",
            len(texts),
            {
                "lmcodec": lambda: [L.decode(b) for b in llm_blobs],
                "llm": lambda: [llm.Response.from_dict(json.loads(s), model=llm_bench.MODEL) for s in texts],
                "json.loads alone (floor)": lambda: [json.loads(s) for s in texts],
                "msgspec untyped (floor)": lambda: [untyped(b) for b in llm_blobs],
            },
        ),
        (
            "interop: from_builtins of 2,000 parts (lc.Part, a union)",
            "part",
            len(parts),
            {
                "lmcodec": lambda: [lc.from_builtins(p, lc.Part) for p in parts],
                "lm15 part_from_dict": lambda: [serde.part_from_dict(p) for p in parts],
            },
        ),
        (
            "lenient: decode 80,000 bare strings in a tool result (0.4 MB, past 64 KiB)",
            "string",
            80_000,
            {
                "lmcodec": lambda: lc.decode(bare_strings, lc.Request, lenient=True),
                "lm15 json.loads + request_from_dict": lambda: serde.request_from_dict(
                    json.loads(bare_strings)
                ),
            },
        ),
        (
            "interop: from_lm15 of 2,000 Turns (each request and response)",
            "record",
            len(objs),
            {
                "lmcodec": lambda: [(lc.from_lm15(q), lc.from_lm15(r)) for q, r in objs],
                "lm15 to_dict + lc.from_builtins": lambda: [
                    (
                        lc.from_builtins(serde.request_to_dict(q), lc.Request),
                        lc.from_builtins(serde.response_to_dict(r, include_provider_data=True), lc.Response),
                    )
                    for q, r in objs
                ],
            },
        ),
    ]


def measure(rounds: int, *, gc_off: bool = True, task: str = "") -> list[str]:
    """Markdown tables of interleaved medians and ratios, one per task (whose name holds ``task``)."""
    lines: list[str] = []
    for name, unit, units, contestants in _tasks():
        if task not in name:
            continue
        times: dict[str, list[float]] = {lib: [] for lib in contestants}
        order = list(contestants)
        for run in contestants.values():
            run()  # warm up
        for r in range(rounds):
            gc.collect()
            if gc_off:
                gc.disable()
            try:
                for lib in order[r % len(order) :] + order[: r % len(order)]:  # rotate who goes first
                    t0 = time.perf_counter()
                    contestants[lib]()
                    times[lib].append(time.perf_counter() - t0)
            finally:
                gc.enable()
        base = times["lmcodec"]
        lines += [
            f"### {name}" + ("" if gc_off else " (GC on)"),
            "",
            "| contestant | median | per unit | lmcodec speed-up (median of per-round ratios) |",
            "|---|---:|---:|---:|",
        ]
        for lib in sorted(times, key=lambda k: statistics.median(times[k])):
            median = statistics.median(times[lib])
            ratio = statistics.median(t / b for t, b in zip(times[lib], base, strict=True))
            lines.append(
                f"| {lib} | {median * 1e3:.2f} ms | {median / units * 1e6:.2f} µs/{unit} | {ratio:.1f}x |"
            )
        lines.append("")
    return lines


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    print("\n".join(measure(rounds, task=sys.argv[2] if len(sys.argv) > 2 else "")))


if __name__ == "__main__":
    main()
