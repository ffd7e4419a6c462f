"""Shared harness: lmcodec's stream entry points against lm15 1.5.0 (the project's own sweep
comparison, tests/providers/sweep_support.stream_findings) plus random / byte-by-byte cuts."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

import lmcodec as lc  # noqa: E402
from lmcodec import stream as lcs  # noqa: E402
from tests.providers.sweep_support import (  # noqa: E402
    REQUEST, LM_REQUEST, lm15_stream_outcomes, lc_stream_outcomes, stream_findings,
)


def sse(data, event=None) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data)
    return (f"event: {event}\n" if event else "").encode() + b"data: " + text.encode() + b"\n\n"


def _cut_read(provider, body, cuts):
    dec = lcs.Decoder(provider, request=REQUEST)
    out = []
    prev = 0
    for c in [*cuts, len(body)]:
        out.extend(dec.feed(body[prev:c]))
        prev = c
    out.extend(dec.close())
    return [lc.to_builtins(e) for e in out]


def cut_findings(provider, body, seeds=20, bytewise=True):
    try:
        whole = [lc.to_builtins(e) for e in lcs.decode(provider, [body], request=REQUEST)]
    except lc.LmcodecError as exc:
        whole = ("raised", type(exc).__name__)
    out = []
    plans = [sorted(random.Random(s).sample(range(1, max(2, len(body))), min(len(body) - 1, 1 + s % 7)))
             for s in range(seeds)]
    if bytewise:
        plans.append(list(range(1, len(body))))
    for cuts in plans:
        try:
            got = _cut_read(provider, body, cuts)
        except lc.LmcodecError as exc:
            got = ("raised", type(exc).__name__)
        except Exception as exc:
            out.append(f"cuts {cuts[:8]}: escaped {type(exc).__name__}: {exc}")
            continue
        if got != whole:
            out.append(f"cuts {cuts[:8]}...: differs from the whole read")
            break
    return out


def check(provider, body, name="", cuts=True):
    f = stream_findings(provider, body)
    if cuts:
        f += cut_findings(provider, body)
    print(("FAIL " if f else "ok   ") + f"{provider} {name}")
    for x in f:
        print("    " + x[:600])
    return f
