"""Probe: lc.stream.translate of the shapes to each other dialect, whole, against the floor
(the source parsed + msgspec.json.encode of each data object written)."""
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
    for src in DIALECTS:
        if shape in S.ONE_DIALECT and S.ONE_DIALECT[shape][0] != src:
            continue
        for dst in DIALECTS:
            if dst == src:
                continue
            for k in scales:
                ev = S.BUILDERS[shape](src, k) if shape in S.BUILDERS else S.ONE_DIALECT[shape][1](src, k)
                cases[f"{shape} {src}->{dst} {k}x ({len(b''.join(ev))/1e6:.2f} MB)"] = ("translate", src, dst, ev)
_cg.report(_cg.measure(cases))
