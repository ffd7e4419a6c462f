"""Probe: Gemini one-chunk answers with odd modelVersion values, straight path (one chunk) against
the same bytes fed in two pieces (the general way), with and without request=."""
from __future__ import annotations
import json
import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
odd = ["", " ", "x", None, 5, 1.5, True, [], {}, ["m"], "\u00e9", "a" * 10000, "\ud7ff", False, 0]
differ = total = 0
for mv in [*odd, "ABSENT"]:
    payload = {"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
               "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}
    if mv != "ABSENT":
        payload["modelVersion"] = mv
    body = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
    for sreq in (None, REQ):
        for areq in (None, REQ):
            def run(chunks):
                try:
                    return lc.assemble(lc.stream.decode("gemini", chunks, request=sreq), request=areq)
                except Exception as e:
                    return f"{type(e).__name__}: {str(e)[:80]}"
            one, two = run([body]), run([body[:7], body[7:]])
            total += 1
            if one != two:
                differ += 1
                print("DIFFER", repr(mv)[:20], sreq is not None, areq is not None, "\n  one:", str(one)[:200], "\n  two:", str(two)[:200])
print(f"{differ} of {total} differ")
