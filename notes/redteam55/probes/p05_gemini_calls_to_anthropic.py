"""Gemini whole calls with hostile names/ids/args translated to Anthropic (the whole_call_start
template): anthropic SDK reading vs json.loads of the source args, at three chunkings."""
import sys, json, math
sys.path.insert(0, "/work/wt/redteam55"); sys.path.insert(0, "/work/wt/redteam55/src")
sys.path.insert(0, "/work/wt/redteam55/notes/redteam53")
import lmcodec as lc
from fuzz import sdk_view

def body(name, cid, args_text):
    ch = ('{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":%s,"args":%s%s}}]},"finishReason":"STOP","index":0}],'
          '"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":1,"totalTokenCount":2},"modelVersion":"gemini-2.5-flash","responseId":"r1"}') % (
        json.dumps(name), args_text, (',"id":' + json.dumps(cid)) if cid is not None else "")
    return ch

CASES = [
    ("get", "c1", '{"a":"q\\"uote\\\\ </script> \\u2028 \\u2029 \\u0000"}'),
    ("get", "c1", '{"n":123456789012345678901234567890}'),
    ("get", "c1", '{"n":-9223372036854775809,"m":18446744073709551616}'),
    ("get", "c1", '{"x":-0.0}'),
    ("get", "c1", '{"x":1e400}'),
    ("get", "c1", '{"x":-1e400}'),
    ("get", "c1", '{"x":1E5,"y":0.00001,"z":1.0,"w":1e-7,"v":123456789.123456789}'),
    ("get", "c1", '{}'),
    ("get", "c1", '{"a":1,"a":2}'),
    ("get", "c1", '{"d":' + '[' * 300 + ']' * 300 + '}'),
    ("get", "c1", '{"d":' + '[' * 399 + ']' * 399 + '}'),
    ("get", "c1", '{"d":' + '[' * 450 + ']' * 450 + '}'),
    ("get", "c1", '{"d":' + '{"k":' * 1000 + '1' + '}' * 1000 + '}'),
    ("get", "c1", '[1,2]'),
    ("get", "c1", '"s"'),
    ("get", "c1", 'null'),
    ("get", "c1", '5'),
    ("get", "c1", '{"a":"\\ud800"}'),
    ("get", "c1", '{"\\ud83d\\ude00":"\\ud83d\\ude00 astral"}'),
    ('a"b\\c</script>\u2028', "c1", '{"a":1}'),
    ("get", 'i"d\\</\u2028x', '{"a":1}'),
    ("get", None, '{"a":1}'),
    ("get", "", '{"a":1}'),
    ("", "c1", '{"a":1}'),
    ("get", "c1", '{"a":"' + "x" * 5000 + '"}'),
    ("get", "c1", '{"a":[' + ",".join(["{}"] * 500) + ']}'),
    ("get", "c1", '{"a":"' + "{" * 1000 + '"}'),
    ("get", "c1", '{"a":"' + "[" * 450 + '","b":[[1]]}'),
    ("{" * 500, "c1", '{"a":1}'),
    ("get", "{[" * 300, '{"a":1}'),
]

def chunkings(data):
    frames = [data]
    return {"one": [data], "frames": data.split(b"\n\n"), "bytes": [data[i:i + 1] for i in range(len(data))] if len(data) < 20000 else [data[i:i+7] for i in range(0, len(data), 7)]}

def py_args(args_text):
    try:
        v = json.loads(args_text)
    except Exception as e:
        return ("json.loads refuses", str(e)[:40])
    return v

bad = 0
for name, cid, args in CASES:
    sse = ("data: " + body(name, cid, args) + "\r\n\r\n").encode("utf-8", "surrogatepass")
    want = py_args(args)
    outs = {}
    for label, chunks in chunkings(sse).items():
        try:
            out = b"".join(lc.stream.translate("gemini", "anthropic", chunks))
        except Exception as e:
            outs[label] = ("RAISED", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:100])
            continue
        try:
            view = sdk_view("anthropic", out, True)
            calls = view["calls"]
            outs[label] = ("sdk", [(c[0], c[1], c[2]) for c in calls])
        except Exception as e:
            try:
                asm = lc.stream.assemble(lc.stream.decode("anthropic", [out]))
                outs[label] = ("sdk refused", type(e).__name__, str(e)[:80], "lc:", repr(asm.message.parts)[:120])
            except Exception as e2:
                outs[label] = ("sdk refused", type(e).__name__, str(e)[:80], "lc refused", type(e2).__name__, str(e2)[:80])
    vals = list(outs.values())
    same = all(v == vals[0] for v in vals)
    exp = json.dumps(want, sort_keys=True) if not isinstance(want, tuple) else want
    ok_vs = vals[0][0] == "sdk" and len(vals[0][1]) == 1 and vals[0][1][0][2] == exp and vals[0][1][0][1] == name
    flag = "OK " if same and ok_vs else "?? "
    if flag != "OK ": bad += 1
    print(flag, repr(name)[:20], repr(cid)[:20], args[:50], "| want", str(exp)[:60])
    for k, v in outs.items():
        if flag != "OK ": print("      ", k, str(v)[:300])
print("cases", len(CASES), "flagged", bad)
