"""Probe: lc.translate_response's arguments (types, dialects) and filtered Gemini bodies."""
from __future__ import annotations
import json
import lmcodec as lc

GEM = json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
                  "modelVersion": "gemini-2.5-flash", "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1}}).encode()
FILT = json.dumps({"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "gemini-2.5-flash"}).encode()
SAFETY = json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"text": "partial"}]}, "finishReason": "SAFETY"}], "modelVersion": "g"}).encode()
weird = [None, 1, 1.5, [], {}, b"x", "nope", "OPENAI", ("openai",), object()]
bad = 0
for src in ["gemini", *weird]:
    for dst in ["openai", *weird]:
        if src == "gemini" and dst == "openai":
            continue
        for body in (GEM, FILT):
            try:
                lc.translate_response(src, dst, body)  # type: ignore[arg-type]
                print("ACCEPTED", repr(src), repr(dst))
            except lc.LmcodecError:
                pass
            except Exception as e:
                bad += 1
                print("BARE", repr(src)[:30], repr(dst)[:30], type(e).__name__, str(e)[:100])
for body in (GEM, FILT, SAFETY, "str body", bytearray(GEM), memoryview(GEM), None, 5, [GEM], {"a": 1}):
    for kw in ({}, {"request": 5}, {"request": "x"}, {"adaptations": 5}, {"adaptations": [5]}, {"adaptations": None}):
        try:
            out = lc.translate_response("gemini", "anthropic", body, **kw)  # type: ignore[arg-type]
        except lc.LmcodecError:
            continue
        except Exception as e:
            bad += 1
            print("BARE body", type(body).__name__, kw, type(e).__name__, str(e)[:120])
print("bare exceptions:", bad)
