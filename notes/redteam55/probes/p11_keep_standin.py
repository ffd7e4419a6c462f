"""keep-mode stand-ins: a genuine logprob equal to a stand-in (-4e-320) beside a far one, in place
and inside a kept unknown item; read with unknown="keep" vs the strict reading without the item."""
import sys, os
sys.path.insert(0, os.environ.get("SRC", "/work/wt/redteam55/src"))
import lmcodec as lc, msgspec
UNK = '{"type":"zzz_new","logprob":%s}'
def rec(lp1, lp2, unknown):
    parts = '{"type":"text","text":"a"}' + ("," + unknown if unknown else "")
    return ('{"id":"r","model":"m","message":{"role":"assistant","parts":[%s]},"finish_reason":"stop",'
            '"logprobs":[{"token":"a","logprob":%s},{"token":"b","logprob":%s}]}') % (parts, lp1, lp2)
def out(f):
    try: return f()
    except Exception as e: return ("raised", type(e).__name__, str(e)[:100])
for lp1, lp2, inner in (("1e300", "-4e-320", "-0.5"), ("1e300", "-0.5", "-4e-320"), ("-4e-320", "1e300", "-0.5"), ("1e300", "-0.5", "-4.5e-320"), ("NaN", "-4e-320", "-0.5")):
    lenient = lp1 == "NaN"
    strict = out(lambda: lc.decode(rec(lp1, lp2, None).encode(), lc.Response, lenient=lenient))
    keep = out(lambda: lc.decode(rec(lp1, lp2, UNK % inner).encode(), lc.Response, unknown="keep", lenient=lenient))
    if isinstance(keep, tuple) or isinstance(strict, tuple):
        print(lp1, lp2, inner, "strict", strict if isinstance(strict, tuple) else "ok", "keep", keep if isinstance(keep, tuple) else "ok"); continue
    sl = [(t.token, t.logprob) for t in strict.logprobs]; kl = [(t.token, t.logprob) for t in keep.logprobs]
    kept = [p for p in keep.message.parts if type(p).__name__ not in ("TextPart",)]
    raw = lc.encode(keep)
    print(lp1, lp2, inner, "| strict", sl, "| keep", kl, "| kept item bytes in encode:", raw[raw.find(b'zzz_new')-9:raw.find(b'zzz_new')+40])
