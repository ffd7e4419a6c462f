"""Red team 51: every shape read by lmcodec (whole, per event, 7-byte chunks, Decoder), lm15, and
translated to every other dialect: errors and outcome differences printed (wall time only as a hint)."""
import sys, time
from pathlib import Path
HERE = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent / "benchmarks")]
import lmcodec as lc
import streams_varied_contestants as C
import _shapes as S

def outcome(r):
    try:
        return C.outcome_lmcodec(r)
    except Exception as e:
        return repr(e)[:80]

for name, (d, evs) in S.all_shapes().items():
    if len(sys.argv) > 1 and not any(a in name for a in sys.argv[1:]):
        continue
    body = b"".join(evs)
    req = C.LC_REQUEST
    row = [f"{name:34s} {len(evs):6d}ev {len(body)/1e6:6.2f}MB"]
    try:
        t = time.perf_counter(); a = lc.assemble(lc.stream.decode(d, [body], request=req), request=req); tw = time.perf_counter() - t
        b = lc.assemble(lc.stream.decode(d, evs, request=req), request=req)
        c = lc.assemble(lc.stream.decode(d, S.chunked(body, "7", evs), request=req), request=req)
        row.append(f"lc {tw*1e3:7.1f}ms same={a == b == c}")
    except Exception as e:
        row.append(f"lc ERR {e!r}"[:150]); a = None
    try:
        t = time.perf_counter(); f = C.floor_runner(d)([body]); row.append(f"floor {(time.perf_counter()-t)*1e3:7.1f}ms")
    except Exception as e:
        row.append(f"floor ERR {type(e).__name__}")
    try:
        t = time.perf_counter(); m = C.lm15_runner(d)([body]); row.append(f"lm15 {(time.perf_counter()-t)*1e3:7.1f}ms")
        if a is not None:
            row.append("lm15 same" if C.same_response(m, a) else f"lm15 DIFF outcome-same={C.response_outcome(m) == C.response_outcome(a)}")
    except Exception as e:
        row.append(f"lm15 ERR {e!r}"[:120])
    for dst in S.DIALECTS:
        if dst == d:
            continue
        try:
            out = b"".join(lc.stream.translate(d, dst, [body], request=req))
            back = lc.assemble(lc.stream.decode(dst, [out], request=req), request=req)
            ok = a is not None and back.text == a.text and [(x.name, x.input) for x in back.tool_calls] == [(x.name, x.input) for x in a.tool_calls]
            err = b"error" in out[-300:]
            row.append(f"->{dst[:6]} {'ok' if ok else 'DIFF'}{' errev' if err else ''}")
        except Exception as e:
            row.append(f"->{dst[:6]} ERR {e!r}"[:100])
    print(" | ".join(row), flush=True)
