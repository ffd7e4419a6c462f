"""Failover: one conversation whose turns go to different backends (route a, b, a and a, b, b):
each provider sees only its own signatures and encrypted reasoning; every result pairs with a call
in the request. Tool ids another provider issued are shown apart (the APIs take well-formed ids they
did not issue in a replayed history)."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

counts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
for stream in (False, True):
    for src in L.DIALECTS:
        for a in L.DIALECTS:
            for b in L.DIALECTS:
                if a == b:
                    continue
                for route in ((a, b, a, b), (a, b, b)):
                    r = L.run(src, route, stream, plan=(2, 2, 2, 0)[: len(route) - 1] + (0,))
                    probs = [p for p in r.problems if "never issued" not in p and "for unknown" not in p]
                    key = "->".join(route)
                    counts["all"][0 if not probs else 1] += 1
                    if probs:
                        print(f"BAD {'stream' if stream else 'whole'} {src} via {key}")
                        for p in probs[:6]:
                            print("     ", p)
print(dict(counts))
