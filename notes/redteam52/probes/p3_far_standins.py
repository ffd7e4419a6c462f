"""floats26: the far path's stand-ins beside -0.0, ints, nested lists, keep mode, stream events."""
import json, math
from _h import lc
tops = (lc.TopLogprob(token="b", logprob=-0.5),)
def resp(n):
    lps = tuple(lc.TokenLogprob(token="a", logprob=-0.5, top=tops) for _ in range(n))
    return lc.Response("r", "m", lc.Message.assistant("x"), "stop", lc.Usage(), logprobs=lps)
def with_(lits, extra=b""):
    t = lc.encode(resp(len(lits) // 2))
    parts = t.split(b"-0.5"); out = parts[0]
    for i, p in enumerate(parts[1:]):
        out += lits[i].encode() + p
    if extra:
        out = out[:-1] + b"," + extra + b"}"
    return out
def vals(r):
    out = []
    for t in r.logprobs:
        out.append(t.logprob); out.extend(x.logprob for x in t.top)
    return out
cases = [["1e300", "-0.0"], ["1e300", "0"], ["-0.0", "1e300"], ["1e300", "-0"], ["1e300", "5"], ["1e300", "1e-400"],
         ["1e300", "-1e-400"], ["1e300", "2.5e-320"], ["1e300", "123456789012345678901234567890"],
         ["1e300","-1e300","1e289","-0.0"]]
bad = 0
for lits in cases:
    want = [json.loads(x) for x in lits]
    for kw, extra in (({}, b""), ({"lenient": True}, b""), ({"unknown": "keep"}, b'"zz":[1e300,{"a":[-0.0]}]'),
                      ({"unknown": "keep"}, b'"zz":[1,{"a":[-0.0]}]'), ({"unknown": "ignore"}, b'"zz":1')):
        src = with_(lits, extra)
        try:
            r = lc.decode(src, lc.Response, **kw)
            got = vals(r)
            same = all(float(g) == w and math.copysign(1, float(g)) == math.copysign(1, w) and type(g) is float for g, w in zip(got, want))
            if not same:
                bad += 1; print("DIFF", lits, kw, extra, got, [type(g).__name__ for g in got])
            if kw.get("unknown") == "keep":
                print("  keep", lits, extra, "unknown kept:", getattr(r, "__lmcodec_unknown__", None) or "?")
        except Exception as e:
            if isinstance(e, lc.LmcodecError):
                print("refused", lits, kw, extra[:30], type(e).__name__, str(e)[:120])
            else:
                bad += 1; print("BARE", lits, kw, type(e).__name__, e)
print("bad", bad)
