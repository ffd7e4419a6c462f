"""Last round's walks at n and 4n items (time must grow ~4x): Responses -> Responses replayed ids
(put_back), calls apart with reasoning between each and results shuffled toward Chat / Anthropic /
Gemini, an Anthropic client's calls as consecutive assistant turns, build_request of thinking and
image parts."""
from __future__ import annotations

import json
import random
import sys
import time

import lmcodec as lc

TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]


def replay_ids(n: int) -> bytes:
    items = [{"role": "user", "content": "hi"}]
    for i in range(n):
        items += [{"type": "reasoning", "id": f"rs_{i}", "summary": [], "encrypted_content": "e", "status": "completed"},
                  {"type": "function_call", "id": f"fc_{i}", "call_id": f"c{i}", "name": "f", "arguments": "{}", "status": "completed"},
                  {"type": "function_call_output", "call_id": f"c{i}", "output": "r"},
                  {"type": "message", "id": f"msg_{i}", "role": "assistant", "status": "completed",
                   "content": [{"type": "output_text", "text": "t", "annotations": []}]}]
    return json.dumps({"model": "gpt-5", "tools": TOOLS, "input": items}).encode()


def apart(n: int) -> bytes:
    rng = random.Random(n)
    items = [{"role": "user", "content": "hi"}]
    for i in range(n):
        items += [{"type": "reasoning", "id": f"rs_{i}", "summary": [], "encrypted_content": "e"},
                  {"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"}]
    outs = [{"type": "function_call_output", "call_id": f"c{i}", "output": "r"} for i in range(n)]
    rng.shuffle(outs)
    items += outs[: n // 2] + [{"role": "user", "content": "mid"}] + outs[n // 2:]
    return json.dumps({"model": "gpt-5", "tools": TOOLS, "input": items}).encode()


def anthropic_turns(n: int) -> bytes:
    msgs = [{"role": "user", "content": "hi"}]
    msgs += [{"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}", "name": "f", "input": {}}]} for i in range(n)]
    msgs += [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": "r"}]} for i in reversed(range(n))]
    return json.dumps({"model": "m", "max_tokens": 10, "messages": msgs, "tools": [{"name": "f", "input_schema": {"type": "object"}}]}).encode()


def build_parts(n: int) -> lc.Request:
    msgs = []
    for i in range(n):
        msgs.append(lc.Message.user([lc.TextPart("q"), lc.ImagePart(url=f"https://x/{i}.png")]))
        msgs.append(lc.Message(role="assistant", parts=(lc.ThinkingPart("t", signature=f"s{i}") if hasattr(lc.ThinkingPart, "signature") else lc.ThinkingPart("t"), lc.TextPart("a"))))
    return lc.Request("m", msgs)


def clock(fn) -> float:
    best = 9e9
    for _ in range(3):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> int:
    bad = 0
    rows = []
    for n in (500,):
        for dst in ("openai",):
            rows.append((f"replay ids openai -> {dst}", lambda k, d=dst: lc.translate_request("openai", d, replay_ids(k))))
        for dst in ("openai_chat", "anthropic", "gemini"):
            rows.append((f"calls apart openai -> {dst}", lambda k, d=dst: lc.translate_request("openai", d, apart(k))))
        for dst in ("openai_chat", "gemini"):
            rows.append((f"anthropic turns -> {dst}", lambda k, d=dst: lc.translate_request("anthropic", d, anthropic_turns(k))))
        for dst in ("openai", "openai_chat", "anthropic", "gemini"):
            rows.append((f"build_request {dst} thinking+image", lambda k, d=dst: lc.build_request(d, build_parts(k))))
    for name, fn in rows:
        a = clock(lambda: fn(500))
        b = clock(lambda: fn(2000))
        ratio = b / a
        flag = "NONLINEAR " if ratio > 6 else ""
        bad += bool(flag)
        print(f"{flag}{name:42} n=500 {a*1e3:8.1f} ms  4n {b*1e3:8.1f} ms  4n/n {ratio:.1f}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
