"""Linear time of last round's walks: n against 4n items (median of 3 runs each, interleaved),
through lc.translate_request. A 4n/n ratio near 4 is linear; near 16 quadratic."""
from __future__ import annotations

import json
import statistics
import sys
import time

import lmcodec as lc

P = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}


def responses_between(n):
    items = [{"role": "user", "content": "q"}]
    for t in range(n):
        items += [{"type": "function_call", "call_id": f"c{t}a", "name": "f", "arguments": "{}"},
                  {"type": "function_call", "call_id": f"c{t}b", "name": "f", "arguments": "{}"},
                  {"type": "function_call_output", "call_id": f"c{t}a", "output": "r"},
                  {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "between"}]},
                  {"type": "function_call_output", "call_id": f"c{t}b", "output": "r"}]
    return "openai", {"model": "gpt-4o", "input": items, "tools": [{"type": "function", "name": "f", "parameters": P, "strict": False}]}


def responses_one_turn_many_outputs(n):
    ids = [f"c{k}" for k in range(n)]
    items = [{"role": "user", "content": "q"}] + [{"type": "function_call", "call_id": i, "name": "f", "arguments": "{}"} for i in ids]
    for i in reversed(ids):
        items += [{"type": "function_call_output", "call_id": i, "output": "r"}, {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "x"}]}]
    return "openai", {"model": "gpt-4o", "input": items, "tools": [{"type": "function", "name": "f", "parameters": P, "strict": False}]}


def responses_tools(n):
    tools = [{"type": "function", "name": f"f{k}", "parameters": P, "strict": True, "defer_loading": True} for k in range(n)]
    return "openai", {"model": "gpt-5", "input": "hi", "tools": tools + [{"type": "tool_search"}]}


def chat_parsed(n):
    msgs = [{"role": "user", "content": "q"}]
    for _ in range(n):
        msgs += [{"role": "assistant", "content": '{"a":"b"}', "parsed": {"a": "b"}, "refusal": None}, {"role": "user", "content": "more"}]
    return "openai_chat", {"model": "gpt-4o", "messages": msgs}


def anthropic_turns(n):
    msgs = []
    for _ in range(n):
        msgs += [{"role": "user", "content": [{"type": "text", "text": "q"}]}, {"role": "assistant", "content": [{"type": "text", "text": "a"}]}]
    msgs.append({"role": "user", "content": "end"})
    return "anthropic", {"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": msgs, "stream": True}


CASES = {"responses message between outputs": (responses_between, ("openai_chat", "anthropic", "gemini")),
         "one turn, outputs and messages alternating": (responses_one_turn_many_outputs, ("openai_chat", "anthropic", "gemini")),
         "responses tools strict+defer": (responses_tools, ("openai", "openai_chat")),
         "chat parsed rows": (chat_parsed, ("openai_chat", "anthropic")),
         "anthropic turns": (anthropic_turns, ("openai", "anthropic"))}


def timed(src, dst, raw):
    t = time.perf_counter()
    try:
        lc.translate_request(src, dst, raw)
    except lc.LmcodecError as exc:
        return time.perf_counter() - t, str(exc)[:80]
    return time.perf_counter() - t, None


n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
worst = 0.0
for name, (make, dsts) in CASES.items():
    src, small = make(n)
    _, big = make(4 * n)
    a, b = json.dumps(small).encode(), json.dumps(big).encode()
    for dst in dsts:
        ts, tb = [], []
        err = None
        for _ in range(3):
            x, err = timed(src, dst, a)
            y, _ = timed(src, dst, b)
            ts.append(x)
            tb.append(y)
        r = statistics.median(tb) / statistics.median(ts)
        worst = max(worst, r)
        print(f"{name:44s} -> {dst:12s} n={n}: {statistics.median(ts)*1e3:8.1f} ms  4n: {statistics.median(tb)*1e3:8.1f} ms  ratio {r:5.1f}  {err or ''}")
print("worst", round(worst, 1))
sys.exit(1 if worst > 8 else 0)
