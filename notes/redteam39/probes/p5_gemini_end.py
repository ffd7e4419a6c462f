"""Probe: a Gemini end chunk past 64 KB (BLOCK_BYTES): calls / text, ascii / escaped / utf8, 1x 10x 100x."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _cg
import _shapes as S
cases = {}
for what in sys.argv[1].split(","):
    for mode in sys.argv[2].split(","):
        for k in [int(x) for x in sys.argv[3].split(",")]:
            ev = getattr(S, "gemini_end_" + what)(k, mode)
            cases[f"gemini end {what} {mode} {k}x ({len(b''.join(ev))/1e6:.3f} MB)"] = ("stream", "gemini", "", ev)
_cg.report(_cg.measure(cases))
