"""Probe: lc.translate_response("gemini", dst, body) of filtered Gemini bodies against the same body
streamed as one chunk through lc.stream.translate, each read back by lmcodec in dst."""
from __future__ import annotations
import json
import lmcodec as lc

R = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
U = {"usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5}}
def cand(fin, parts=None, **kw):
    c = {"finishReason": fin, **kw}
    if parts is not None:
        c["content"] = {"role": "model", "parts": parts}
    return {"candidates": [c], "modelVersion": "gemini-2.5-flash", **U}
BODIES = {
    "blocked prompt": {"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "gemini-2.5-flash", **U},
    "blocked OTHER": {"promptFeedback": {"blockReason": "OTHER", "blockReasonMessage": "no"}, **U},
    "SAFETY partial": cand("SAFETY", [{"text": "part"}]),
    "SAFETY none": cand("SAFETY"),
    "RECITATION": cand("RECITATION", [{"text": "quoted"}]),
    "PROHIBITED_CONTENT thought+text": cand("PROHIBITED_CONTENT", [{"text": "t", "thought": True}, {"text": "x"}]),
    "SPII call": cand("SPII", [{"functionCall": {"name": "f", "args": {"a": 1}}}]),
    "BLOCKLIST": cand("BLOCKLIST", [{"text": "x"}]),
    "IMAGE_SAFETY": cand("IMAGE_SAFETY", [{"text": "x"}]),
    "LANGUAGE": cand("LANGUAGE", [{"text": "x"}]),
}
def read_body(dst, out):
    return lc.decode_response(dst, out, request=R)
def read_stream(dst, body):
    chunk = b"data: " + json.dumps(body).encode() + b"\r\n\r\n"
    out = b"".join(lc.stream.translate("gemini", dst, [chunk], request=R))
    return lc.assemble(lc.stream.decode(dst, [out], request=R), request=R)
def key(r):
    if isinstance(r, str):
        return r
    return (r.finish_reason, [(type(p).__name__, getattr(p, "text", None) or getattr(p, "name", None)) for p in r.message.parts], r.usage.input_tokens, r.usage.output_tokens)
differ = total = 0
for name, b in BODIES.items():
    for dst in ("anthropic", "openai_chat", "openai"):
        total += 1
        try:
            a = key(read_body(dst, lc.translate_response("gemini", dst, json.dumps(b).encode(), request=R)))
        except Exception as e:
            a = f"{type(e).__name__}: {str(e)[:80]}"
        try:
            s = key(read_stream(dst, b))
        except Exception as e:
            s = f"{type(e).__name__}: {str(e)[:80]}"
        if a != s:
            differ += 1
            print(f"DIFFER {name} -> {dst}\n   body:   {a}\n   stream: {s}")
print(f"{differ} of {total} differ")
