"""rtfix57 F04: error messages that quote a 1 MiB input value, at every entry point reachable here."""
import json
from _h import lc, REQUEST
import lmcodec.providers as lcp
BIG = "Z" * (1 << 20)
def L(fn):
    try:
        fn(); return "ok"
    except lc.LmcodecError as e:
        return len(str(e))
    except Exception as e:
        return f"BARE {type(e).__name__} len {len(str(e))}"
resp = {"id": "r", "model": "m", "message": {"role": "assistant", "parts": [{"type": "text", "text": "a"}]},
        "finish_reason": "stop", "usage": {"input_tokens": 1, "output_tokens": 1}}
req = {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]}
def mut(d, path, val):
    d = json.loads(json.dumps(d)); cur = d
    for k in path[:-1]: cur = cur[k]
    cur[path[-1]] = val; return d
cases = {}
for path in (("finish_reason",), ("message", "role"), ("message", "parts", 0, "type"), ("usage", BIG), ("id",)):
    d = mut(resp, path, BIG) if path[-1] != BIG else mut(resp, ("usage",), {BIG: 1})
    cases[f"lc.decode Response {path[:3]!s:.40}"] = lambda d=d: lc.decode(json.dumps(d).encode(), lc.Response)
    cases[f"lc.decode Response keep {path[:3]!s:.40}"] = lambda d=d: lc.decode(json.dumps(d).encode(), lc.Response, unknown="keep")
    cases[f"lc.decode Response lenient {path[:3]!s:.40}"] = lambda d=d: lc.decode(json.dumps(d).encode(), lc.Response, lenient=True)
for path in (("messages", 0, "role"), ("messages", 0, "parts", 0, "type"), ("model",)):
    d = mut(req, path, BIG)
    cases[f"lc.decode Request {path}"] = lambda d=d: lc.decode(json.dumps(d).encode(), lc.Request)
cases["lc.decode Request unknown key"] = lambda: lc.decode(json.dumps(dict(req, **{BIG: 1})).encode(), lc.Request)
cases["lc.decode Request config key"] = lambda: lc.decode(json.dumps(dict(req, config={BIG: 1})).encode(), lc.Request)
cases["lc.decode Request tool key"] = lambda: lc.decode(json.dumps(dict(req, tools=[{"type": "function", "name": "f", BIG: 1}])).encode(), lc.Request)
# provider requests
preq = {
    "openai": {"model": "m", "input": [{"role": "user", "content": "hi"}]},
    "openai_chat": {"model": "m", "messages": [{"role": "user", "content": "hi"}]},
    "anthropic": {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]},
    "gemini": {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
}
for p, b in preq.items():
    msgs = "input" if p == "openai" else ("contents" if p == "gemini" else "messages")
    for path in ((msgs, 0, "role"), (msgs, 0, BIG), ("tool_choice",), ("reasoning_effort",), ("service_tier",), ("tools",),
                 ("generationConfig",), (BIG,)):
        if path[-1] == BIG:
            d = mut(b, path[:-1] + (BIG,), 1) if len(path) > 1 else dict(b, **{BIG: 1})
        elif path == ("tools",):
            d = dict(b, tools=[{"type": BIG}])
        elif path == ("generationConfig",):
            d = dict(b, generationConfig={"responseModalities": [BIG]}, thinkingConfig={BIG: 1})
        else:
            d = mut(b, path, BIG)
        cases[f"decode_request {p} {str(path)[:40]}"] = lambda d=d, p=p: lcp.decode_request(p, json.dumps(d).encode())
        for dst in preq:
            cases[f"translate_request {p}->{dst} {str(path)[:40]}"] = lambda d=d, p=p, dst=dst: lcp.translate_request(p, dst, json.dumps(d).encode())
# provider responses
presp = {
    "openai": {"id": "r", "object": "response", "created_at": 1, "status": "completed", "model": "m",
               "output": [{"id": "m1", "type": "message", "role": "assistant", "status": "completed", "content": [{"type": "output_text", "text": "a", "annotations": []}]}]},
    "openai_chat": {"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": "a"}, "finish_reason": "stop"}]},
    "anthropic": {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [{"type": "text", "text": "a"}], "stop_reason": "end_turn", "usage": {"input_tokens": 1, "output_tokens": 1}},
    "gemini": {"candidates": [{"content": {"role": "model", "parts": [{"text": "a"}]}, "finishReason": "STOP", "index": 0}]},
}
rpaths = {"openai": [("status",), ("output", 0, "type"), ("output", 0, "content", 0, "type"), ("output", 0, "role")],
          "openai_chat": [("choices", 0, "finish_reason"), ("choices", 0, "message", "role"), ("object",)],
          "anthropic": [("stop_reason",), ("content", 0, "type"), ("type",), ("role",)],
          "gemini": [("candidates", 0, "finishReason"), ("candidates", 0, "content", "role"), ("candidates", 0, "content", "parts", 0, BIG)]}
for p, b in presp.items():
    for path in rpaths[p]:
        d = mut(b, path[:-1] + (BIG,), 1) if path[-1] == BIG else mut(b, path, BIG)
        cases[f"decode_response {p} {str(path)[:40]}"] = lambda d=d, p=p: lcp.decode_response(p, json.dumps(d).encode(), request=REQUEST)
        sse = ("data: " + json.dumps(d) + "\n\n").encode()
        cases[f"stream.decode(body as sse) {p} {str(path)[:40]}"] = lambda sse=sse, p=p: lc.assemble(lc.stream.decode(p, [sse], request=REQUEST), request=REQUEST)
# stream event types
for p, ev in (("openai", {"type": BIG}), ("anthropic", {"type": BIG}), ("openai_chat", {"object": BIG, "choices": [{"index": 0, "delta": {"role": BIG}}]}),
              ("anthropic", {"type": "message_start", "message": {"id": "m", "role": BIG, "content": [], "model": "c"}}),
              ("anthropic", {"type": "content_block_start", "index": 0, "content_block": {"type": BIG}}),
              ("openai", {"type": "response.output_item.added", "output_index": 0, "item": {"type": BIG}})):
    sse = ("data: " + json.dumps(ev) + "\n\n").encode()
    cases[f"stream.decode {p} {str(ev)[:50]}"] = lambda sse=sse, p=p: lc.assemble(lc.stream.decode(p, [sse], request=REQUEST), request=REQUEST)
    cases[f"stream.translate {p}"] = lambda sse=sse, p=p: b"".join(lc.stream.translate(p, "openai", [sse], request=REQUEST))
worst = []
for name, fn in cases.items():
    r = L(fn)
    if isinstance(r, str) and r.startswith("BARE") or (isinstance(r, int) and r > 5000):
        print(name, r)
    if isinstance(r, int): worst.append((r, name))
print("cases", len(cases), "max len", max(worst)[0] if worst else None, max(worst)[1] if worst else None)
