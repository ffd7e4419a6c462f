import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
usage = {"input_tokens": 160, "input_tokens_details": {"cache_write_tokens": 100, "cached_tokens": 50, "cache_write_tokens_details": {"ttl_12h_tokens": 60, "ttl_30m_tokens": 40}},
         "output_tokens": 2, "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 162}
resp = {"id": "resp_1", "object": "response", "created_at": 1, "status": "completed", "model": "gpt-5.6", "output": [
    {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "hi", "annotations": []}]}],
    "usage": usage, "error": None, "incomplete_details": None, "instructions": None, "metadata": {}, "parallel_tool_calls": True, "temperature": 1.0, "tool_choice": "auto", "tools": [], "top_p": 1.0}
out = json.loads(lc.translate_response("openai", "openai", json.dumps(resp).encode()))
print("body:", out["usage"])
# stream
def ev(t, **k): return {"type": t, **k}
created = dict(resp, status="in_progress", output=[], usage=None)
frames = [ev("response.created", response=created, sequence_number=0),
 ev("response.output_item.added", output_index=0, item={"type": "message", "id": "msg_1", "status": "in_progress", "role": "assistant", "content": []}, sequence_number=1),
 ev("response.content_part.added", item_id="msg_1", output_index=0, content_index=0, part={"type": "output_text", "text": "", "annotations": []}, sequence_number=2),
 ev("response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta="hi", sequence_number=3),
 ev("response.output_text.done", item_id="msg_1", output_index=0, content_index=0, text="hi", sequence_number=4),
 ev("response.content_part.done", item_id="msg_1", output_index=0, content_index=0, part={"type": "output_text", "text": "hi", "annotations": []}, sequence_number=5),
 ev("response.output_item.done", output_index=0, item=resp["output"][0], sequence_number=6),
 ev("response.completed", response=resp, sequence_number=7)]
data = b"".join(b"event: %s\ndata: %s\n\n" % (f["type"].encode(), json.dumps(f).encode()) for f in frames)
for dst in ("openai", "anthropic", "openai_chat"):
    out = b"".join(lc.stream.translate("openai", dst, [data]))
    last = [l for l in out.split(b"\n") if l.startswith(b"data: {")]
    print(dst, "stream end usage:", [json.loads(l[6:]).get("response", json.loads(l[6:])).get("usage") for l in last][-2:])
