"""Instructions of one ``lc.translate_request`` of turn N's client body (the SDK's own body after
N-1 tool turns of two parallel calls each, thinking signed), N = 10 and 20, every ordered pair;
linear time means the 20-turn count is about twice the 10-turn one."""
from __future__ import annotations

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "benchmarks"))
BODIES = "/tmp/rt46_turn_bodies.json"
TURNS = (10, 20)

if "--inner" in sys.argv:
    import lmcodec as lc

    cases = json.load(open(BODIES))
    for c in cases:  # warm
        lc.translate_request(c["src"], c["dst"], c["body"].encode("latin-1"), model=c["model"])
    for c in cases:
        body = c["body"].encode("latin-1")
        os.getppid()
        lc.translate_request(c["src"], c["dst"], body, model=c["model"])
    os.getppid()
    sys.exit(0)

import _loop as L  # noqa: E402
from callgrind_support import marked_dumps, total  # noqa: E402

cases = []
for src in L.DIALECTS:
    for dst in L.DIALECTS:
        for n in TURNS:
            r = L.run(src, dst, False, plan=(2,) * (n - 1) + (0,))
            assert not r.problems, r.problems
            cases.append({"src": src, "dst": dst, "n": n, "model": L.MODEL[dst],
                          "bytes": len(r.gateway.received[-1]), "body": r.gateway.received[-1].decode("latin-1")})
json.dump(cases, open(BODIES, "w"))
with marked_dumps(__file__) as dump:
    counts = [total(dump(k + 2)) for k in range(len(cases))]
rows = {}
for c, n in zip(cases, counts):
    rows.setdefault((c["src"], c["dst"]), {})[c["n"]] = (n, c["bytes"])
print(f"{'pair':<26} {'10 turns':>12} {'20 turns':>12} {'ratio':>6} {'bytes ratio':>11}")
for (src, dst), v in rows.items():
    (a, ba), (b, bb) = v[10], v[20]
    print(f"{src + ' -> ' + dst:<26} {a:>12,} {b:>12,} {b / a:>6.2f} {bb / ba:>11.2f}")
