"""Sweep: every ordered pair, whole and streamed, over several conversation shapes; prints each
failing run's problems and a count table."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

VARIANTS = {
    "base": dict(plan=(2, 2, 0)),
    "text-between": dict(plan=(1, 0, 2, 0, 0)),
    "three-calls": dict(plan=(3, 0, 2, 1, 0)),
    "no-thinking": dict(plan=(2, 2, 0), thinking=False),
    "same-name": dict(plan=(2, 2, 0), same_name=True),
    "reversed": dict(plan=(2, 2, 0), reverse_results=True),
}
only = sys.argv[1:] or list(VARIANTS)
counts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
for name in only:
    for stream in (False, True):
        for src in L.DIALECTS:
            for dst in L.DIALECTS:
                r = L.run(src, dst, stream, **VARIANTS[name])
                # every assistant text the client was given comes back in each later request
                for k, built in enumerate(r.gateway.builts, start=1):
                    for j in range(1, k):
                        if f"text {j}" not in built.body.decode():
                            r.client_errors.append(f"turn {k}: lost the assistant's 'text {j}'")
                ok = not r.problems
                counts[name][0 if ok else 1] += 1
                if not ok:
                    print(f"BAD {name} {'stream' if stream else 'whole'} {src} -> {dst}")
                    for p in r.problems[:6]:
                        print("     ", p)
for name, (ok, bad) in counts.items():
    print(f"{name:>14}: {ok} held, {bad} wrong")
