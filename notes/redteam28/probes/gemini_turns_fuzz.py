"""Random tool loops written apart in Responses, Chat and Anthropic (messages between calls and
outputs, results out of order, calls split over turns, reasoning between calls, unanswered calls,
duplicate ids) translated to Gemini: every model turn with N functionCall parts must be followed by
a user turn of exactly its N functionResponse parts (Gemini's rule); no text, call or result lost."""
from __future__ import annotations

import json
import random
import sys
from collections import Counter

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {}}


def responses(rng: random.Random) -> tuple[bytes, list[str]]:
    items: list[dict] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    n = 0
    for turn in range(rng.randint(1, 3)):
        ids = [f"c{turn}_{k}" for k in range(rng.randint(1, 3))]
        calls = []
        for cid in ids:
            if rng.random() < 0.3:
                calls.append({"type": "reasoning", "id": f"rs_{cid}", "summary": [], "encrypted_content": "e"})
            calls.append({"type": "function_call", "call_id": cid, "name": "f", "arguments": "{}"})
            if rng.random() < 0.2:
                t = f"a{n}"; n += 1; texts.append(t)
                calls.append({"role": "assistant", "content": t})
        outs = [{"type": "function_call_output", "call_id": cid, "output": "r" + cid} for cid in ids]
        rng.shuffle(outs)
        mixed = []
        for o in outs:
            mixed.append(o)
            if rng.random() < 0.2:
                t = f"u{n}"; n += 1; texts.append(t)
                mixed.append({"role": "user", "content": t})
        items += calls + mixed
    body = {"model": "m", "input": items, "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]}
    return json.dumps(body).encode(), texts


def anthropic(rng: random.Random) -> tuple[bytes, list[str]]:
    msgs: list[dict] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    n = 0
    for turn in range(rng.randint(1, 3)):
        ids = [f"toolu_{turn}_{k}" for k in range(rng.randint(1, 3))]
        uses = [{"type": "tool_use", "id": i, "name": "f", "input": {}} for i in ids]
        if rng.random() < 0.5:
            for u in uses:
                msgs.append({"role": "assistant", "content": [u]})
        else:
            t = f"a{n}"; n += 1; texts.append(t)
            msgs.append({"role": "assistant", "content": [{"type": "text", "text": t}, *uses]})
        results = [{"type": "tool_result", "tool_use_id": i, "content": "r" + i} for i in ids]
        rng.shuffle(results)
        if rng.random() < 0.5:
            for r in results:
                msgs.append({"role": "user", "content": [r]})
        else:
            extra = []
            if rng.random() < 0.5:
                t = f"u{n}"; n += 1; texts.append(t)
                extra = [{"type": "text", "text": t}]
            msgs.append({"role": "user", "content": results + extra})
    body = {"model": "m", "max_tokens": 9, "messages": msgs, "tools": [{"name": "f", "input_schema": SCHEMA}]}
    return json.dumps(body).encode(), texts


def chat(rng: random.Random) -> tuple[bytes, list[str]]:
    msgs: list[dict] = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    n = 0
    for turn in range(rng.randint(1, 3)):
        ids = [f"call_{turn}_{k}" for k in range(rng.randint(1, 3))]
        msgs.append({"role": "assistant", "content": None, "tool_calls": [{"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}} for i in ids]})
        tools = [{"role": "tool", "tool_call_id": i, "content": "r" + i} for i in ids]
        rng.shuffle(tools)
        for t in tools:
            msgs.append(t)
            if rng.random() < 0.2:
                s = f"u{n}"; n += 1; texts.append(s)
                msgs.append({"role": "user", "content": s})
    body = {"model": "m", "messages": msgs, "tools": [{"type": "function", "function": {"name": "f", "parameters": SCHEMA}}]}
    return json.dumps(body).encode(), texts


def check(contents: list[dict]) -> str | None:
    for i, c in enumerate(contents):
        calls = [p for p in c["parts"] if "functionCall" in p]
        resps = [p for p in c["parts"] if "functionResponse" in p]
        if calls:
            nxt = contents[i + 1] if i + 1 < len(contents) else None
            got = [p for p in (nxt or {"parts": []})["parts"] if "functionResponse" in p]
            if nxt is None or len(got) != len(calls) or len(got) != len(nxt["parts"]):
                return f"contents[{i}] has {len(calls)} calls; the next turn is {json.dumps(nxt)[:200]}"
            if [p["functionCall"].get("id") for p in calls] != [p["functionResponse"].get("id") for p in got]:
                return f"contents[{i + 1}]'s responses are not in the calls' order"
        if resps and (i == 0 or not any("functionCall" in p for p in contents[i - 1]["parts"])):
            return f"contents[{i}] has responses with no call turn before it"
    return None


def main(n: int) -> int:
    rng = random.Random(0)
    bad = 0
    for k in range(n):
        src, make = [("openai", responses), ("anthropic", anthropic), ("openai_chat", chat)][k % 3]
        data, texts = make(rng)
        try:
            out = lc.translate_request(src, "gemini", data)
        except lc.LmcodecError as exc:
            bad += 1
            print(f"REFUSED {src}: {exc}"[:300])
            continue
        contents = json.loads(out.body)["contents"]
        why = check(contents)
        seen = Counter(p["text"] for c in contents for p in c["parts"] if "text" in p)
        if why is None and seen != Counter(texts):
            why = f"texts {dict(seen)} != {texts}"
        if why:
            bad += 1
            if bad <= 6:
                print(f"MISMATCH {src}: {why}\n  body {data[:500]!r}")
    print(f"{n} loops, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 900))
