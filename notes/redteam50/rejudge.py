#!/usr/bin/env python3
"""Re-judge the ``slow`` findings of a fuzz.py run: replay each case's input with CPU time, the
best of 5 runs, against msgspec's untyped parse; keep those still over the bounds, and time each at
n and 2n where the input repeats (the growth check).

    python notes/redteam50/rejudge.py /tmp/rt50run/findings.jsonl
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz  # noqa: E402

s = fuzz.Seeds()
kept = []
for line in open(sys.argv[1]):
    f = json.loads(line)
    if f["kind"] != "slow" or f["family"] == "cli":
        continue
    captured: list[tuple[object, int, object]] = []

    def spy(call, size, lc, rng, baseline=None, _c=captured):  # noqa: ANN001
        _c.append((call, size, baseline))
        return fuzz.outcome(call, lc)

    orig = fuzz.judged
    fuzz.judged = spy
    try:
        fuzz.one_case(f["family"], random.Random(f"{f['seed']}:{f['family']}:{f['case']}"), s)
    except fuzz.Finding:
        pass
    finally:
        fuzz.judged = orig
    worst = None
    for call, size, baseline in captured:
        ours = min(fuzz._timed(call, s.lc) for _ in range(5))
        base = None
        if baseline is not None:
            import msgspec

            def untyped(b=baseline):  # noqa: ANN001
                try:
                    msgspec.json.decode(b)
                except msgspec.DecodeError:
                    pass

            base = min(fuzz._timed(untyped, s.lc) for _ in range(5))
        over_byte = ours > max(2e-3, 50e-6 * size)
        over_ratio = base is not None and size >= 65536 and ours > 20 * base and ours > 5e-3
        if over_byte or over_ratio:
            worst = (ours, base, size)
    verdict = "KEPT" if worst else "noise"
    print(verdict, f["family"], f["case"], f["detail"], "->", worst and f"{worst[0]*1e3:.1f} ms vs {worst[1] and worst[1]*1e3:.2f} ms on {worst[2]}")
    if worst:
        kept.append(f)
print(len(kept), "kept")
