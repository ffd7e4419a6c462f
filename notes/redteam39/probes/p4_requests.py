"""Probe: decode_request / translate_request of 1x/10x/100x x 10 tool rounds (100x = 3,001 messages)
and of 1 MB tool results (plain and escape-heavy), each dialect to each."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _cg
import _requests as R

DIALECTS = ["openai", "openai_chat", "anthropic", "gemini"]
what = sys.argv[1]
cases = {}
for src in DIALECTS:
    bodies = {}
    if what == "many":
        for k in [int(x) for x in sys.argv[2].split(",")]:
            bodies[f"{k * 10} rounds"] = R.body(src, k * 10)
    else:
        for k in [int(x) for x in sys.argv[2].split(",")]:
            bodies[f"1 result of {k * 10} KB{' escaped' if what == 'escaped' else ''}"] = R.body(src, 1, k * 10_000, what == "escaped")
    for label, b in bodies.items():
        cases[f"decode_request {src} {label} ({len(b)/1e6:.2f} MB)"] = ("decode_request", src, "", [b])
        for dst in DIALECTS:
            cases[f"translate_request {src}->{dst} {label}"] = ("translate_request", src, dst, [b])
_cg.report(_cg.measure(cases))
