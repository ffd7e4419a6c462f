"""Anthropic bodies with cache marks at random places (message blocks, tool results' inner blocks,
system, tools): translated to a dialect that takes no mark, the body must be the unmarked body's
translation (every mark only dropped with a note). Prints the first mismatches."""

from __future__ import annotations

import json
import random
import sys

import lmcodec as lc

MARK = {"type": "ephemeral"}
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def block(rng: random.Random, role: str, calls: list[str]) -> dict:
    if role == "user":
        kind = rng.choice(["text", "text", "image", "tool_result"] if calls else ["text", "text", "image"])
        if kind == "text":
            return {"type": "text", "text": rng.choice(["a", "b", "c"])}
        if kind == "image":
            return {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
        cid = calls.pop(0)
        inner = [{"type": "text", "text": "r"}] + ([{"type": "text", "text": "s"}] if rng.random() < 0.3 else [])
        return {"type": "tool_result", "tool_use_id": cid, "content": inner if rng.random() < 0.6 else "r"}
    kind = rng.choice(["text", "tool_use", "tool_use"])
    if kind == "text":
        return {"type": "text", "text": "x"}
    cid = f"toolu_{rng.randrange(10**6)}"
    calls.append(cid)
    return {"type": "tool_use", "id": cid, "name": "f", "input": {"a": "1"}}


def body_of(rng: random.Random) -> dict:
    rows = []
    calls: list[str] = []
    role = "user"
    for _ in range(rng.randint(1, 5)):
        n = rng.randint(1, 4)
        content = []
        for _ in range(n):
            content.append(block(rng, role, calls))
        # tool results first in a user turn (the API's rule)
        if role == "user":
            content.sort(key=lambda b: b["type"] != "tool_result")
        rows.append({"role": role, "content": content})
        if calls and role == "assistant":
            role = "user"
        else:
            role = rng.choice(["user", "assistant"]) if role == "user" else "user"
    if calls:  # answer the rest
        rows.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": c, "content": "r"} for c in calls]})
    if rows[-1]["role"] != "user":
        rows.append({"role": "user", "content": [{"type": "text", "text": "go"}]})
    return {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": rows,
            "tools": [{"name": "f", "input_schema": {"type": "object", "properties": {"a": {"type": "string"}}}}]}


def marked(rng: random.Random, body: dict) -> dict:
    body = json.loads(json.dumps(body))
    spots = []
    for row in body["messages"]:
        for b in row["content"]:
            spots.append(b)
            if b["type"] == "tool_result" and isinstance(b["content"], list):
                spots.extend(b["content"])
    for b in rng.sample(spots, min(len(spots), rng.randint(1, 4))):
        b["cache_control"] = MARK
    return body


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for _ in range(n):
        plain = body_of(rng)
        mk = marked(rng, plain)
        for dst in ("openai_chat", "gemini", "openai"):
            try:
                want = json.loads(lc.translate_request("anthropic", dst, json.dumps(plain).encode()).body)
            except lc.LmcodecError as exc:
                want = ("raised", type(exc).__name__)
            try:
                got = json.loads(lc.translate_request("anthropic", dst, json.dumps(mk).encode()).body)
            except lc.LmcodecError as exc:
                got = ("raised", type(exc).__name__, str(exc)[:200])
            except Exception as exc:  # noqa: BLE001
                got = ("ESCAPED", type(exc).__name__, str(exc)[:200])
            if isinstance(want, dict):
                want.pop("prompt_cache_retention", None)
            if isinstance(got, dict):
                got.pop("prompt_cache_retention", None)
            if got != want:
                bad += 1
                if bad <= 5:
                    print(f"MISMATCH -> {dst}\n  marked body: {json.dumps(mk['messages'])}\n  got : {json.dumps(got)[:700]}\n  want: {json.dumps(want)[:700]}")
    print(f"{n} bodies, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
