"""lc.schema(T) against the values lc.decode accepts and refuses (lm15 vectors)."""
import json, collections
import jsonschema
import lmcodec as lc
v = json.load(open("/work/wt/shared/corpus/lm15-1.5.0/vectors.json"))
KIND = {"part": "Part", "message": "Message", "request": "Request", "response": "Response", "delta": "Delta",
        "stream_event": "StreamEvent", "usage": "Usage", "config": "Config", "tool": "Tool"}
stats = collections.Counter()
for x in v["positive"]:
    tname = x.get("type") or KIND.get(x["kind"])
    t = getattr(lc, tname, None) or getattr(lc, KIND.get(x["kind"], ""), None)
    if t is None:
        stats["no type " + str(tname)] += 1; continue
    try:
        sch = lc.schema(t)
    except Exception as e:
        stats["schema err " + tname] += 1; continue
    val = json.loads(x["json"])
    try:
        lc.decode(x["json"].encode(), t)
        dec = True
    except lc.LmcodecError:
        dec = False
    try:
        jsonschema.validate(val, sch); ok = True
    except jsonschema.ValidationError as e:
        ok = False; msg = e.message[:150]
    stats[(dec, ok)] += 1
    if dec != ok:
        print("MISMATCH", x["id"], "decode:", dec, "schema:", ok, "" if ok else msg)
for x in v["negative"]:
    tname = x.get("type") or KIND.get(x["kind"])
    t = getattr(lc, tname or "", None)
    if t is None: continue
    val = x["input"]
    try:
        lc.from_builtins(val, t); dec = True
    except lc.LmcodecError:
        dec = False
    except Exception as e:
        dec = "bare " + type(e).__name__
    try:
        jsonschema.validate(val, lc.schema(t)); ok = True
    except jsonschema.ValidationError:
        ok = False
    except Exception as e:
        ok = "x"
    stats[("neg", dec, ok)] += 1
    if dec != ok:
        print("NEG MISMATCH", x["id"], "decode:", dec, "schema:", ok, json.dumps(val)[:150])
print(stats)
