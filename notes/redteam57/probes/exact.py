"""Red team 57: exactness. For every shape: lmcodec's assembled Response at each chunking (whole,
one chunk per event, rand 1-1,500, 7 bytes, and 1 byte where the body is under 150 KB) against
lm15 1.5.0's pipeline on the whole body (``same_response``: lm15's serde of its Response equals
``lc.to_builtins`` of lmcodec's, provider data included). Prints one line per shape.
Run: PYTHONPATH=src:benchmarks /work/venv/bin/python notes/redteam57/probes/exact.py [k] [filter]
"""
import sys
import traceback
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parents[3] / "benchmarks")]
import lmcodec as lc  # noqa: E402
import shapes as S  # noqa: E402
import streams_varied_contestants as C  # noqa: E402

k = float(sys.argv[1]) if len(sys.argv) > 1 else 0.2
flt = sys.argv[2] if len(sys.argv) > 2 else ""
req = C.LC_REQUEST
for name, (d, events) in S.shapes(k).items():
    if flt not in name:
        continue
    body = b"".join(events)
    try:
        lm = C.lm15_runner(d)([body])
    except Exception as e:  # noqa: BLE001
        lm = e
    hows = ["whole", "event", "rand", "7"] + (["1"] if len(body) < 150_000 else [])
    res = {}
    for how in hows:
        try:
            res[how] = lc.assemble(lc.stream.decode(d, S.chunked(body, how, events), request=req), request=req)
        except Exception as e:  # noqa: BLE001
            res[how] = e
    errs = {h: f"{type(r).__name__}: {str(r)[:150]}" for h, r in res.items() if isinstance(r, Exception)}
    same_chunkings = all(not isinstance(r, Exception) and r == res["whole"] for r in res.values())
    if isinstance(lm, Exception):
        vs = f"lm15 raised {type(lm).__name__}: {str(lm)[:150]}"
    elif isinstance(res["whole"], Exception):
        vs = "lmcodec raised"
    else:
        vs = "same as lm15" if C.same_response(lm, res["whole"]) else "DIFFERS from lm15"
    print(f"{name}: {len(events)} events; chunkings agree: {same_chunkings}; {vs}; {errs or ''}", flush=True)
