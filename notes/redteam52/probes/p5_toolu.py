"""perf26a: made-up toolu ids, body (translate_response) vs stream (translate), surrogates, collisions."""
import json
from _h import lc, REQUEST
def gem(resp_id, calls, extra_parts=()):
    parts = list(extra_parts) + [{"functionCall": {"name": n, "args": {"a": 1}, **({"id": i} if i else {})}} for n, i in calls]
    d = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
         "modelVersion": "g"}
    if resp_id is not None:
        d["responseId"] = resp_id
    return json.dumps(d)
def ids_of(r):
    return [p.id for p in r.message.parts if isinstance(p, lc.ToolCallPart)]
def body_route(body):
    try:
        out = lc.translate_response("gemini", "anthropic", body.encode(), request=REQUEST)
        r = lc.decode_response("anthropic", out, request=REQUEST)
        return r.id, ids_of(r)
    except lc.LmcodecError as e:
        return f"{type(e).__name__}: {str(e)[:80]}"
    except Exception as e:
        return f"BARE {type(e).__name__}: {e}"
def stream_route(body, cut):
    data = ("data: " + body + "\n\n").encode()
    ch = [data] if cut == "whole" else [data[i:i+1] for i in range(len(data))]
    try:
        out = b"".join(lc.stream.translate("gemini", "anthropic", ch, request=REQUEST))
        r = lc.assemble(lc.stream.decode("anthropic", [out], request=REQUEST), request=REQUEST)
        return r.id, ids_of(r)
    except lc.LmcodecError as e:
        return f"{type(e).__name__}: {str(e)[:80]}"
    except Exception as e:
        return f"BARE {type(e).__name__}: {e}"
cases = {
    "two calls": gem("R1", [("f", None), ("g", None)]),
    "text then calls": gem("R1", [("f", None), ("g", None)], [{"text": "hi"}]),
    "mixed ids": gem("R1", [("f", None), ("g", "c1")]),
    "no response id": gem(None, [("f", None), ("g", None)]),
    "surrogate id": gem("\ud800", [("f", None)]),
    "empty id": gem("", [("f", None)]),
    "collide": None,
}
import hashlib
h = "toolu_" + hashlib.blake2b(b"R1", digest_size=12).hexdigest() + "_"
cases["collide"] = gem("R1", [("f", None), ("g", h + "0")])
cases["collide2"] = gem("R1", [("g", h + "1"), ("f", None)])
for name, body in cases.items():
    print(name)
    print("   body  ", body_route(body))
    print("   stream", stream_route(body, "whole"))
    print("   stream1", stream_route(body, "1"))
