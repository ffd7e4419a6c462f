"""Probe: time of translate Chat -> Anthropic/Responses while a call waits, at n and 4n."""
from __future__ import annotations
import sys, time
sys.path.insert(0, ".")
from tests.stream.test_parts_in_order_chat import _chunk, translated

def call(i, args, name=None):
    c = {"index": i, "function": {"arguments": args}}
    if name is not None: c.update(id=f"call_{i}", type="function"); c["function"]["name"] = name
    return {"tool_calls": [c]}

def shapes(n):
    yield "waiting call gathers n fragments", [call(0, '{"a":', "f"), call(1, '{"b":"', "g"), *[call(1, "x") for _ in range(n)], call(1, '"}'), call(0, "1}")]
    yield "n texts wait", [call(0, '{"a":', "f"), *[{"content": "x"} for _ in range(n)], call(0, "1}")]
    yield "n calls wait", [call(0, '{"a":', "f"), *[call(i, "{}", "g") for i in range(1, n)], call(0, "1}")]
    yield "open call n fragments, text waits", [call(0, '{"a":"', "f"), {"content": "t"}, *[call(0, "y") for _ in range(n)], call(0, '"}')]
    yield "n calls each open then whole, text between", [d for i in range(n) for d in (call(i, '{"a":', "f"), {"content": "x"}, call(i, "1}"))]

for dst in ("anthropic", "openai"):
    for n in (2000, 8000):
        for name, deltas in shapes(n):
            ev = [_chunk({"role": "assistant", "content": ""}), *[_chunk(d) for d in deltas], _chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
            t = time.perf_counter(); out = translated(dst, ev); dt = time.perf_counter() - t
            print(f"{dst:9} n={n:6} {name:45} {dt:7.3f}s  {len(out)} bytes")
