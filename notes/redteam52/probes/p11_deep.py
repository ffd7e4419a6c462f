"""rtfix57: a 100,000-deep array at every value position of corpus bodies and stream events,
through decode_response, translate_response, stream.decode + assemble and translate."""
import json, os, sys, glob
from _h import lc, REQUEST, DIALECTS
import lmcodec.providers as lcp
BODIES = "/work/wt/shared/corpus/lm15-contract/bodies"
N = 100_000
DEEP = "[" * N + "]" * N
def paths(v, p=()):
    yield p
    if isinstance(v, dict):
        for k, x in v.items(): yield from paths(x, p + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v): yield from paths(x, p + (i,))
def put(v, p):
    if not p: return "__DEEP__"
    v = json.loads(json.dumps(v)); cur = v
    for k in p[:-1]: cur = cur[k]
    cur[p[-1]] = "__DEEP__"
    return v
def deep_text(v, p):
    return json.dumps(put(v, p)).replace('"__DEEP__"', DEEP)
found = {}
def attempt(label, fn):
    try:
        r = fn()
        if hasattr(r, "__iter__") and not isinstance(r, (bytes, str, dict)):
            list(r)
    except lc.LmcodecError:
        return
    except Exception as e:
        key = (label.split(" ")[0], type(e).__name__)
        if key not in found:
            found[key] = label
            print("BARE", label, type(e).__name__, str(e)[:150], flush=True)
counts = 0
prov_of = {"anthropic": "anthropic", "gemini": "gemini", "openai": "openai", "openai_chat": "openai_chat"}
for d in sorted(os.listdir(BODIES)):
    prov = d.split(".")[0]
    if prov not in prov_of: continue
    files = sorted(glob.glob(f"{BODIES}/{d}/*"))
    if not files: continue
    raw = open(files[0], "rb").read()
    if raw.lstrip().startswith(b"{"):
        try: v = json.loads(raw)
        except Exception: continue
        for p in list(paths(v))[:60]:
            text = deep_text(v, p).encode(); counts += 1
            attempt(f"decode_response {prov} {d} {p}", lambda: lcp.decode_response(prov, text, request=REQUEST))
            for dst in DIALECTS:
                attempt(f"translate_response {prov}->{dst} {d} {p}", lambda: lcp.translate_response(prov, dst, text, request=REQUEST))
    else:
        # SSE: mutate each data line's JSON
        lines = raw.split(b"\n")
        datas = [i for i, l in enumerate(lines) if l.startswith(b"data: ") and l[6:7] in (b"{", b"[")]
        for i in datas[:12]:
            try: v = json.loads(lines[i][6:])
            except Exception: continue
            for p in list(paths(v))[:25]:
                new = list(lines); new[i] = b"data: " + deep_text(v, p).encode()
                body = b"\n".join(new); counts += 1
                attempt(f"stream.decode {prov} {d} {p}", lambda: lc.assemble(lc.stream.decode(prov, [body], request=REQUEST), request=REQUEST))
                for dst in DIALECTS:
                    attempt(f"translate {prov}->{dst} {d} {p}", lambda: lc.stream.translate(prov, dst, [body], request=REQUEST))
    print(d, counts, flush=True)
print("cases", counts, "bare kinds", len(found))
