"""A Chat backend (Python json.dumps, ensure_ascii) splitting an emoji's escaped surrogate pair
between two argument deltas / two text deltas: each delta holds a lone surrogate, the joined text none."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def chunk(delta, fin=None):
    return "data: " + json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": fin}]}) + "\n\n"
args1, args2 = '{"a":"\ud83d', '\ude00"}'
text_src = chunk({"role": "assistant", "content": "x\ud83d"}) + chunk({"content": "\ude00y"}) + chunk({}, "stop") + "data: [DONE]\n\n"
call_src = (chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": args1}}]})
            + chunk({"tool_calls": [{"index": 0, "function": {"arguments": args2}}]}) + chunk({}, "tool_calls") + "data: [DONE]\n\n")
import openai, httpx
for name, src in (("text", text_src), ("call", call_src)):
    data = src.encode()
    # what the openai SDK reads from the source
    client = openai.OpenAI(api_key="x", http_client=httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200, content=data, headers={"content-type": "text/event-stream"}))))
    with client.chat.completions.stream(model="m", messages=[{"role": "user", "content": "hi"}]) as s:
        for _ in s: pass
        m = s.get_final_completion().choices[0].message
    print(name, "SDK reads:", repr(m.content), [c.function.arguments for c in (m.tool_calls or [])])
    for dst in ("openai", "anthropic", "gemini", "openai_chat"):
        for mode in ("whole", "per"):
            chunks = [data] if mode == "whole" else [c.encode() + b"\n\n" for c in src.split("\n\n") if c]
            try:
                out = b"".join(lc.stream.translate("openai_chat", dst, chunks))
                r = lc.assemble(lc.stream.decode(dst, [out]))
                got = [(type(p).__name__, getattr(p, "text", None) or getattr(p, "input", None)) for p in r.message.parts]
            except Exception as e:
                got = f"{type(e).__name__}: {str(e)[:100]}"
            print("  ", dst, mode, got)
