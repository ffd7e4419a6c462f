import json, sys
sys.path.insert(0, ".")
sys.path.insert(0, "/work/wt/redteam37")
import lmcodec as lc
from sdkread import read_body, read_stream
from tests.stream.responses_items_support import responses_stream, BASE
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

def sse(objs, named=False):
    return b"".join((f"event: {o['type']}\n" if named else "").encode() + b"data: " + json.dumps(o).encode() + b"\n\n" for o in objs)

def anth(blocks, stop, usage={"input_tokens": 3, "output_tokens": 2}):
    body = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x", "content": blocks, "stop_reason": stop, "stop_sequence": None, "usage": usage}
    ev = [{"type": "message_start", "message": {**body, "content": [], "stop_reason": None, "usage": {"input_tokens": 3, "output_tokens": 1}}}]
    for i, b in enumerate(blocks):
        if b["type"] == "text":
            ev += [{"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}}, {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": b["text"]}}]
        elif b["type"] == "tool_use":
            ev += [{"type": "content_block_start", "index": i, "content_block": {**b, "input": {}}}, {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": json.dumps(b["input"])}}]
        elif b["type"] == "thinking":
            ev += [{"type": "content_block_start", "index": i, "content_block": {"type": "thinking", "thinking": "", "signature": ""}}, {"type": "content_block_delta", "index": i, "delta": {"type": "thinking_delta", "thinking": b["thinking"]}}, {"type": "content_block_delta", "index": i, "delta": {"type": "signature_delta", "signature": b["signature"]}}]
        ev.append({"type": "content_block_stop", "index": i})
    ev += [{"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}, "usage": {"output_tokens": 2}}, {"type": "message_stop"}]
    return json.dumps(body).encode(), sse(ev, True)

def chat(msg, finish):
    body = {"id": "c1", "object": "chat.completion", "created": 1, "model": "gpt-x", "choices": [{"index": 0, "message": {"role": "assistant", **msg}, "finish_reason": finish, "logprobs": None}], "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}}
    base = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}
    ch = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}]
    if msg.get("content"):
        ch.append({**base, "choices": [{"index": 0, "delta": {"content": msg["content"]}, "finish_reason": None}]})
    if msg.get("refusal"):
        ch.append({**base, "choices": [{"index": 0, "delta": {"refusal": msg["refusal"]}, "finish_reason": None}]})
    for i, t in enumerate(msg.get("tool_calls") or []):
        ch.append({**base, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": i, **t}]}, "finish_reason": None}]})
    ch.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]})
    ch.append({**base, "choices": [], "usage": body["usage"]})
    return json.dumps(body).encode(), sse(ch) + b"data: [DONE]\n\n"

def resp(output, status="completed", **extra):
    r = dict(BASE, output=output, status=status, **extra)
    s = responses_stream(output, r)
    if status != "completed":
        s = s.replace(b"event: response.completed", f"event: response.{status}".encode()).replace(b'"type": "response.completed"', f'"type": "response.{status}"'.encode())
    return json.dumps(r).encode(), s

MSG = lambda t: {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "content": [{"type": "output_text", "text": t, "annotations": []}]}
REF = lambda t: {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "content": [{"type": "refusal", "refusal": t}]}
FC = {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "f", "arguments": "{\"a\":1}", "status": "completed"}
CASES = {
 ("anthropic", "refusal"): anth([{"type": "text", "text": "I can"}], "refusal"),
 ("anthropic", "refusal empty"): anth([], "refusal"),
 ("anthropic", "pause_turn"): anth([{"type": "text", "text": "wait"}], "pause_turn"),
 ("anthropic", "max_tokens"): anth([{"type": "text", "text": "cut"}], "max_tokens"),
 ("anthropic", "tool_use"): anth([{"type": "text", "text": "ok"}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": [1, {"b": "}"}]}}], "tool_use"),
 ("anthropic", "stop_sequence"): anth([{"type": "text", "text": "abc"}], "stop_sequence"),
 ("anthropic", "thinking"): anth([{"type": "thinking", "thinking": "hmm", "signature": "sig"}, {"type": "text", "text": "ok"}], "end_turn"),
 ("openai_chat", "refusal"): chat({"content": None, "refusal": "No."}, "stop"),
 ("openai_chat", "length"): chat({"content": "cut"}, "length"),
 ("openai_chat", "content_filter"): chat({"content": "par"}, "content_filter"),
 ("openai_chat", "content_filter empty"): chat({"content": None}, "content_filter"),
 ("openai_chat", "tools"): chat({"content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{\"a\": \"x\\\"}\"}"}}]}, "tool_calls"),
 ("openai", "incomplete max"): resp([MSG("cut")], "incomplete", incomplete_details={"reason": "max_output_tokens"}),
 ("openai", "incomplete filter"): resp([MSG("par")], "incomplete", incomplete_details={"reason": "content_filter"}),
 ("openai", "refusal"): (json.dumps(dict(BASE, output=[REF("No.")], status="completed")).encode(), sse([
    {"type": "response.created", "sequence_number": 0, "response": dict(BASE, output=[], status="in_progress")},
    {"type": "response.output_item.added", "sequence_number": 1, "output_index": 0, "item": {**REF(""), "content": [], "status": "in_progress"}},
    {"type": "response.content_part.added", "sequence_number": 2, "output_index": 0, "item_id": "msg_1", "content_index": 0, "part": {"type": "refusal", "refusal": ""}},
    {"type": "response.refusal.delta", "sequence_number": 3, "output_index": 0, "item_id": "msg_1", "content_index": 0, "delta": "No."},
    {"type": "response.refusal.done", "sequence_number": 4, "output_index": 0, "item_id": "msg_1", "content_index": 0, "refusal": "No."},
    {"type": "response.content_part.done", "sequence_number": 5, "output_index": 0, "item_id": "msg_1", "content_index": 0, "part": {"type": "refusal", "refusal": "No."}},
    {"type": "response.output_item.done", "sequence_number": 6, "output_index": 0, "item": REF("No.")},
    {"type": "response.completed", "sequence_number": 7, "response": dict(BASE, output=[REF("No.")], status="completed")}], True)),
 ("openai", "call"): resp([MSG("ok"), FC]),
}
for (src, name), (body, stream) in CASES.items():
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        try:
            rb = read_body(dst, lc.translate_response(src, dst, body, request=REQ))
        except Exception as e:
            rb = f"ERR {type(e).__name__}: {str(e)[:150]}"
        try:
            rs = read_stream(dst, b"".join(lc.stream.translate(src, dst, [stream], request=REQ)))
        except Exception as e:
            rs = f"ERR {type(e).__name__}: {str(e)[:150]}"
        if src == dst:
            try:
                rsrc = read_body(src, body)
                if rsrc != rb: print(f"!! SAME {src} {name}: source {rsrc} body {rb}")
            except Exception as e:
                print("src read err", e)
        print(f"== {src}:{name} -> {dst} {rb}" if rb == rs else f"!! {src}:{name} -> {dst}\n   body  {rb}\n   strm  {rs}")
