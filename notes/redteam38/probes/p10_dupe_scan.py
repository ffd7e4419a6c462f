"""Every positive lm15 vector, each key of its top object (and one level down) repeated with a bad
first value: json.loads (lm15) keeps the last, so the value must read back unchanged."""
import json, collections
import lmcodec as lc
v = json.load(open("/work/wt/shared/corpus/lm15-1.5.0/vectors.json"))
def camel(s): return "".join(p.capitalize() for p in s.split("_"))
KIND = {"part": "Part", "message": "Message", "request": "Request", "response": "Response", "delta": "Delta",
        "stream_event": "StreamEvent", "tool": "Tool"}
stats = collections.Counter(); fails = collections.defaultdict(list)
def bad_for(val):
    if isinstance(val, str): return 12345
    if isinstance(val, bool): return "x"
    if isinstance(val, (int, float)): return "x"
    if isinstance(val, list): return "x"
    if isinstance(val, dict): return 7
    return "x"
def dup_texts(obj):
    # yield (label, text) with one key repeated, first value bad
    items = list(obj.items())
    for i, (k, val) in enumerate(items):
        if k == "type": continue
        parts = []
        for j, (k2, v2) in enumerate(items):
            if j == i: parts.append(json.dumps(k) + ":" + json.dumps(bad_for(val)))
            parts.append(json.dumps(k2) + ":" + json.dumps(v2, ensure_ascii=False))
        yield k, "{" + ",".join(parts) + "}"
for x in v["positive"]:
    name = x.get("type") or ""
    t = getattr(lc, KIND.get(x["kind"], ""), None) or getattr(lc, name, None) or getattr(lc, camel(x["kind"]), None)
    if t is None or not isinstance(x["value"], dict): stats["skip"] += 1; continue
    want = lc.decode(x["json"].encode(), t)
    for k, text in dup_texts(x["value"]):
        for L in (False, True):
            try:
                got = lc.decode(text.encode(), t, lenient=L); ok = got == want
            except lc.LmcodecError as e:
                ok = False; got = str(e)[:100]
            stats[(L, ok)] += 1
            if not ok: fails[(getattr(t, "__name__", str(t)), k, L)].append((x["id"], got))
print(stats)
for key, lst in sorted(fails.items(), key=str):
    print(key, len(lst), lst[0])
