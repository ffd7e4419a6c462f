import sys, json, re
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import translated, DIALECTS, lc, leaves
import _sdk
mod, src, builder = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(__import__("pathlib").Path(__file__).resolve().parent / f"{mod}.py").read().split("\nfor name, params")[0]
ns = {"__file__": str(__import__("pathlib").Path(__file__).resolve().parent / f"{mod}.py")}; exec(text, ns)
def camel(s): return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), s)
def snake(s): return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), s)
for name, params in ns["cases"].items():
    if params is None: continue
    try: body = getattr(_sdk, builder)(**params) if builder != "raw" else params
    except Exception: continue
    for dst in DIALECTS:
        out = translated(src, dst, body)
        if isinstance(out[0], str): continue
        sent, notes = out
        blob = json.dumps(sent) + json.dumps([lc.to_builtins(a) for a in notes])
        for p, v in leaves(body):
            if isinstance(v, str) or v is None: continue
            key = re.findall(r"\.([A-Za-z_]+)", p)
            if not key: continue
            k = key[-1]
            if k in ("stream",): continue
            vs = json.dumps(v)
            if any(x in blob for x in (k, camel(k), snake(k))) : continue
            print(f"{name:24s} {src}->{dst}: {p}={vs}")
