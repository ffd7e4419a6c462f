import json, lmcodec as lc
def sse(objs): return "".join("data: " + json.dumps(o) + "\n\n" for o in objs).encode()
C = lambda parts, fin=None, **kw: dict({"candidates":[dict({"content":{"role":"model","parts":parts}}, **({"finishReason":fin} if fin else {}))], "modelVersion":"g1"}, **kw)
cases = {
 "safety with parts": [C([{"text":"a"}]), C([{"text":"b"}], "SAFETY", usageMetadata={"promptTokenCount":2,"candidatesTokenCount":3})],
 "safety other model": [C([{"text":"a"}]), dict(C([{"text":"b"}], "SAFETY"), modelVersion="g2")],
 "recitation call": [C([{"text":"a"}]), C([{"functionCall":{"name":"f","args":{"x":1}}}], "RECITATION")],
 "blocked prompt": [{"promptFeedback":{"blockReason":"SAFETY"},"modelVersion":"g1"}],
 "malformed call": [C([{"text":"a"}]), C([], "MALFORMED_FUNCTION_CALL")],
 "safety first chunk": [C([{"text":"b"}], "SAFETY")],
 "safety no model": [{"candidates":[{"content":{"role":"model","parts":[{"text":"a"}]}}]}, {"candidates":[{"content":{"role":"model","parts":[{"text":"b"}]},"finishReason":"SAFETY"}],"responseId":"x"}],
 "safety thought": [C([{"text":"t","thought":True}]), C([{"text":"b","thoughtSignature":"c2ln"}], "PROHIBITED_CONTENT")],
}
from google.genai import types
for name, evs in cases.items():
    b = sse(evs)
    for split in (False, True):
        chunks = [b] if not split else [b[i:i+9] for i in range(0, len(b), 9)]
        try:
            out = b"".join(lc.stream.translate("gemini", "gemini", chunks))
            print(name, split, out.decode())
        except Exception as e:
            print(name, split, "EXC", type(e).__name__, str(e)[:200])
