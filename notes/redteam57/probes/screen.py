"""Red team 57: a wall-time screen (min of 5) of lc whole / floor whole, used only to choose what to
profile; its figures are noise on this host and are not quoted."""
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parents[3] / "benchmarks")]
import measure as M  # noqa: E402
import shapes as S  # noqa: E402

for label, (d, events) in S.shapes(float(sys.argv[1]) if len(sys.argv) > 1 else 0.2).items():
    names = ["floor", "lc", "floor_ev", "lc_ev"]
    runs = M.contestants(d, events, names)
    best = {}
    for n in names:
        ts = []
        for _ in range(5):
            t = time.perf_counter()
            runs[n]()
            ts.append(time.perf_counter() - t)
        best[n] = min(ts)
    print(f"{label:40} whole {best['lc'] / best['floor']:.2f}  event {best['lc_ev'] / best['floor_ev']:.2f}", flush=True)
