"""A response.completed message listed at the index the stream gave a reasoning item."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def ev(t, n, **k): return {"type": t, "sequence_number": n, **k}
rs = {"type": "reasoning", "id": "rs_1", "summary": []}
m0 = {"type": "message", "id": "msg_0", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "A", "annotations": []}]}
m1 = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "B", "annotations": []}]}
base = {"id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "error": None, "incomplete_details": None,
        "instructions": None, "metadata": {}, "parallel_tool_calls": True, "temperature": 1.0, "tool_choice": "auto", "tools": [], "top_p": 1.0}
usage = {"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 1, "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 2}
frames = [ev("response.created", 0, response=dict(base, status="in_progress", output=[], usage=None)),
  ev("response.output_item.added", 1, output_index=0, item=rs),
  ev("response.output_item.done", 2, output_index=0, item=rs),
  ev("response.output_item.added", 3, output_index=1, item={**m1, "status": "in_progress", "content": []}),
  ev("response.content_part.added", 4, item_id="msg_1", output_index=1, content_index=0, part={"type": "output_text", "text": "", "annotations": []}),
  ev("response.output_text.delta", 5, item_id="msg_1", output_index=1, content_index=0, delta="B"),
  ev("response.output_text.done", 6, item_id="msg_1", output_index=1, content_index=0, text="B"),
  ev("response.content_part.done", 7, item_id="msg_1", output_index=1, content_index=0, part=m1["content"][0]),
  ev("response.output_item.done", 8, output_index=1, item=m1),
  ev("response.completed", 9, response=dict(base, status="completed", output=[m0, rs, m1], usage=usage))]
data = b"".join(b"event: %s\ndata: %s\n\n" % (f["type"].encode(), json.dumps(f).encode()) for f in frames)
# the SDK's reading of the source
import httpx, openai
def handler(request): return httpx.Response(200, content=data, headers={"content-type": "text/event-stream"})
client = openai.OpenAI(api_key="x", http_client=httpx.Client(transport=httpx.MockTransport(handler)))
with client.responses.stream(model="gpt-5", input="hi") as s:
    for _ in s: pass
    sdk = s.get_final_response().output_text
print("openai SDK reads the source:", repr(sdk))
for dst in ("openai_chat", "anthropic", "openai"):
    out = b"".join(lc.stream.translate("openai", dst, [data]))
    got = "".join(p.text for p in lc.assemble(lc.stream.decode(dst, [out])).message.parts if isinstance(p, lc.TextPart))
    print(dst, "client reads:", repr(got))
out = b"".join(lc.stream.translate("openai", "openai", [data]))
def handler2(request): return httpx.Response(200, content=out, headers={"content-type": "text/event-stream"})
client2 = openai.OpenAI(api_key="x", http_client=httpx.Client(transport=httpx.MockTransport(handler2)))
with client2.responses.stream(model="gpt-5", input="hi") as s:
    for _ in s: pass
    print("openai SDK reads the translated Responses stream:", repr(s.get_final_response().output_text))
