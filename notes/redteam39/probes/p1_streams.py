"""Probe: the stream shapes at 1x / 10x (100x where cheap), every dialect. Prints ratios."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _cg
import _shapes as S

DIALECTS = ["openai", "openai_chat", "anthropic", "gemini"]
shapes = sys.argv[1].split(",")
scales = [int(x) for x in sys.argv[2].split(",")]
cases = {}
for shape in shapes:
    for d in DIALECTS:
        for k in scales:
            ev = S.BUILDERS[shape](d, k)
            cases[f"{shape} {d} {k}x ({len(b''.join(ev))/1e6:.2f} MB, {len(ev)} ev)"] = ("stream", d, "", ev)
_cg.report(_cg.measure(cases))
