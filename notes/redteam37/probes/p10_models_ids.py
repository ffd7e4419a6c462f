"""The model and id a destination client reads: body (translate_response) vs stream (translate)."""
import json, sys
sys.path.insert(0, "notes/redteam37/probes")
sys.path.insert(0, ".")
import lmcodec as lc
from p2_other_sources import anth, chat, resp, MSG, CASES as _  # noqa
REQ = lc.Request(model="m-req", messages=(lc.Message.user("hi"),))
def model_of(dst, body=None, stream=None):
    if body is not None:
        d = json.loads(body)
        return d.get("model") or d.get("modelVersion"), d.get("id") or d.get("responseId")
    evs = [json.loads(l[6:]) for l in stream.decode().splitlines() if l.startswith("data: ") and l[6:] != "[DONE]"]
    ms, ids = set(), set()
    for e in evs:
        for obj in (e, e.get("message") or {}, e.get("response") or {}):
            if isinstance(obj, dict):
                if obj.get("model") or obj.get("modelVersion"): ms.add(obj.get("model") or obj.get("modelVersion"))
                if obj.get("id") and obj is not e or (dst in ("openai_chat", "gemini") and (e.get("id") or e.get("responseId"))): ids.add(obj.get("id") or e.get("id") or e.get("responseId"))
    return sorted(ms), sorted(i for i in ids if i)
G = {"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}], "modelVersion": "gem-served", "responseId": "gr1", "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}
srcs = {"anthropic": anth([{"type": "text", "text": "hi"}], "end_turn"), "openai_chat": chat({"content": "hi"}, "stop"), "openai": resp([MSG("hi")]),
        "gemini": (json.dumps(G).encode(), b"data: " + json.dumps(G).encode() + b"\r\n\r\n")}
for src, (body, stream) in srcs.items():
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        for req in (None, REQ):
            try: b = model_of(dst, body=lc.translate_response(src, dst, body, request=req))
            except Exception as e: b = f"ERR {e}"[:80]
            try: s = model_of(dst, stream=b"".join(lc.stream.translate(src, dst, [stream], request=req)))
            except Exception as e: s = f"ERR {e}"[:80]
            print(f"{src}->{dst} req={'m-req' if req else None}: body {b} | stream {s}")
