"""Doubling probe: process time and tracemalloc peak of lc.stream.decode + lc.assemble at n and 2n."""
import sys, os, json, time, tracemalloc; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, lc, lcs, REQUEST

def anth_start(): return sse({"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [], "usage": {"input_tokens": 1, "output_tokens": 1}}})
def anth_end(stop="end_turn"): return sse({"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 2}}) + sse({"type": "message_stop"})
def ad(i, d): return sse({"type": "content_block_delta", "index": i, "delta": d})
def ab(i, b): return sse({"type": "content_block_start", "index": i, "content_block": b})
def astop(i): return sse({"type": "content_block_stop", "index": i})
CIT = {"type": "char_location", "cited_text": "a", "document_index": 0, "document_title": "D", "start_char_index": 0, "end_char_index": 1}
def chat(d, f=None, idx=0): return sse({"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": idx, "delta": d, "finish_reason": f}]})
def rev(t, **kw): return sse({"type": t, **kw})
R = {"id": "r", "object": "response", "created_at": 1, "status": "in_progress", "model": "g", "output": [], "usage": None}
def gem(parts, fin=None):
    c = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if fin: c["finishReason"] = fin
    return sse({"candidates": [c]})

SHAPES = {
 "anth_citations": ("anthropic", lambda n: anth_start() + ab(0, {"type": "text", "text": ""}) + b"".join(ad(0, {"type": "citations_delta", "citation": CIT}) + ad(0, {"type": "text_delta", "text": "x"}) for _ in range(n)) + astop(0) + anth_end()),
 "anth_blocks": ("anthropic", lambda n: anth_start() + b"".join(ab(i, {"type": "text", "text": ""}) + ad(i, {"type": "text_delta", "text": "x"}) + astop(i) for i in range(n)) + anth_end()),
 "anth_tool_fragments": ("anthropic", lambda n: anth_start() + ab(0, {"type": "tool_use", "id": "t", "name": "f", "input": {}}) + ad(0, {"type": "input_json_delta", "partial_json": '{"a":"'}) + b"".join(ad(0, {"type": "input_json_delta", "partial_json": "xy"}) for _ in range(n)) + ad(0, {"type": "input_json_delta", "partial_json": '"}'}) + astop(0) + anth_end("tool_use")),
 "anth_server_tools": ("anthropic", lambda n: anth_start() + b"".join(ab(2*i, {"type": "server_tool_use", "id": f"s{i}", "name": "web_search", "input": {}}) + ad(2*i, {"type": "input_json_delta", "partial_json": '{"query":"q"}'}) + astop(2*i) + ab(2*i+1, {"type": "web_search_tool_result", "tool_use_id": f"s{i}", "content": []}) + astop(2*i+1) for i in range(n)) + anth_end()),
 "anth_signature_deltas": ("anthropic", lambda n: anth_start() + ab(0, {"type": "thinking", "thinking": ""}) + b"".join(ad(0, {"type": "signature_delta", "signature": "Eq"}) for _ in range(n)) + astop(0) + anth_end()),
 "anth_pings": ("anthropic", lambda n: anth_start() + sse({"type": "ping"}) * n + anth_end()),
 "chat_tool_calls": ("openai_chat", lambda n: chat({"role": "assistant"}) + b"".join(chat({"tool_calls": [{"index": i, "id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) for i in range(n)) + chat({}, "tool_calls") + b"data: [DONE]\n\n"),
 "chat_arg_fragments": ("openai_chat", lambda n: chat({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a":"'}}]}) + b"".join(chat({"tool_calls": [{"index": 0, "function": {"arguments": "xy"}}]}) for _ in range(n)) + chat({"tool_calls": [{"index": 0, "function": {"arguments": '"}'}}]}) + chat({}, "tool_calls")),
 "chat_interleaved_calls": ("openai_chat", lambda n: chat({"tool_calls": [{"index": i, "id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": ""}} for i in range(8)]}) + b"".join(chat({"tool_calls": [{"index": k % 8, "function": {"arguments": "[" if k < 8 else "1,"}}]}) for k in range(n)) + chat({}, "tool_calls")),
 "chat_refusal": ("openai_chat", lambda n: b"".join(chat({"refusal": "no"}) for _ in range(n)) + chat({}, "stop")),
 "chat_n_choices": ("openai_chat", lambda n: b"".join(chat({"content": "x"}, idx=i) for i in range(n)) + chat({}, "stop")),
 "chat_text_then_calls_alternating": ("openai_chat", lambda n: b"".join(chat({"content": "x"}) + chat({"tool_calls": [{"index": i, "id": f"c{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) for i in range(n)) + chat({}, "tool_calls")),
 "chat_audio": ("openai_chat", lambda n: chat({"audio": {"id": "a", "data": "", "transcript": ""}}) + b"".join(chat({"audio": {"data": "UklG", "transcript": "x"}}) for _ in range(n)) + chat({}, "stop")),
 "resp_annotations": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "m", "type": "message", "role": "assistant", "content": [], "status": "in_progress"}) + b"".join(rev("response.output_text.delta", item_id="m", output_index=0, content_index=0, delta="x") + rev("response.output_text.annotation.added", item_id="m", output_index=0, content_index=0, annotation_index=i, annotation={"type": "url_citation", "url": "https://x", "title": "t", "start_index": 0, "end_index": 1}) for i in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_items": ("openai", lambda n: rev("response.created", response=R) + b"".join(rev("response.output_item.added", output_index=i, item={"id": f"w{i}", "type": "web_search_call", "status": "in_progress"}) + rev("response.output_item.done", output_index=i, item={"id": f"w{i}", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}) for i in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_summary_parts": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "rs", "type": "reasoning", "summary": []}) + b"".join(rev("response.reasoning_summary_text.delta", item_id="rs", output_index=0, summary_index=i, delta="x") for i in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_partial_images": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "ig", "type": "image_generation_call", "status": "in_progress"}) + b"".join(rev("response.image_generation_call.partial_image", item_id="ig", output_index=0, partial_image_index=i, partial_image_b64="iVBO") for i in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_refusal_deltas": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "m", "type": "message", "role": "assistant", "content": [], "status": "in_progress"}) + b"".join(rev("response.refusal.delta", item_id="m", output_index=0, content_index=0, delta="no") for _ in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_custom_input": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "ct", "type": "custom_tool_call", "call_id": "c", "name": "g", "input": ""}) + b"".join(rev("response.custom_tool_call_input.delta", item_id="ct", output_index=0, delta="xy") for _ in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "resp_code_deltas": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "ci", "type": "code_interpreter_call", "code": "", "container_id": "c", "status": "in_progress"}) + b"".join(rev("response.code_interpreter_call_code.delta", item_id="ci", output_index=0, delta="xy") for _ in range(n)) + rev("response.completed", response=dict(R, status="completed"))),
 "gem_text_chunks": ("gemini", lambda n: b"".join(gem([{"text": "x"}]) for _ in range(n)) + gem([], "STOP")),
 "gem_calls": ("gemini", lambda n: b"".join(gem([{"functionCall": {"name": "f", "args": {}}}]) for _ in range(n)) + gem([], "STOP")),
 "gem_thought_alternating": ("gemini", lambda n: b"".join(gem([{"text": "t", "thought": True}, {"text": "x", "thoughtSignature": "Ci"}]) for _ in range(n)) + gem([], "STOP")),
 "gem_exec": ("gemini", lambda n: b"".join(gem([{"executableCode": {"language": "PYTHON", "code": "1"}}, {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1"}}]) for _ in range(n)) + gem([], "STOP")),
 "gem_inline": ("gemini", lambda n: b"".join(gem([{"inlineData": {"mimeType": "image/png", "data": "iVBO"}}]) for _ in range(n)) + gem([], "STOP")),
 "gem_grounding_each": ("gemini", lambda n: b"".join(sse({"candidates": [{"content": {"parts": [{"text": "x"}], "role": "model"}, "index": 0, "groundingMetadata": {"groundingChunks": [{"web": {"uri": "u", "title": "t"}}]}}]}) for _ in range(n)) + gem([], "STOP")),
}
def measure(provider, body):
    tracemalloc.start()
    t0 = time.process_time()
    try:
        ev = list(lcs.decode(provider, [body], request=REQUEST))
        try: lc.assemble(iter(ev), request=REQUEST)
        except lc.LmcodecError: pass
    except lc.LmcodecError as e:
        pass
    t = time.process_time() - t0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return t, peak
if __name__ == "__main__":
    names = sys.argv[1:] or list(SHAPES)
    N = 4000
    for name in names:
        prov, mk = SHAPES[name]
        a, b = mk(N), mk(2 * N)
        measure(prov, mk(50))
        (t1, m1), (t2, m2) = measure(prov, a), measure(prov, b)
        flag = "SUSPECT" if t2 / max(t1, 1e-9) > 2.6 or m2 / max(m1, 1) > 2.2 else ""
        print(f"{name:36s} bytes {len(a):>9} time x{t2/max(t1,1e-9):.2f} mem x{m2/max(m1,1):.2f} ({m1//1024}K->{m2//1024}K) {flag}", flush=True)
