"""Process time (min of 3) of the translate_callgrind.py pairs at n and 4n: a quick linearity check on
the shared host (callgrind of the same did not finish in the round's time: see FINDINGS.md)."""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import translate_callgrind as T  # noqa: E402
import lmcodec as lc  # noqa: E402


def run(kind, src, dst, body):
    try:
        if kind == "stream":
            for _ in lc.stream.translate(src, dst, [body]):
                pass
        else:
            lc.translate_response(src, dst, body)
    except lc.LmcodecError:
        pass


def best(kind, src, dst, body):
    out = []
    for _ in range(3):
        t = time.process_time()
        run(kind, src, dst, body)
        out.append(time.process_time() - t)
    return min(out)


N = 1000
worst = 0.0
for name, kind, src, dst, mk in T.work():
    a, b = best(kind, src, dst, mk(N)), best(kind, src, dst, mk(4 * N))
    worst = max(worst, b / a)
    print(f"{name:52s} n={N}: {a*1e3:8.2f} ms  4n: {b*1e3:8.2f} ms  x{b/a:.2f}")
print(f"largest ratio for 4x the size: x{worst:.2f}")
