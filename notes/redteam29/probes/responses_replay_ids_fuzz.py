"""Random Responses histories replayed as the SDK dumps them (ids, statuses, reasoning between
items, a server that reuses call ids and texts repeated across turns) through
translate_request("openai", "openai"): every item must go back as sent, in place (the API pairs
reasoning with the next item by id)."""

from __future__ import annotations

import json
import random
import sys

import lmcodec as lc

TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]


def history(rng: random.Random) -> list[dict]:
    items: list[dict] = [{"role": "user", "content": "hi"}]
    n = 0
    reuse = rng.random() < 0.5
    for turn in range(rng.randint(1, 5)):
        n += 1
        if rng.random() < 0.7:
            item = {"type": "reasoning", "id": f"rs_{n}", "summary": rng.choice([[], [{"type": "summary_text", "text": "s"}]]),
                    "encrypted_content": rng.choice(["e", None])}
            if rng.random() < 0.5:
                item["status"] = rng.choice([None, "completed"])
            items.append(item)
        calls = rng.randint(0, 3)
        ids = []
        for k in range(calls):
            n += 1
            cid = f"call_{k}" if reuse else f"call_{n}"
            ids.append(cid)
            item = {"type": "function_call", "id": f"fc_{n}", "call_id": cid, "name": "f", "arguments": rng.choice(["{}", '{"a":1}'])}
            if rng.random() < 0.7:
                item["status"] = "completed"
            items.append(item)
            if rng.random() < 0.2:
                n += 1
                items.append({"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": "e"})
        if not calls or rng.random() < 0.4:
            n += 1
            msg = {"type": "message", "id": f"msg_{n}", "role": "assistant",
                   "content": [{"type": "output_text", "text": rng.choice(["ok", "done", "ok"]), "annotations": []}]}
            if rng.random() < 0.7:
                msg["status"] = "completed"
            items.append(msg)
        for cid in ids:
            items.append({"type": "function_call_output", "call_id": cid, "output": "r"})
        items.append({"role": "user", "content": rng.choice(["go", "again"])})
    return items


def norm(item: dict) -> dict:
    if item.get("role") == "user" and isinstance(item.get("content"), str):
        return {**item, "content": [{"type": "input_text", "text": item["content"]}]}
    return item


def main(n: int) -> int:
    rng = random.Random(11)
    bad = 0
    for i in range(n):
        items = history(rng)
        body = json.dumps({"model": "gpt-5", "tools": TOOLS, "input": items}).encode()
        try:
            built = lc.translate_request("openai", "openai", body)
        except lc.LmcodecError as exc:
            bad += 1
            print(f"#{i} refused: {exc}\n  {json.dumps(items)[:500]}")
            continue
        sent = [norm(x) for x in json.loads(built.body)["input"]]
        want = [norm(x) for x in items]
        if sent != want:
            bad += 1
            if bad <= 4:
                for k, (a, b) in enumerate(zip(want, sent)):
                    if a != b:
                        print(f"#{i} first difference at input[{k}]:\n  client {json.dumps(a)}\n  sent   {json.dumps(b)}")
                        break
                else:
                    print(f"#{i} lengths {len(want)} -> {len(sent)}")
                print(f"  notes {[(a.field, a.action) for a in built.adaptations]}")
    print(f"{n} histories, {bad} not sent back as sent")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
