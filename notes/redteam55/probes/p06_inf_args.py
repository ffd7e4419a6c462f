import sys, json, os
sys.path.insert(0, os.environ.get("SRC", "/work/wt/redteam55/src"))
import lmcodec as lc
print(lc.__file__)
for args in ('{"x":1e400}', '[1,2]', '{"x":1e400,"y":"a"}'):
    ch = '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"get","args":%s,"id":"c1"}}]},"finishReason":"STOP","index":0}],"modelVersion":"gemini-2.5-flash","responseId":"r1"}' % args
    sse = ("data: " + ch + "\r\n\r\n").encode()
    evs = list(lc.stream.decode("gemini", [sse]))
    print("decoded", [repr(getattr(e, "delta", e))[:100] for e in evs][1:-1])
    try: print(" assembled", lc.stream.assemble(evs).message.parts)
    except Exception as e: print(" assembled err", type(e).__name__, e.partial.message.parts if hasattr(e,"partial") else "")
    out = b"".join(lc.stream.translate("gemini", "anthropic", [sse]))
    print(" translate", [l for l in out.split(b"\n") if b"tool_use" in l or b"input_json" in l])
    enc = lc.stream.Encoder("anthropic"); o = b"".join(enc.feed(e) for e in evs) + enc.close()
    print(" encoder  ", [l for l in o.split(b"\n") if b"tool_use" in l or b"input_json" in l])
    try:
        print(" body->anth", lc.translate_response("gemini", "anthropic", ch.encode())[:400])
    except Exception as e: print(" body err", type(e).__name__, e)
