"""Probe: each shape at 1x read by lmcodec (whole and per event) and by lm15's adapters (lm15_runner);
prints the shapes whose Responses differ (streams_varied_contestants.same_response) or raise."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import _shapes as S
import streams_varied_contestants as C

DIALECTS = ["openai", "openai_chat", "anthropic", "gemini"]
todo = [(n, d, lambda d=d, f=f: f(d, 1)) for n, f in S.BUILDERS.items() for d in DIALECTS]
todo += [(n, d, lambda d=d, f=f: f(d, 1)) for n, (d, f) in S.ONE_DIALECT.items()]
todo += [(f"gemini_end_{w}_{m}", "gemini", lambda w=w, m=m: getattr(S, "gemini_end_" + w)(10, m))
         for w in ("calls", "text") for m in ("ascii", "escaped", "utf8")]
bad = 0
for name, d, make in todo:
    ev = make()
    try:
        ours = C.lmcodec_runner(d)([b"".join(ev)])
        ours_ev = C.lmcodec_runner(d)(ev)
    except Exception as e:
        print(f"{name} {d}: lmcodec raises {type(e).__name__}: {str(e)[:150]}"); bad += 1; continue
    try:
        theirs = C.lm15_runner(d)([b"".join(ev)])
    except Exception as e:
        print(f"{name} {d}: lm15 raises {type(e).__name__}: {str(e)[:150]}"); continue
    same = C.same_response(theirs, ours)
    if not same or ours != ours_ev:
        bad += 1
        print(f"{name} {d}: same as lm15 {same}, whole == per event {ours == ours_ev}")
print(f"{bad} of {len(todo)} differ")
