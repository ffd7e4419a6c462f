"""Random Responses tool loops of several turns (assistant messages and reasoning between outputs,
answers and user questions between turns, a call turn ending in text) to Chat, Anthropic, Gemini:
each destination's pairing rule holds, every text and result arrives once, and the texts keep
their relative order (moving a result up is the pass's job; moving a text is not)."""
from __future__ import annotations

import json
import random
import sys
from collections import Counter

sys.path.insert(0, "notes/redteam28")
sys.path.insert(0, "notes/redteam28/probes")
import lmcodec as lc  # noqa: E402
from f01_chat_calls_split_from_results import anthropic_rule_broken, chat_rule_broken  # noqa: E402
from gemini_turns_fuzz import check as gemini_rule_broken  # noqa: E402

SCHEMA = {"type": "object", "properties": {}}


def loop(rng: random.Random):
    items = [{"role": "user", "content": "q0"}]
    texts = ["q0"]
    n = 0

    def text(role):
        nonlocal n
        t = f"{role[0]}{n}"
        n += 1
        texts.append(t)
        return {"role": role, "content": t} if role == "user" else {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": t}]}

    for turn in range(rng.randint(1, 4)):
        if rng.random() < 0.3:
            items.append(text("assistant"))  # commentary before the calls
        ids = [f"c{turn}_{k}" for k in range(rng.randint(1, 3))]
        for cid in ids:
            if rng.random() < 0.2:
                items.append({"type": "reasoning", "id": f"rs_{cid}", "summary": [], "encrypted_content": "e"})
            items.append({"type": "function_call", "call_id": cid, "name": "f", "arguments": "{}"})
        if rng.random() < 0.15:
            items.append(text("assistant"))  # text after the calls, same turn
        outs = [{"type": "function_call_output", "call_id": cid, "output": "r" + cid} for cid in ids]
        rng.shuffle(outs)
        for o in outs:
            items.append(o)
            r = rng.random()
            if r < 0.15:
                items.append(text("assistant"))
            elif r < 0.3:
                items.append(text("user"))
        if rng.random() < 0.6:
            items.append(text("assistant"))  # the answer
        if rng.random() < 0.6:
            items.append(text("user"))  # the next question
    body = {"model": "gpt-4o", "input": items, "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]}
    return json.dumps(body).encode(), texts


def texts_of(dst, body):
    v = json.loads(body)
    out, results = [], []
    if dst == "gemini":
        for c in v["contents"]:
            for p in c["parts"]:
                if "text" in p:
                    out.append(p["text"])
                if "functionResponse" in p:
                    results.append(p["functionResponse"].get("id"))
        return out, results
    for m in v["messages"]:
        c = m.get("content")
        if m.get("role") == "tool":
            results.append(m["tool_call_id"])
            continue
        if isinstance(c, str):
            out.extend(c.split("\n"))
        elif isinstance(c, list):
            for b in c:
                if b.get("type") == "text":
                    out.append(b["text"])
                if b.get("type") == "tool_result":
                    results.append(b["tool_use_id"])
    return out, results


def main(n: int) -> int:
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    bad = Counter()
    example = {}
    for _ in range(n):
        data, texts = loop(rng)
        ids = [i["call_id"] for i in json.loads(data)["input"] if i.get("type") == "function_call"]
        for dst, rule in (("openai_chat", lambda b: chat_rule_broken(json.loads(b)["messages"])),
                          ("anthropic", lambda b: anthropic_rule_broken(json.loads(b)["messages"])),
                          ("gemini", lambda b: gemini_rule_broken(json.loads(b)["contents"]))):
            try:
                out = lc.translate_request("openai", dst, data)
            except lc.LmcodecError as exc:
                bad[dst, "refused"] += 1
                example.setdefault((dst, "refused"), (data, str(exc)))
                continue
            why = rule(out.body)
            got, results = texts_of(dst, out.body)
            if why:
                bad[dst, "rule"] += 1
                example.setdefault((dst, "rule"), (data, why))
            if got != texts:
                bad[dst, "texts"] += 1
                example.setdefault((dst, "texts"), (data, f"sent {texts} got {got}"))
            if Counter(results) != Counter(ids):
                bad[dst, "results"] += 1
                example.setdefault((dst, "results"), (data, f"calls {ids} results {results}"))
    print(n, "loops;", dict(bad))
    for k, (data, why) in example.items():
        print(k, why[:300])
        print("   ", [(i.get("type") or i.get("role"), i.get("call_id") or i.get("content")) for i in json.loads(data)["input"]])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
