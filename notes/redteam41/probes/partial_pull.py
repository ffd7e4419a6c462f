"""A Decoding pulled in part, then handed to lc.assemble: lm15's materialize reads what is left."""
import sys, os, io, contextlib; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST, LM_REQUEST
import lm15.result as lr, lm15.serde as ls
from tests.providers.provider_support import lm15_events
import sse_framing as S
def lc_res(fn):
    try: return lc.to_builtins(fn(), include_provider_data=True)
    except lc.LmcodecError as e: return ("lc", type(e).__name__, str(e)[:100])
    except Exception as e: return ("BARE", type(e).__name__, str(e)[:100])
def lm_res(events):
    try: return ls.response_to_dict(lr.materialize_response(iter(events), LM_REQUEST), include_provider_data=True)
    except Exception as e: return ("lm15", type(e).__name__, str(e)[:100])
bad = []; n = 0
for prov in S.FR:
    for big in (False, True):
        fr = S.FR[prov]()
        body = S.render(fr)
        if big: body = body.replace("héllo".encode(), b"x" * 70000)
        ev15 = lm15_events(prov, body, LM_REQUEST)
        for k in range(0, len(ev15) + 1):
            n += 1
            def go():
                it = lcs.decode(prov, [body], request=REQUEST)
                for _ in range(k): next(it)
                return lc.assemble(it, request=REQUEST)
            got = lc_res(go)
            exp = lm_res(ev15[k:])
            same = (got == exp) or (isinstance(got, tuple) and isinstance(exp, tuple))
            if not same:
                bad.append((prov, big, k)); print("FAIL", prov, "big" if big else "small", "pulled", k, "\n   lc:", str(got)[:300], "\n   lm15:", str(exp)[:300])
print(n, "runs,", len(bad), "failing")
