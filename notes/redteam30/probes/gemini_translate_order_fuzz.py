"""Random well-typed Gemini streams (1-4 chunks of 1-3 parts: text, thought, call, a signed empty
text) through lc.stream.translate to Responses, Chat and Anthropic, read back by that dialect's
decoder: the answer text, the thinking text and the calls (in order) against the truth (every
chunk's parts appended). Counts the shapes that go wrong."""
from __future__ import annotations

import json
import random
import sys
from collections import Counter

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))


def part(rng, n):
    k = rng.choice(["text", "text", "thought", "call", "empty signed"])
    if k == "text":
        return k, {"text": f"t{n} "}
    if k == "thought":
        return k, {"text": f"h{n} ", "thought": True}
    if k == "call":
        return k, {"functionCall": {"name": f"f{n}", "args": {"n": n}}}
    return k, {"text": "", "thoughtSignature": "c2ln"}


def main(count):
    rng = random.Random(3)
    bad = Counter()
    shapes = Counter()
    for _ in range(count):
        chunks, kinds, n = [], [], 0
        for _ in range(rng.randint(2, 4)):
            ps = []
            for _ in range(rng.randint(1, 3)):
                k, p = part(rng, n)
                n += 1
                ps.append(p)
                kinds.append(k)
            chunks.append(ps)
        parts = [p for c in chunks for p in c]
        want = ("".join(p["text"] for p in parts if "text" in p and not p.get("thought")),
                "".join(p["text"] for p in parts if p.get("thought")),
                [p["functionCall"]["name"] for p in parts if "functionCall" in p])
        events = []
        for i, ps in enumerate(chunks):
            cand = {"content": {"role": "model", "parts": ps}}
            pay = {"candidates": [cand], "modelVersion": "gemini-2.5-flash"}
            if i == len(chunks) - 1:
                cand["finishReason"] = "STOP"
                pay["usageMetadata"] = {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}
            events.append(b"data: " + json.dumps(pay).encode() + b"\r\n\r\n")
        body = b"".join(events)
        for dst in ("openai", "openai_chat", "anthropic"):
            try:
                sse = b"".join(lc.stream.translate("gemini", dst, [body], request=REQ))
                r = lc.assemble(lc.stream.decode(dst, [sse], request=REQ), request=REQ)
                got = ("".join(p.text for p in r.message.parts if type(p) is lc.TextPart),
                       "".join(p.text for p in r.message.parts if type(p) is lc.ThinkingPart),
                       [p.name for p in r.message.parts if type(p) is lc.ToolCallPart])
            except Exception as exc:  # noqa: BLE001
                got = (f"{type(exc).__name__}: {exc}", "", [])
            if got != want:
                what = "text" if got[0] != want[0] else "thinking" if got[1] != want[1] else "calls"
                bad[dst, what] += 1
                shapes[" | ".join(",".join("T" if "text" in p and p.get("text") and not p.get("thought") else "H" if p.get("thought") else "C" if "functionCall" in p else "e" for p in c) for c in chunks)] += 1
    print(count, "streams; wrong:", dict(bad))
    print("some shapes:", shapes.most_common(8))
    return 1 if bad else 0


sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 500))
