"""floats26: far and edge floats at typed float positions, through lc.decode / jsonl / stream decode."""
import json, sys
from _h import lc, REQUEST, frame
LITS = ["9.99e287", "1e288", "-1e288", "1.0000000000000001e288", "1e+288", "1E288", "1.0e288", "10e287",
        "1.00000000000000000000000000000000000000001e288", "5e288", "9.99e288", "1e289", "1e300", "-1e300",
        "1.7976931348623157e308", "-0.0", "0e400", "1e-400", "100000000000000000000000000000000000000000e250",
        "-2.5e-320"]
bad = 0
def check(label, text, get):
    global bad
    for lit in LITS:
        t = text.replace("LIT", lit)
        want = json.loads(lit)
        try:
            got = get(t)
        except lc.LmcodecError as e:
            got = f"{type(e).__name__}: {str(e)[:100]}"
        except Exception as e:
            got = f"BARE {type(e).__name__}: {e}"
        ok = (isinstance(got, float) and (got == want) and (str(got) == str(float(want))))
        if not ok:
            bad += 1
            print(f"{label} {lit}: want {want!r} got {got!r}")

resp = lambda lp: ('{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"a"}]},'
                   '"finish_reason":"stop","usage":{"input_tokens":1,"output_tokens":1},'
                   '"provider_data":{"logprobs":[{"token":"a","logprob":LIT,"top_logprobs":[{"token":"a","logprob":LIT}]}]}}')
req = '{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}],"config":{"temperature":LIT,"top_p":LIT}}'
check("Request.temperature", req, lambda t: lc.decode(t.encode(), lc.Request).config.temperature)
check("Request.top_p keep", req, lambda t: lc.decode(t.encode(), lc.Request, unknown="keep").config.top_p)
# canonical telemetry logprobs: find the canonical logprob type
print("lc names with Logprob:", [n for n in dir(lc) if "ogprob" in n])
print("bad", bad)
