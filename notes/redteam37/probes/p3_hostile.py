import json, time
import lmcodec as lc
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
G = json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"text": "x"}]}, "finishReason": "STOP"}]}).encode()
A = json.dumps({"id": "msg_1", "type": "message", "role": "assistant", "model": "c", "content": [{"type": "text", "text": "x"}], "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}).encode()
def t(label, *a, **k):
    try:
        r = lc.translate_response(*a, **k)
        print("OK ", label, r[:80])
    except lc.LmcodecError if hasattr(lc, "LmcodecError") else Exception as e:
        print("lc ", label, type(e).__module__, type(e).__name__, str(e)[:100])
    except Exception as e:
        print("!!!", label, type(e).__module__, type(e).__name__, str(e)[:100])
print([n for n in dir(lc) if "Error" in n])
for fr in ([1], {}, {"a": 1}, 5, None):
    for dst in ("openai", "gemini", "anthropic"):
        t(f"block + finishReason {fr!r} -> {dst}", "gemini", dst, json.dumps({"promptFeedback": {"blockReason": "SAFETY"}, "candidates": [{"finishReason": fr}]}), request=REQ)
for bad in ([1], {}, 5, "SAFETY", None, [None]):
    t(f"blockReason + candidates {bad!r}", "gemini", "openai", json.dumps({"promptFeedback": {"blockReason": "SAFETY"}, "candidates": bad}), request=REQ)
    t(f"blockReason {bad!r}", "gemini", "openai", json.dumps({"promptFeedback": {"blockReason": bad}}), request=REQ)
    t(f"promptFeedback {bad!r}", "gemini", "openai", json.dumps({"promptFeedback": bad}), request=REQ)
    t(f"SAFETY content {bad!r}", "gemini", "anthropic", json.dumps({"candidates": [{"finishReason": "SAFETY", "content": bad}]}), request=REQ)
    t(f"SAFETY usage {bad!r}", "gemini", "openai_chat", json.dumps({"candidates": [{"finishReason": "SAFETY"}], "usageMetadata": bad}), request=REQ)
    t(f"SAFETY modelVersion {bad!r}", "gemini", "openai_chat", json.dumps({"candidates": [{"finishReason": "SAFETY"}], "modelVersion": bad}), request=REQ)
for adapt in (5, None, "x", [1], b"ab"):
    t(f"same adaptations {adapt!r}", "gemini", "gemini", G, request=REQ, adaptations=adapt)
    t(f"cross adaptations {adapt!r}", "gemini", "openai", G, request=REQ, adaptations=adapt)
for req in ("m", 5, {"model": "m"}):
    t(f"request {req!r}", "anthropic", "openai", A, request=req)
    t(f"request {req!r} filt", "gemini", "openai", json.dumps({"promptFeedback": {"blockReason": "SAFETY"}}), request=req)
for src, dst in (("x", "openai"), ("openai", "x"), (5, "openai"), ("openai", None)):
    t(f"names {src!r} {dst!r}", src, dst, A)
for body in (5, None, [1], {"a": 1}, "", b"", memoryview(b"{}")):
    t(f"body {body!r}", "anthropic", "anthropic", body, request=REQ)
t("str non-utf8 filtered", "gemini", "openai", '{"promptFeedback": {"blockReason": "\ud800"}}', request=REQ)
t("bytearray same", "anthropic", "anthropic", bytearray(A), request=REQ)
t("str same", "anthropic", "anthropic", A.decode(), request=REQ)
mv = memoryview(A); t("memoryview same", "anthropic", "anthropic", mv, request=REQ)
for n in (10**4, 10**5, 4 * 10**5):
    deep = '{"promptFeedback": {"blockReason": "SAFETY"}, "x": ' + "[" * n + "]" * n + "}"
    for dst in ("openai", "gemini"):
        s = time.perf_counter(); t(f"deep {n} -> {dst}", "gemini", dst, deep, request=REQ); print("  ", time.perf_counter() - s)
    deep2 = '{"candidates": [{"finishReason": "SAFETY", "content": {"parts": [{"text": "a"}], "z": ' + "[" * n + "]" * n + "}}]}"
    s = time.perf_counter(); t(f"deep in cand {n}", "gemini", "openai", deep2, request=REQ); print("  ", time.perf_counter() - s)
    deep3 = A.decode()[:-1] + ', "z": ' + "[" * n + "]" * n + "}"
    s = time.perf_counter(); t(f"deep same anth {n}", "anthropic", "anthropic", deep3, request=REQ); print("  ", time.perf_counter() - s)
    s = time.perf_counter(); t(f"deep cross anth {n}", "anthropic", "openai", deep3, request=REQ); print("  ", time.perf_counter() - s)
for n in (10**5, 10**6, 4 * 10**6):
    big = json.dumps({"candidates": [{"finishReason": "SAFETY", "content": {"parts": [{"text": "a" * n}]}}]})
    s = time.perf_counter(); t(f"big {n}", "gemini", "anthropic", big, request=REQ); print("  ", time.perf_counter() - s)
    many = json.dumps({"candidates": [{"finishReason": "SAFETY", "content": {"parts": [{"text": "a"}] * (n // 10)}}]})
    s = time.perf_counter(); t(f"many parts {n//10}", "gemini", "openai", many, request=REQ); print("  ", time.perf_counter() - s)
