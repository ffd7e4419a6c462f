"""Doubling probe 2: shapes that could rescan (holds, long lines fed in small chunks, many data lines)."""
import sys, os, json, time, tracemalloc; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, lc, lcs, REQUEST
from scaling import chat, anth_start, anth_end, ab, ad, astop, rev, R, gem

def feed_run(provider, body, size):
    d = lcs.Decoder(provider, request=REQUEST); out = []
    for i in range(0, len(body), size): out += d.feed(body[i:i+size])
    out += d.close()
    try: lc.assemble(iter(out), request=REQUEST)
    except lc.LmcodecError: pass
def whole_run(provider, body, size=None):
    ev = list(lcs.decode(provider, [body], request=REQUEST))
    try: lc.assemble(iter(ev), request=REQUEST)
    except lc.LmcodecError: pass
def chatcall(args): return chat({"tool_calls": [{"index": 0, "function": {"arguments": args}}]})
head = chat({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": ""}}]})
SH = {
 "chat_ws_fragments": ("openai_chat", lambda n: head + b"".join(chatcall(" ") for _ in range(n)) + chatcall("{}") + chat({}, "tool_calls"), whole_run, None),
 "chat_array_args": ("openai_chat", lambda n: head + chatcall("[") + b"".join(chatcall("1,") for _ in range(n)) + chatcall("1]") + chat({}, "tool_calls"), whole_run, None),
 "chat_obj_then_more": ("openai_chat", lambda n: head + chatcall('{"a":1}') + b"".join(chatcall(" x") for _ in range(n)) + chat({}, "tool_calls"), whole_run, None),
 "chat_nested_open": ("openai_chat", lambda n: head + b"".join(chatcall('{"a":') for _ in range(n)) + chatcall("1" + "}" * n) + chat({}, "tool_calls"), whole_run, None),
 "chat_string_escapes": ("openai_chat", lambda n: head + chatcall('{"a":"') + b"".join(chatcall('\\\\') for _ in range(n)) + chatcall('"}') + chat({}, "tool_calls"), whole_run, None),
 "anth_ws_fragments": ("anthropic", lambda n: anth_start() + ab(0, {"type": "tool_use", "id": "t", "name": "f", "input": {}}) + b"".join(ad(0, {"type": "input_json_delta", "partial_json": " "}) for _ in range(n)) + ad(0, {"type": "input_json_delta", "partial_json": "{}"}) + astop(0) + anth_end("tool_use"), whole_run, None),
 "anth_array_input": ("anthropic", lambda n: anth_start() + ab(0, {"type": "tool_use", "id": "t", "name": "f", "input": {}}) + ad(0, {"type": "input_json_delta", "partial_json": "["}) + b"".join(ad(0, {"type": "input_json_delta", "partial_json": "1,"}) for _ in range(n)) + ad(0, {"type": "input_json_delta", "partial_json": "1]"}) + astop(0) + anth_end("tool_use"), whole_run, None),
 "resp_args_deltas": ("openai", lambda n: rev("response.created", response=R) + rev("response.output_item.added", output_index=0, item={"id": "fc", "type": "function_call", "call_id": "c", "name": "f", "arguments": ""}) + rev("response.function_call_arguments.delta", item_id="fc", output_index=0, delta="[") + b"".join(rev("response.function_call_arguments.delta", item_id="fc", output_index=0, delta="1,") for _ in range(n)) + rev("response.completed", response=dict(R, status="completed")), whole_run, None),
 "long_line_64B_chunks": ("anthropic", lambda n: anth_start() + ab(0, {"type": "text", "text": ""}) + ad(0, {"type": "text_delta", "text": "x" * (n * 50)}) + astop(0) + anth_end(), feed_run, 64),
 "long_line_crlf_64B": ("anthropic", lambda n: (anth_start() + ab(0, {"type": "text", "text": ""}) + ad(0, {"type": "text_delta", "text": "x" * (n * 50)}) + astop(0) + anth_end()).replace(b"\n", b"\r\n"), feed_run, 64),
 "long_line_cr_only_64B": ("openai_chat", lambda n: (chat({"content": "x" * (n * 50)}) + chat({}, "stop")).replace(b"\n", b"\r"), feed_run, 64),
 "many_data_lines": ("openai_chat", lambda n: b"data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"" + b"\ndata: ".join(b"x" for _ in range(n)) + b"\"},\"finish_reason\":\"stop\"}]}\n\n", whole_run, None),
 "many_data_lines_json_ws": ("openai_chat", lambda n: b"data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"},\"finish_reason\":\"stop\"}]" + b"\ndata: " * n + b"}\n\n", whole_run, None),
 "many_comment_lines": ("openai_chat", lambda n: b": ping\n" * n + chat({"content": "x"}, "stop"), whole_run, None),
 "many_event_lines_one_event": ("anthropic", lambda n: anth_start() + b"event: ping\n" * n + sse({"type": "ping"}) + anth_end(), whole_run, None),
 "gemini_array_long_elem_64B": ("gemini", lambda n: json.dumps([{"candidates": [{"content": {"parts": [{"text": "x" * (n * 50)}], "role": "model"}, "finishReason": "STOP", "index": 0}]}]).encode(), feed_run, 64),
 "gemini_array_many_elems_7B": ("gemini", lambda n: json.dumps([{"candidates": [{"content": {"parts": [{"text": "x"}], "role": "model"}, "index": 0}]}] * n).encode(), feed_run, 7),
 "gemini_array_deep_ws": ("gemini", lambda n: b"[" + b" " * (n * 50) + json.dumps({"candidates": [{"content": {"parts": [{"text": "x"}], "role": "model"}, "finishReason": "STOP", "index": 0}]}).encode() + b"]", feed_run, 64),
 "gemini_array_many_strings_in_elem_64B": ("gemini", lambda n: json.dumps([{"candidates": [{"content": {"parts": [{"text": "x"}], "role": "model"}, "finishReason": "STOP", "index": 0}], "pad": ["\"}]"] * n}]).encode(), feed_run, 64),
 "sse_blank_lines": ("openai_chat", lambda n: b"\n" * (n * 10) + chat({"content": "x"}, "stop"), whole_run, None),
 "sse_blank_lines_1B": ("openai_chat", lambda n: b"\n" * (n) + chat({"content": "x"}, "stop"), feed_run, 1),
}
def measure(fn, prov, body, size):
    tracemalloc.start(); t0 = time.process_time()
    try: fn(prov, body, size)
    except lc.LmcodecError as e: pass
    t = time.process_time() - t0; peak = tracemalloc.get_traced_memory()[1]; tracemalloc.stop(); return t, peak
if __name__ == "__main__":
    N = int(os.environ.get("N", "4000"))
    for name in sys.argv[1:] or list(SH):
        prov, mk, fn, size = SH[name]
        a, b = mk(N), mk(2 * N)
        (t1, m1), (t2, m2) = measure(fn, prov, a, size), measure(fn, prov, b, size)
        flag = "SUSPECT" if t2 / max(t1, 1e-9) > 2.6 or m2 / max(m1, 1) > 2.2 else ""
        print(f"{name:36s} bytes {len(a):>9} t {t1:.3f}s x{t2/max(t1,1e-9):.2f} mem x{m2/max(m1,1):.2f} ({m1//1024}K->{m2//1024}K) {flag}", flush=True)
