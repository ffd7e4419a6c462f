"""Callgrind instruction counts of the big-shape rows (``big_shapes.py``): lmcodec / the floor.

The rows of ``big_shapes_paired.py`` (report.py's ``big`` section), counted instead of timed: one
valgrind run builds the shapes, then for each row runs lmcodec and the floor, each once untimed and
once between two ``os.getppid`` markers (``callgrind_support``'s scheme, PYTHONHASHSEED=0, GC off).
Instruction counts do not move with the load of a shared host, so they are the figure to decide by.

Run: python3 benchmarks/big_shapes_callgrind.py [ROW-SUBSTRING ...]   (every row: ~30-40 minutes)
     (a substring of a row's name, or a kind: "decode whole", "translate", "encode_response", ...)
"""

from __future__ import annotations

import gc
import json
import sys
import tempfile
from pathlib import Path

from big_shapes import rows
from big_shapes_paired import selected
from callgrind_support import between_markers, marked_dumps, total


def _inner(path: str) -> None:
    """Inside valgrind: each named row's lmcodec run, then its floor run, between markers."""
    names = set(json.loads(Path(path).read_text()))
    gc.disable()
    for row in rows():
        if row.name in names:
            ours, floor = row.make()
            between_markers(ours, 1)
            between_markers(floor, 1)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
        return
    chosen = selected(argv)
    print("| row | measures | lmcodec Ir | floor Ir | lmcodec / floor | target | |")
    print("|---|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        names = Path(tmp) / "rows.json"
        names.write_text(json.dumps([row.name for row in chosen]))
        with marked_dumps(__file__, str(names)) as dump:
            # Dumps: 1 = start-up and the first warm-up; then (measured, next warm-up) per run.
            for i, row in enumerate(chosen):
                ours, floor = total(dump(2 + 4 * i)), total(dump(4 + 4 * i))
                over = "over" if ours / floor > row.target else ""
                print(
                    f"| {row.name} | {row.kind} | {ours:,} | {floor:,} | {ours / floor:.2f}x"
                    f" | {row.target:.1f}x | {over} |"
                )


if __name__ == "__main__":
    main(sys.argv[1:])
