"""Hostile request bodies through decode_request / translate_request in every pair: outcome kind and time at n and 4n.

A ratio near 4 is linear; near 16 quadratic. Wall-clock (noisy host): only gross growth counts.
"""
from __future__ import annotations

import json
import sys
import time
from typing import Any, Callable

import lmcodec as lc

P = ["openai", "openai_chat", "anthropic", "gemini"]
MODEL = {"openai": "gpt-5", "openai_chat": "gpt-4o", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}


def fn_tool(p: str, name: str, schema: Any) -> Any:
    if p == "openai_chat":
        return {"type": "function", "function": {"name": name, "parameters": schema}}
    if p == "openai":
        return {"type": "function", "name": name, "parameters": schema, "strict": False}
    if p == "anthropic":
        return {"name": name, "input_schema": schema}
    return {"name": name, "parameters": schema}


def body(p: str, msgs: list[tuple[str, str]], tools: list[Any] | None = None) -> dict[str, Any]:
    if p == "openai_chat":
        b: dict[str, Any] = {"model": "gpt-4o", "messages": [{"role": r, "content": t} for r, t in msgs]}
    elif p == "openai":
        b = {"model": "gpt-5", "input": [{"role": r, "content": t} for r, t in msgs]}
    elif p == "anthropic":
        b = {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [{"role": r, "content": t} for r, t in msgs]}
    else:
        b = {"contents": [{"role": "model" if r == "assistant" else "user", "parts": [{"text": t}]} for r, t in msgs]}
    if tools:
        b["tools"] = [{"functionDeclarations": tools}] if p == "gemini" else tools
    return b


def many_messages(p: str, n: int) -> dict[str, Any]:
    return body(p, [("user" if i % 2 == 0 else "assistant", "word " * 20) for i in range(n - (n % 2 == 0))])


def big_schema(p: str, n: int) -> dict[str, Any]:
    props = {f"p{i}": {"type": "string", "description": "d" * 20} for i in range(n)}
    return body(p, [("user", "hi")], [fn_tool(p, "f", {"type": "object", "properties": props})])


def many_tools(p: str, n: int) -> dict[str, Any]:
    return body(p, [("user", "hi")], [fn_tool(p, f"t{i}", {"type": "object", "properties": {}}) for i in range(n)])


def long_text_nul(p: str, n: int) -> dict[str, Any]:
    return body(p, [("user", ("a\x00b\ud800" * n))])


def long_id(p: str, n: int) -> dict[str, Any]:
    cid = "c" * n
    if p == "openai_chat":
        return {"model": "gpt-4o", "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": [{"id": cid, "type": "function", "function": {"name": "f", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": cid, "content": "r"}]}
    if p == "openai":
        return {"model": "gpt-5", "input": [{"role": "user", "content": "x"}, {"type": "function_call", "call_id": cid, "name": "f", "arguments": "{}"}, {"type": "function_call_output", "call_id": cid, "output": "r"}]}
    if p == "anthropic":
        return {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "content": [{"type": "tool_use", "id": cid, "name": "f", "input": {}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": cid, "content": "r"}]}]}
    return {"contents": [{"role": "user", "parts": [{"text": "x"}]}, {"role": "model", "parts": [{"functionCall": {"id": cid, "name": "f", "args": {}}}]}, {"role": "user", "parts": [{"functionResponse": {"id": cid, "name": "f", "response": {"result": "r"}}}]}]}


def many_calls(p: str, n: int) -> dict[str, Any]:
    """One assistant turn of n parallel calls, answered in reverse order (the pairing by id)."""
    ids = [f"call_{i}" for i in range(n)]
    if p == "openai_chat":
        return {"model": "gpt-4o", "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "tool_calls": [{"id": c, "type": "function", "function": {"name": "f", "arguments": "{}"}} for c in ids]}] + [{"role": "tool", "tool_call_id": c, "content": "r"} for c in reversed(ids)]}
    if p == "openai":
        return {"model": "gpt-5", "input": [{"role": "user", "content": "x"}] + [{"type": "function_call", "call_id": c, "name": "f", "arguments": "{}"} for c in ids] + [{"type": "function_call_output", "call_id": c, "output": "r"} for c in reversed(ids)]}
    if p == "anthropic":
        return {"model": "claude-sonnet-4-5", "max_tokens": 10, "messages": [{"role": "user", "content": "x"}, {"role": "assistant", "content": [{"type": "tool_use", "id": c, "name": "f", "input": {}} for c in ids]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": c, "content": "r"} for c in reversed(ids)]}]}
    return {"contents": [{"role": "user", "parts": [{"text": "x"}]}, {"role": "model", "parts": [{"functionCall": {"id": c, "name": "f", "args": {}}} for c in ids]}, {"role": "user", "parts": [{"functionResponse": {"id": c, "name": "f", "response": {"result": "r"}}} for c in reversed(ids)]}]}


def many_turn_calls(p: str, n: int) -> dict[str, Any]:
    """n turns, each a call with the same id call_0 and its result (the id renaming pass)."""
    msgs: list[Any] = []
    b = many_calls(p, 1)
    key = {"openai_chat": "messages", "openai": "input", "anthropic": "messages", "gemini": "contents"}[p]
    head, rest = b[key][0], b[key][1:]
    b[key] = [head] + rest * n
    return b


CASES: dict[str, tuple[Callable[[str, int], dict[str, Any]], int]] = {
    "many_messages": (many_messages, 5000),
    "big_schema": (big_schema, 5000),
    "many_tools": (many_tools, 5000),
    "long_text_nul": (long_text_nul, 100000),
    "long_id": (long_id, 200000),
    "many_calls": (many_calls, 2000),
    "many_turn_calls": (many_turn_calls, 1000),
}


def outcome(f: Callable[[], Any]) -> tuple[str, float]:
    t = time.perf_counter()
    try:
        f()
        kind = "ok"
    except lc.LmcodecError as e:
        kind = f"lc:{type(e).__name__}:{str(e)[:60]}"
    except Exception as e:  # noqa: BLE001
        kind = f"BARE:{type(e).__name__}:{str(e)[:80]}"
    return kind, time.perf_counter() - t


def main() -> None:
    flt = sys.argv[1] if len(sys.argv) > 1 else ""
    for cname, (make, n) in CASES.items():
        if flt not in cname:
            continue
        for s in P:
            for d in P:
                res = []
                for k in (n, 4 * n):
                    raw = json.dumps(make(s, k)).encode()
                    kw = {"model": MODEL[d]} if s == "gemini" else {}
                    kind, dt = outcome(lambda: lc.translate_request(s, d, raw, **kw))
                    res.append((kind, dt, len(raw)))
                ratio = res[1][1] / max(res[0][1], 1e-6)
                flag = "  <-- SLOW" if ratio > 8 and res[1][1] > 0.3 else ""
                bare = "  <-- BARE" if any(r[0].startswith("BARE") for r in res) else ""
                print(f"{cname} {s}->{d}: {res[0][0][:70]} n {res[0][1]:.3f}s ({res[0][2]>>10} KiB) 4n {res[1][1]:.3f}s x{ratio:.1f}{flag}{bare}", flush=True)


if __name__ == "__main__":
    main()
