"""Probe: the one-dialect shapes (Gemini inlineData, deep args, usage every chunk; Responses reasoning,
hosted items + annotations, a big response.completed; Anthropic citations/signature/server tools)."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _cg
import _shapes as S

shapes = sys.argv[1].split(",") if sys.argv[1] != "all" else list(S.ONE_DIALECT)
scales = [int(x) for x in sys.argv[2].split(",")]
cases = {}
for shape in shapes:
    d, f = S.ONE_DIALECT[shape]
    for k in scales:
        ev = f(d, k)
        cases[f"{shape} {d} {k}x ({len(b''.join(ev))/1e6:.2f} MB, {len(ev)} ev)"] = ("stream", d, "", ev)
_cg.report(_cg.measure(cases))
