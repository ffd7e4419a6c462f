import json, random, msgspec, lmcodec as lc
random.seed(5)
def sse(objs, events=None):
    out = []
    for i, o in enumerate(objs):
        ev = f"event: {events[i]}\n" if events else ""
        out.append(ev + "data: " + json.dumps(o, ensure_ascii=False) + "\n\n")
    return "".join(out).encode()
K = 65536
def digits(n): return "".join(random.choice("0123456789") for _ in range(n))
texts = {
 "ascii": "a" * (K + 100),
 "digits": digits(K * 2 + 7),
 "digitedge": ("x" * 2150 + "1") * 40 + digits(3000),
 "utf8": "é😀" * 30000,
 "esc": '"\\\n' * 25000,
}
bodies = {}
for tn, t in texts.items():
    bodies[("gemini", tn, "end")] = sse([{"candidates":[{"content":{"role":"model","parts":[{"text":"hi "}]}}]},
        {"candidates":[{"content":{"role":"model","parts":[{"text":t}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":5},"modelVersion":"g"}])
    bodies[("gemini", tn, "one")] = sse([{"candidates":[{"content":{"role":"model","parts":[{"text":t},{"functionCall":{"name":"f","args":{"a":t[:5000],"n":12345678901234567890}}}]},"finishReason":"STOP"}],"modelVersion":"g"}])
    H = {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt"}
    bodies[("openai_chat", tn, "")] = sse([dict(H, choices=[{"index":0,"delta":{"role":"assistant","content":"x"}}]), dict(H, choices=[{"index":0,"delta":{"content":t}}]), dict(H, choices=[{"index":0,"delta":{},"finish_reason":"stop"}], usage={"prompt_tokens":1,"completion_tokens":2,"total_tokens":3})]) + b"data: [DONE]\n\n"
    A = [{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"c","content":[],"stop_reason":None,"usage":{"input_tokens":1,"output_tokens":1}}},
         {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}},
         {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":t}},
         {"type":"content_block_stop","index":0},
         {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}},
         {"type":"message_stop"}]
    bodies[("anthropic", tn, "")] = sse(A, [a["type"] for a in A])
    R = [{"type":"response.created","response":{"id":"r","object":"response","created_at":1,"status":"in_progress","model":"o","output":[]}},
         {"type":"response.output_text.delta","item_id":"i","output_index":0,"content_index":0,"delta":t},
         {"type":"response.completed","response":{"id":"r","object":"response","created_at":1,"status":"completed","model":"o","output":[{"type":"message","id":"i","role":"assistant","status":"completed","content":[{"type":"output_text","text":t,"annotations":[]}]}],"usage":{"input_tokens":1,"output_tokens":2,"total_tokens":3}}}]
    bodies[("openai", tn, "")] = sse(R, [r["type"] for r in R])
import hashlib
for (p, tn, kind), b in bodies.items():
    cutsets = [[b]]
    for _ in range(3):
        cs = sorted(random.sample(range(1, len(b)), 3))
        cutsets.append([b[i:j] for i, j in zip([0]+cs, cs+[len(b)])])
    cutsets.append([b[:K], b[K:]]); cutsets.append([b[:K-1], b[K-1:]]); cutsets.append([b[:-1], b[-1:]])
    outs = []
    for chunks in cutsets:
        try:
            r = lc.assemble(lc.stream.decode(p, chunks))
            outs.append(hashlib.sha1(lc.encode(r)).hexdigest()[:10])
        except Exception as e:
            outs.append(type(e).__name__ + ":" + str(e)[:80])
    print(p, tn, kind, len(b), "ALLSAME" if len(set(outs)) == 1 else "DIFF", outs)
