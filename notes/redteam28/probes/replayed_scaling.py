"""Responses -> Responses time against n replayed client-run items (shell_call + output pairs,
with a message between every pair or none), interleaved with msgspec's decode+encode of the same
body (the floor): the ratio to the floor should stay flat as n doubles."""

from __future__ import annotations

import json
import time

import msgspec

import lmcodec as lc

USER = {"role": "user", "content": [{"type": "input_text", "text": "go"}]}


def body(n: int, anchored: bool) -> bytes:
    items = [USER]
    for i in range(n):
        items.append({"type": "shell_call", "id": f"sh_{i}", "call_id": f"s{i}", "action": {"commands": ["ls"]}, "status": "completed"})
        items.append({"type": "shell_call_output", "call_id": f"s{i}", "output": [{"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]})
        if anchored:
            items.append({"type": "function_call", "call_id": f"f{i}", "name": "f", "arguments": "{}"})
            items.append({"type": "function_call_output", "call_id": f"f{i}", "output": "ok"})
    tools = [{"type": "shell"}, {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]
    return json.dumps({"model": "gpt-5", "input": items, "tools": tools}).encode()


def best(f, rounds: int = 3) -> float:
    out = float("inf")
    for _ in range(rounds):
        t = time.process_time()
        f()
        out = min(out, time.process_time() - t)
    return out


for anchored in (False, True):
    for n in (500, 1000, 2000, 4000):
        raw = body(n, anchored)
        t_lc = best(lambda: lc.translate_request("openai", "openai", raw))
        t_floor = best(lambda: msgspec.json.encode(msgspec.json.decode(raw)))
        print(f"anchored={anchored} n={n:5} {len(raw)/1e6:5.2f} MB  lmcodec {t_lc*1e3:8.1f} ms  floor {t_floor*1e3:6.2f} ms  ratio {t_lc/t_floor:6.1f}")
