"""Probe: Chat source -> Anthropic / Responses while a call may still grow (rtfix36)."""
from __future__ import annotations
import json, sys, time
sys.path.insert(0, ".")
from tests.stream.test_parts_in_order import PROTOCOL_BREAKS, sse_events
from tests.stream.test_parts_in_order_chat import CLIENT_ORDER, _chunk, translated
import lmcodec as lc

def call(i, args, name=None, cid=None):
    c = {"index": i, "function": {"arguments": args}}
    if name is not None:
        c.update(id=cid or f"call_{i}", type="function"); c["function"]["name"] = name
    return {"tool_calls": [c]}

def stream(deltas, finish="tool_calls", done=True, extra_end=()):
    ev = [_chunk({"role": "assistant", "content": ""}), *[d if isinstance(d, bytes) else _chunk(d) for d in deltas]]
    if finish: ev.append(_chunk({}, finish))
    ev += list(extra_end)
    if done: ev.append(b"data: [DONE]\n\n")
    return ev

def show(name, ev):
    for dst in ("anthropic", "openai"):
        try:
            body = translated(dst, ev)
        except Exception as e:
            print(f"[{name}] {dst}: RAISES {type(e).__name__}: {e}"); continue
        br = PROTOCOL_BREAKS[dst](body)
        try:
            order = CLIENT_ORDER[dst](body)
        except Exception as e:
            order = f"SDK fails {type(e).__name__}: {str(e)[:200]}"
        names = [n for n, _ in sse_events(body)]
        print(f"[{name}] {dst}: breaks={br} order={order}")
        print("    events:", [n for n in names if 'delta' not in n][:40])

usage = b'data: ' + json.dumps({"id":"c1","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}).encode() + b"\n\n"
err = b'data: ' + json.dumps({"error":{"message":"boom","type":"server_error","code":"x"}}).encode() + b"\n\n"
CASES = {
 "empty args then text": [call(0, "", "f"), {"content": "after"}],
 "bare string args then call": [call(0, '"x"', "f"), call(1, "{}", "g")],
 "double-encoded args then text": [call(0, '"{\\"a\\": 1}"', "f"), {"content": "t"}],
 "usage mid-wait": [call(0, '{"a":', "f"), {"content": "t"}, usage, call(0, "1}")],
 "error mid-wait": [call(0, '{"a":', "f"), {"content": "t"}, err, call(0, "1}")],
 "refusal mid-wait": [call(0, '{"a":', "f"), {"refusal": "no"}, call(0, "1}")],
 "same index reused whole calls": [call(0, '{"a":1}', "f", "call_a"), call(0, '{"b":2}', "g", "call_b")],
 "same index reused, text between": [call(0, '{"a":1}', "f", "call_a"), {"content":"x"}, call(0, '{"b":2}', "g", "call_b")],
 "concat json in one call": [call(0, '{"a":1}', "f"), call(0, '{"b":2}')],
 "late nonspace fragment": [call(0, '{"a":1}', "f"), {"content":"x"}, call(0, ',"b":2}')],
 "mismatched bracket": [call(0, '{"a":[1}', "f"), {"content":"x"}, call(0, ']}')],
 "unicode brace escape": [call(0, '{"a":"\\u007b', "f"), {"content":"x"}, call(0, '"}')],
 "whitespace before brace": [call(0, ' \n ', "f"), {"content":"x"}, call(0, '{"a":1}')],
}
for k, v in CASES.items():
    show(k, stream(v))
show("finish without DONE", stream([call(0, '{"a":', "f"), {"content": "t"}, call(0, "1}")], done=False))
show("no finish no DONE", stream([call(0, '{"a":', "f"), {"content": "t"}], finish=None, done=False))
