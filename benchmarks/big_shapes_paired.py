"""Big shapes (``big_shapes.py``, red team 39's cliffs) timed interleaved: lmcodec against the floor.

Each round runs every row's two contestants, lmcodec and the floor, once each after an untimed run
of the same contestant, in an order that turns by one each round (as ``test_bench_translate._rounds``
does); CPU time, GC off while timing. A row's ratio is the median over rounds of the per-round
lmcodec / floor, beside the row's target (``big_shapes.TARGETS``).

    python3 benchmarks/big_shapes_paired.py [ROUNDS] [ROW-SUBSTRING ...]

The section ``big`` of ``report.py`` runs it; ``big_shapes_callgrind.py`` counts instructions of
the same rows, the figure to decide by on a shared host.
"""

from __future__ import annotations

import statistics
import sys

from big_shapes import Row, rows
from test_bench_translate import _rounds as interleaved  # (the rounds the translate table times)


def selected(wanted: list[str]) -> list[Row]:
    return [row for row in rows() if not wanted or any(w in row.name or w == row.kind for w in wanted)]


def main(rounds: int, wanted: list[str]) -> None:
    print("| row | measures | lmcodec ms | floor ms | lmcodec / floor | target | |")
    print("|---|---|---:|---:|---:|---:|---|")
    for row in selected(wanted):
        ours, floor = row.make()
        times = interleaved({"lmcodec": ours, "floor": floor}, rounds)
        ratio = statistics.median(a / b for a, b in zip(times["lmcodec"], times["floor"], strict=True))
        lc_ms, floor_ms = (statistics.median(times[name]) * 1e3 for name in ("lmcodec", "floor"))
        over = "over" if ratio > row.target else ""
        print(
            f"| {row.name} | {row.kind} | {lc_ms:.2f} | {floor_ms:.2f} | {ratio:.2f}x"
            f" | {row.target:.1f}x | {over} |",
            flush=True,
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, sys.argv[2:])
