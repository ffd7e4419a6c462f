import json, sys, traceback
sys.path.insert(0, ".")
import lmcodec as lc
from sdkread import read_body, read_stream
REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
U = {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5}
def cand(parts, fin, **kw):
    c = {"content": {"role": "model", "parts": parts}, "finishReason": fin, "index": 0, **kw}
    if parts is None: del c["content"]
    return c
B = {
 "blockReason": {"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": []}, "usageMetadata": U, "modelVersion": "gemini-2.5-flash"},
 "blockReason+OTHER": {"promptFeedback": {"blockReason": "OTHER"}, "usageMetadata": U, "modelVersion": "g"},
 "SAFETY text": {"candidates": [cand([{"text": "Hello wor"}], "SAFETY")], "usageMetadata": U, "modelVersion": "g"},
 "SAFETY nocontent": {"candidates": [cand(None, "SAFETY")], "usageMetadata": U, "modelVersion": "g"},
 "RECITATION": {"candidates": [cand([{"text": "abc"}], "RECITATION")], "usageMetadata": U, "modelVersion": "g"},
 "PROHIBITED_CONTENT": {"candidates": [cand(None, "PROHIBITED_CONTENT")], "usageMetadata": U, "modelVersion": "g"},
 "BLOCKLIST": {"candidates": [cand([{"text": "x"}], "BLOCKLIST")], "usageMetadata": U, "modelVersion": "g"},
 "SPII": {"candidates": [cand([{"text": "x"}], "SPII")], "usageMetadata": U, "modelVersion": "g"},
 "IMAGE_SAFETY": {"candidates": [cand(None, "IMAGE_SAFETY")], "usageMetadata": U, "modelVersion": "g"},
 "SAFETY call": {"candidates": [cand([{"functionCall": {"name": "f", "args": {"a": 1}}}], "SAFETY")], "usageMetadata": U, "modelVersion": "g"},
 "SAFETY thought+text": {"candidates": [cand([{"text": "think", "thought": True}, {"text": "ans"}], "SAFETY")], "usageMetadata": U, "modelVersion": "g"},
 "two cands SAFETY second": {"candidates": [cand([{"text": "a"}], "STOP"), {**cand([{"text": "b"}], "SAFETY"), "index": 1}], "usageMetadata": U, "modelVersion": "g"},
 "two cands SAFETY first": {"candidates": [cand([{"text": "a"}], "SAFETY"), {**cand([{"text": "b"}], "STOP"), "index": 1}], "usageMetadata": U, "modelVersion": "g"},
 "blockReason + cand STOP": {"promptFeedback": {"blockReason": "SAFETY"}, "candidates": [cand([{"text": "a"}], "STOP")], "usageMetadata": U, "modelVersion": "g"},
 "no content STOP": {"candidates": [cand(None, "STOP")], "usageMetadata": U, "modelVersion": "g"},
 "MAX_TOKENS": {"candidates": [cand([{"text": "abc"}], "MAX_TOKENS")], "usageMetadata": U, "modelVersion": "g"},
 "MALFORMED": {"candidates": [cand(None, "MALFORMED_FUNCTION_CALL", finishMessage="bad")], "usageMetadata": U, "modelVersion": "g"},
 "no usage SAFETY": {"candidates": [cand([{"text": "x"}], "SAFETY")], "modelVersion": "g"},
 "SAFETY no modelVersion": {"candidates": [cand([{"text": "x"}], "SAFETY")], "usageMetadata": U},
 "LANGUAGE": {"candidates": [cand([{"text": "x"}], "LANGUAGE")], "usageMetadata": U, "modelVersion": "g"},
 "OTHER": {"candidates": [cand([{"text": "x"}], "OTHER")], "usageMetadata": U, "modelVersion": "g"},
 "empty candidates": {"candidates": [], "usageMetadata": U, "modelVersion": "g"},
}
for name, d in B.items():
    body = json.dumps(d).encode()
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        try:
            got = lc.translate_response("gemini", dst, body, request=REQ)
            rb = read_body(dst, got)
        except Exception as e:
            rb = f"ERR {type(e).__name__}: {str(e)[:120]}"
        try:
            s = b"".join(lc.stream.translate("gemini", dst, [b"data: " + body + b"\r\n\r\n"], request=REQ))
            rs = read_stream(dst, s)
        except Exception as e:
            rs = f"ERR {type(e).__name__}: {str(e)[:120]}"
        mark = "==" if rb == rs else "!!"
        print(f"{mark} {name} -> {dst}\n   body  {rb}\n   strm  {rs}" if rb != rs else f"{mark} {name} -> {dst} {rb}")
