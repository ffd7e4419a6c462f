"""lc.stream.translate of every feature stream fed at 2 random cut plans and byte by byte: the
destination SDK's reading (or the exception class it raises) is that of the whole-chunk output."""
from __future__ import annotations

import os
import random
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translate_all import READ, REQUEST, STREAMS, WIRES, lc  # noqa: E402


def reading(dst, out):
    try:
        g = READ[dst](out)
    except Exception as e:
        return ("raised", type(e).__name__)
    return {k: g[k] for k in ("text", "thinking", "tool_calls", "finish_reason", "usage") if k in g}


def translated(src, dst, pieces):
    try:
        return b"".join(lc.stream.translate(src, dst, pieces, request=REQUEST))
    except lc.LmcodecError as e:
        return ("lc", type(e).__name__)


tally = Counter()
for src, name, body in STREAMS:
    for dst in WIRES:
        whole = translated(src, dst, [body])
        want = reading(dst, whole) if isinstance(whole, bytes) else whole
        plans = [sorted(random.Random(s).sample(range(1, len(body)), min(len(body) - 1, 3 + s))) for s in (1, 2)]
        plans.append(list(range(1, len(body))))
        for cuts in plans:
            edges = [0, *cuts, len(body)]
            pieces = [body[a:b] for a, b in zip(edges, edges[1:])]
            out = translated(src, dst, pieces)
            got = reading(dst, out) if isinstance(out, bytes) else out
            same = got == want
            tally["same" if same else "differs"] += 1
            if not same:
                print(f"{src} -> {dst} {name} cuts[{len(cuts)}]: {str(got)[:200]} != {str(want)[:200]}")
print(dict(tally))
