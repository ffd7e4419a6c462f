"""rtfix57 F02's wider question: a lone surrogate (and a 10,000-deep value) at every string and
key of llm-0.36's response vectors, through lc.llm.decode -> to_turn -> lc.encode, lc.llm.encode,
lc.llm.from_builtins, the jsonl reader and cli convert --from llm."""
import json, io, os, tempfile, contextlib
from _h import lc
from lmcodec import cli
V = [x for x in json.load(open("/work/wt/shared/corpus/llm-0.36/vectors.json")) if x["kind"] in ("response", "response_roundtrip")]
def spots(v, p=()):
    if isinstance(v, dict):
        for k, x in v.items():
            yield ("key", p, k)
            yield from spots(x, p + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v): yield from spots(x, p + (i,))
    if isinstance(v, str) or True:
        yield ("val", p, None)
def mutate(v, kind, p, k, bad):
    v = json.loads(json.dumps(v)); cur = v
    if kind == "key":
        for q in p: cur = cur[q]
        cur[bad if isinstance(bad, str) else "__K__"] = cur.pop(k)
        return v
    if not p: return bad
    for q in p[:-1]: cur = cur[q]
    cur[p[-1]] = bad
    return v
found = {}
n = 0
def run(label, fn):
    try: fn()
    except lc.LmcodecError: pass
    except Exception as e:
        key = (label, type(e).__name__)
        if key not in found:
            found[key] = 1; print("BARE", label, type(e).__name__, str(e)[:160])
DEEP = "__DEEP__"
for vec in V:
    rec = vec["value"] if "value" in vec else vec.get("record")
    if not isinstance(rec, dict): continue
    for kind, p, k in spots(rec):
        for bad in ("\ud800", DEEP):
            if kind == "key" and bad == DEEP: continue
            m = mutate(rec, kind, p, k, bad)
            text = json.dumps(m).replace('"__DEEP__"', "[" * 10000 + "]" * 10000).encode()
            n += 1
            def chain():
                r = lc.llm.decode(text); t = lc.llm.to_turn(r); lc.encode(t); lc.llm.encode(r)
            run("decode->to_turn->encode", chain)
            run("from_builtins", lambda: lc.llm.to_turn(lc.llm.from_builtins(json.loads(text))))
            run("jsonl", lambda: list(lc.jsonl.read(io.BytesIO(text + b"\n"), lc.llm.Response)) if hasattr(lc, "jsonl") else None)
print("cases", n, "bare kinds", len(found))
