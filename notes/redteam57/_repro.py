"""Red team 57: a reproducer's check. ``check(shape, k, ours, base, bound)`` counts contestants
``ours`` and ``base`` (measure.py's names) on one shape under callgrind, prints the ratio
ours / base and exits 1 while it is over ``bound``, 0 once under (``base`` may name another
shape's contestant as "dialect/shape:name", divided per event)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measure as M  # noqa: E402
import shapes as S  # noqa: E402


def check(shape: str, k: float, ours: str, base: str, bound: float, invert: bool = False) -> None:
    all_shapes = S.shapes(k)
    d, events = all_shapes[shape]
    other_shape, _, other_name = base.rpartition(":")
    jobs = {shape: (d, events, [ours] + ([] if other_shape else [base]))}
    if other_shape:
        jobs[other_shape] = (all_shapes[other_shape][0], all_shapes[other_shape][1], [other_name])
    res = M.measure(jobs)
    a = res[shape][ours] / len(events)
    b = res[other_shape][other_name] / len(all_shapes[other_shape][1]) if other_shape else res[shape][base] / len(events)
    ratio = b / a if invert else a / b
    what = f"{base} / {ours}" if invert else f"{ours} / {base}"
    bad = ratio < bound if invert else ratio > bound
    print(f"{shape} k={k}: {len(events)} events; {ours} {a:,.0f} instr/event, {base} {b:,.0f}: {what} = {ratio:.2f} "
          f"({'under' if invert else 'over'} the bound {bound}: {'FINDING' if bad else 'fixed'})")
    sys.exit(1 if bad else 0)
