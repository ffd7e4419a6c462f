"""Red team 51: a screen by wall time (min of N, contestants interleaved), only to choose which shapes
to count under callgrind; the figures in FINDINGS.md are callgrind's. Prints per shape the ratio to
the floor of assemble whole / per event / 7-byte / random chunks, Decoder on random chunks,
translate to each other dialect, and Encoder to each dialect."""
import gc, sys, time
from pathlib import Path
HERE = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent / "benchmarks")]
import _cg, _shapes as S
gc.disable()

def best(f, n):
    t = 1e9
    for _ in range(n):
        a = time.perf_counter(); f(); t = min(t, time.perf_counter() - a)
    return t

only = sys.argv[1:]
names = [f"{n}/{d}" for n in S.EVERY for d in S.DIALECTS] + list(S.ONE)
for full in names:
    if only and not any(f in full for f in only):
        continue
    base = full.split("/")[0]
    d, evs = S.shape(base, full.split("/")[1] if "/" in full else None, 1)
    size = len(b"".join(evs))
    n = 3 if size > 1e6 else 7
    cells = []
    for how in ("whole", "event", "7", "rand"):
        if how == "7" and size > 2e6:
            continue
        c = _cg.contestants(("stream", d, how, "-", evs))
        f = best(c["floor"], n)
        cells.append(f"{how} {best(c['assemble'], n)/f:.2f}")
        if how == "rand":
            cells.append(f"Dec.rand {best(c['Decoder'], n)/f:.2f}")
    for dst in S.DIALECTS:
        try:
            if dst != d:
                c = _cg.contestants(("translate", d, "whole", dst, evs))
                cells.append(f"tr>{dst[:5]} {best(c['translate'], n)/best(c['floor'], n):.2f}")
            c = _cg.contestants(("encoder", d, "whole", dst, evs))
            cells.append(f"enc>{dst[:5]} {best(c['Encoder'], n)/best(c['floor'], n):.2f}")
        except Exception as e:
            cells.append(f"{dst[:5]} ERR {type(e).__name__}")
    print(f"{full:28s} {size/1e6:5.2f}MB " + " ".join(cells), flush=True)
