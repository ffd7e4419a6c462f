"""Claude's interleaved thinking (a signed thinking block before each later tool_use of a turn), and
a backend whose call ids repeat every turn (call_0, call_1), alone and with a failover to another
backend on the last turns."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

counts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
for stream in (False, True):
    for src in L.DIALECTS:
        cases = [("interleaved", "anthropic", dict(interleaved=True)),
                 ("interleaved-text-between", "anthropic", dict(interleaved=True, plan=(3, 0, 2, 0)))]
        for d in L.DIALECTS:
            cases.append(("reuse-ids", d, dict(reuse_ids=True)))
            for e in L.DIALECTS:
                if e != d:
                    cases.append(("reuse-ids-failover", (d, d, e), dict(reuse_ids=True, plan=(2, 2, 2, 0))))
        for name, dst, kw in cases:
            r = L.run(src, dst, stream, **kw)
            probs = [p for p in r.problems if "never issued" not in p and "for unknown" not in p]
            counts[name][0 if not probs else 1] += 1
            if probs:
                print(f"BAD {name} {'stream' if stream else 'whole'} {src} -> {dst}")
                for p in probs[:5]:
                    print("     ", p)
for name, (ok, bad) in counts.items():
    print(f"{name:>26}: {ok} held, {bad} wrong")
