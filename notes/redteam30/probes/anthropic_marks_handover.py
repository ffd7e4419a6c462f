"""Anthropic "no cache marks" handed over by the typed reading (Seen.unmarked): every place a
cache_control can sit in a Messages body, toward the three other dialects, old (89bd824) against
new; and the notes must name every mark json.loads finds (the oracle: a mark the destination does
not get is noted dropped)."""
from __future__ import annotations

import json
import sys

sys.path.insert(0, "/tmp/rt30/old/src")
import lmcodec as lc  # noqa: E402
import lmcodec_old as lo  # noqa: E402

M = {"type": "ephemeral"}
M1 = {"type": "ephemeral", "ttl": "1h"}
T = {"name": "f", "input_schema": {"type": "object", "properties": {}}}


def body(messages, **kw):
    return {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": messages, **kw}


U = {"role": "user", "content": "go on"}
call = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]}
cases = {
    "text last": body([{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": M}]}]),
    "text not last": body([{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": M}, {"type": "text", "text": "b"}]}]),
    "two messages marked": body([{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": M}]}, {"role": "assistant", "content": "x"}, {"role": "user", "content": [{"type": "text", "text": "b", "cache_control": M}]}]),
    "system block": body([U], system=[{"type": "text", "text": "s", "cache_control": M}]),
    "system string": body([U], system="s"),
    "tool marked": body([U], tools=[{**T, "cache_control": M}]),
    "tool_use marked": body([U, {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}, "cache_control": M}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "r"}]}], tools=[T]),
    "tool_result marked": body([U, call, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "r", "cache_control": M}]}], tools=[T]),
    "tool_result inner text": body([U, call, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "r", "cache_control": M}]}]}], tools=[T]),
    "tool_result inner image": body([U, call, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "image", "source": {"type": "url", "url": "https://x/i.png"}, "cache_control": M}]}]}], tools=[T]),
    "tool_result inner 1h": body([U, call, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "r", "cache_control": M1}]}]}], tools=[T]),
    "image marked": body([{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "https://x/i.png"}, "cache_control": M}]}]),
    "document marked": body([{"role": "user", "content": [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}, "cache_control": M}]}]),
    "assistant text marked": body([U, {"role": "assistant", "content": [{"type": "text", "text": "x", "cache_control": M}]}, U]),
    "thinking then marked": body([U, {"role": "assistant", "content": [{"type": "thinking", "thinking": "t", "signature": "sig"}, {"type": "text", "text": "x", "cache_control": M}]}, U]),
    "top-level cache_control": body([U], cache_control=M),
    "top-level 1h": body([U], cache_control=M1),
    "search_result marked": body([{"role": "user", "content": [{"type": "search_result", "source": "s", "title": "t", "content": [{"type": "text", "text": "c"}], "cache_control": M}]}]),
    "search_result inner": body([{"role": "user", "content": [{"type": "search_result", "source": "s", "title": "t", "content": [{"type": "text", "text": "c", "cache_control": M}]}]}]),
    "document inner content": body([{"role": "user", "content": [{"type": "document", "source": {"type": "content", "content": [{"type": "text", "text": "c", "cache_control": M}]}}]}]),
    "mark null": body([{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": None}]}]),
    "mark escaped key": None,
}
esc = json.dumps(body([{"role": "user", "content": [{"type": "text", "text": "a", "cache_control": M}]}])).replace('"cache_control"', '"\\u0063ache_control"')


def marks_in(value, path="$"):
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "cache_control" and v is not None:
                out.append(f"{path}.cache_control")
            out += marks_in(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += marks_in(v, f"{path}[{i}]")
    return out


def outcome(mod, dst, raw):
    try:
        r = mod.translate_request("anthropic", dst, raw)
    except Exception as exc:  # noqa: BLE001
        return ("error", str(exc).replace("lmcodec_old", "lmcodec")[:200])
    return ("ok", r.body, tuple((a.field, a.action) for a in r.adaptations))


bad = 0
for name, value in cases.items():
    raw = esc.encode() if value is None else json.dumps(value).encode()
    found = marks_in(json.loads(raw))
    for dst in ("openai", "openai_chat", "gemini"):
        new = outcome(lc, dst, raw)
        old = outcome(lo, dst, raw)
        noted = [f for f, _ in new[2]] if new[0] == "ok" else []
        unnoted = [m for m in found if new[0] == "ok" and not any(m.endswith(f.lstrip("$")) or f == m for f in noted)]
        flag = []
        if new != old:
            flag.append("OLD!=NEW")
        if unnoted:
            flag.append(f"mark not noted: {unnoted}")
        if flag:
            bad += 1
            print(f"{name:26s} -> {dst:12s} {flag}\n    new={str(new)[:400]}\n    old={str(old)[:400]}")
print("flagged", bad)
