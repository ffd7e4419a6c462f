"""translate_request on shapes red team 34 did not grow: CPU time (process_time) at n and 4n, every pair.

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam43/probes/scaling.py
A ratio near 4 is linear; near 16 quadratic. process_time on a shared host is still noisy: rerun a pair.
"""
from __future__ import annotations

import json
import sys
import time

import lmcodec as lc


def anth_system_blocks(n):
    return {"model": "m", "max_tokens": 5, "system": [{"type": "text", "text": f"rule {i}"} for i in range(n)],
            "messages": [{"role": "user", "content": "q"}]}


def anth_cache_marks(n):
    msgs = []
    for i in range(n):
        msgs.append({"role": "user", "content": [{"type": "text", "text": f"u{i}", "cache_control": {"type": "ephemeral"}}]})
        msgs.append({"role": "assistant", "content": [{"type": "text", "text": f"a{i}"}]})
    msgs.append({"role": "user", "content": "q"})
    return {"model": "m", "max_tokens": 5, "messages": msgs}


def anth_text_blocks_one_msg(n):
    return {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": [{"type": "text", "text": f"t{i}"} for i in range(n)]}]}


def anth_thinking_signed(n):
    msgs = [{"role": "user", "content": "q"}]
    for i in range(n):
        msgs.append({"role": "assistant", "content": [{"type": "thinking", "thinking": "h", "signature": f"s{i}"},
                                                      {"type": "tool_use", "id": f"toolu_{i}", "name": "w", "input": {}}]})
        msgs.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": "r"}]})
    return {"model": "m", "max_tokens": 5, "messages": msgs, "tools": [{"name": "w", "input_schema": {"type": "object"}}]}


def chat_mid_system(n):
    msgs = [{"role": "system", "content": "s"}]
    for i in range(n):
        msgs.append({"role": "user", "content": f"u{i}"})
        msgs.append({"role": "system", "content": f"note {i}"})
        msgs.append({"role": "assistant", "content": f"a{i}"})
    msgs.append({"role": "user", "content": "q"})
    return {"model": "m", "messages": msgs}


def chat_text_parts(n):
    return {"model": "m", "messages": [{"role": "user", "content": [{"type": "text", "text": f"t{i}"} for i in range(n)]}]}


def chat_tool_row_parts(n):
    return {"model": "m", "messages": [{"role": "user", "content": "q"},
            {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "w", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": f"p{i}"} for i in range(n)]}]}


def resp_reasoning_items(n):
    items = [{"role": "user", "content": "q"}]
    for i in range(n):
        items.append({"type": "reasoning", "id": f"rs_{i}", "summary": [{"type": "summary_text", "text": "s"}], "encrypted_content": "e"})
        items.append({"type": "function_call", "call_id": f"c{i}", "name": "w", "arguments": "{}"})
        items.append({"type": "function_call_output", "call_id": f"c{i}", "output": "r"})
    return {"model": "m", "input": items, "tools": [{"type": "function", "name": "w", "parameters": {"type": "object", "properties": {}}}]}


def resp_dev_items(n):
    items = []
    for i in range(n):
        items.append({"role": "user", "content": f"u{i}"})
        items.append({"role": "developer", "content": f"d{i}"})
    return {"model": "m", "input": items}


def gem_parts_signed(n):
    parts = [{"text": f"t{i}", "thoughtSignature": "c2ln"} for i in range(n)]
    return {"contents": [{"role": "user", "parts": [{"text": "q"}]}, {"role": "model", "parts": parts},
                         {"role": "user", "parts": [{"text": "q"}]}]}


def gem_calls_no_ids(n):
    return {"contents": [{"role": "user", "parts": [{"text": "q"}]},
                         {"role": "model", "parts": [{"functionCall": {"name": f"f{i % 7}", "args": {}}} for i in range(n)]},
                         {"role": "user", "parts": [{"functionResponse": {"name": f"f{i % 7}", "response": {"result": "r"}}} for i in reversed(range(n))]}],
            "tools": [{"functionDeclarations": [{"name": f"f{i}"} for i in range(7)]}]}


def gem_stop_seqs(n):
    return {"contents": [{"role": "user", "parts": [{"text": "q"}]}], "generationConfig": {"stopSequences": [f"s{i}" for i in range(n)]}}


def chat_stop(n):
    return {"model": "m", "messages": [{"role": "user", "content": "q"}], "stop": [f"s{i}" for i in range(n)]}


def gem_names_renamed(n):
    return {"contents": [{"role": "user", "parts": [{"text": "q"}]},
                         {"role": "model", "parts": [{"functionCall": {"name": f"srv.t{i}", "args": {}}} for i in range(n)]},
                         {"role": "user", "parts": [{"functionResponse": {"name": f"srv.t{i}", "response": {"result": "r"}}} for i in range(n)]}],
            "tools": [{"functionDeclarations": [{"name": f"srv.t{i}"} for i in range(n)]}]}


def anth_dup_ids(n):
    msgs = [{"role": "user", "content": "q"}]
    for i in range(n):
        msgs.append({"role": "assistant", "content": [{"type": "tool_use", "id": "bad id!", "name": "w", "input": {}}]})
        msgs.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "bad id!", "content": "r"}]})
    return {"model": "m", "max_tokens": 5, "messages": msgs}


SHAPES = {
    "anthropic": [anth_system_blocks, anth_cache_marks, anth_text_blocks_one_msg, anth_thinking_signed, anth_dup_ids],
    "openai_chat": [chat_mid_system, chat_text_parts, chat_tool_row_parts, chat_stop],
    "openai": [resp_reasoning_items, resp_dev_items],
    "gemini": [gem_parts_signed, gem_calls_no_ids, gem_stop_seqs, gem_names_renamed],
}
DESTS = ("openai", "openai_chat", "anthropic", "gemini")


def cost(src: str, dst: str, body: bytes) -> tuple[float, str]:
    t = time.process_time()
    try:
        lc.translate_request(src, dst, body, model="m")
        out = "ok"
    except lc.LmcodecError as exc:
        out = type(exc).__name__
    except Exception as exc:  # noqa: BLE001 - a bare error is a finding
        out = "BARE " + type(exc).__name__
    return time.process_time() - t, out


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    worst = 0.0
    for src, shapes in SHAPES.items():
        for shape in shapes:
            small, big = json.dumps(shape(n)).encode(), json.dumps(shape(4 * n)).encode()
            for dst in DESTS:
                t1, o1 = cost(src, dst, small)
                t4, o4 = cost(src, dst, big)
                ratio = t4 / max(t1, 1e-4)
                worst = max(worst, ratio)
                flag = "  <-- superlinear?" if ratio > 8 else ""
                print(f"{src:12} {shape.__name__:24} -> {dst:12} n {t1*1e3:8.1f} ms 4n {t4*1e3:8.1f} ms x{ratio:5.1f} {o1}/{o4}{flag}")
    print("worst ratio", round(worst, 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
