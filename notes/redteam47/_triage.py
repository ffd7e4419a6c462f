"""Red team 47: a wall-clock first look (min of a few runs) to pick the cases worth counting.
Not a finding by itself: findings are decided by callgrind (_cg.py)."""
from __future__ import annotations

import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cases  # noqa: E402


def best(run, reps: int = 3) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        run()
        times.append(time.perf_counter() - t)
    return min(times)


for case in sys.argv[1:]:
    try:
        runs = _cases.contestants(case)
    except Exception as e:  # noqa: BLE001
        print(f"{case}: BUILD FAILED {type(e).__name__}: {str(e)[:200]}", flush=True)
        continue
    gc.disable()
    row = {}
    for who, run in runs.items():
        try:
            row[who] = best(run)
        except Exception as e:  # noqa: BLE001
            row[who] = float("nan")
            print(f"  {case} {who} FAILED {type(e).__name__}: {str(e)[:200]}")
    gc.enable()
    cells = f"lc/floor {row['lc'] / row['floor']:.2f}x"
    if "peer" in row:
        cells += f"  peer/lc {row['peer'] / row['lc']:.2f}x"
    print(f"{case}: {cells}  " + ", ".join(f"{k} {v * 1e3:.2f}ms" for k, v in row.items()), flush=True)
