import os, sys, json; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
def ev(e): return f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode()
def body(start_usage, delta_usage):
    return (ev({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [], "stop_reason": None, "stop_sequence": None, "usage": start_usage}})
      + ev({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
      + ev({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "hi"}})
      + ev({"type": "content_block_stop", "index": 0})
      + ev({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": None}, "usage": delta_usage})
      + ev({"type": "message_stop"}))
cases = {
 "normal": ({"input_tokens": 10, "output_tokens": 1}, {"output_tokens": 5}),
 "huge": ({"input_tokens": 10**30, "output_tokens": 1}, {"output_tokens": 5}),
 "neg": ({"input_tokens": -3, "output_tokens": 1}, {"output_tokens": 5}),
 "str": ({"input_tokens": "10", "output_tokens": 1}, {"output_tokens": 5}),
 "float": ({"input_tokens": 10.5, "output_tokens": 1}, {"output_tokens": 5}),
 "null_in_delta": ({"input_tokens": 10, "output_tokens": 1}, {"input_tokens": None, "output_tokens": 5}),
 "cache_start": ({"input_tokens": 10, "cache_read_input_tokens": 7, "cache_creation_input_tokens": 2, "output_tokens": 1}, {"output_tokens": 5}),
 "bool": ({"input_tokens": True, "output_tokens": 1}, {"output_tokens": 5}),
 "huge_out_sum": ({"input_tokens": 2**63-1, "output_tokens": 1}, {"output_tokens": 2**63-1}),
}
for name, (su, du) in cases.items():
    b = body(su, du)
    for dst in ("openai", "openai_chat", "gemini"):
        try:
            out = b"".join(lc.stream.translate("anthropic", dst, [b], request=REQUEST))
        except Exception as e:
            print(name, dst, "RAISES", type(e).__module__, type(e).__name__, str(e)[:100]); continue
        try:
            got = READ[dst](out); print(name, dst, got["usage"], repr(got["text"]))
        except Exception as e:
            print(name, dst, "client raises", type(e).__name__, str(e)[:100])
