"""Well-typed Gemini streams of thoughts, texts and signed calls (gemini_multi_fuzz's shapes, no
hostile values) through lc.stream.translate to Responses, Chat and Anthropic, read back by that
dialect's decoder: the text, the calls (name, arguments) and the finish reason must agree with
lc.assemble of the Gemini body itself."""
from __future__ import annotations

import json
import random
import sys

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))


def part(rng, k):
    kind = rng.choice(["thought", "text", "call"])
    if kind == "thought":
        p = {"text": rng.choice(["think ", "more "]), "thought": True}
    elif kind == "text":
        p = {"text": rng.choice(["Hello ", "world", "a\nb"])}
    else:
        p = {"functionCall": {"name": rng.choice(["get_weather", "lookup"]), "args": rng.choice([{}, {"city": "Paris"}, {"n": [1, 2]}])}}
    if rng.random() < 0.4:
        p["thoughtSignature"] = "c2lnMQ=="
    return p


def body_of(rng):
    out = []
    n = rng.randint(1, 3)
    for k in range(n):
        cand = {"content": {"parts": [part(rng, k) for _ in range(rng.randint(1, 3))], "role": "model"}}
        if k == n - 1:
            cand["finishReason"] = rng.choice(["STOP", "MAX_TOKENS"])
        payload = {"candidates": [cand], "modelVersion": "gemini-2.5-flash"}
        if k == n - 1:
            payload["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}
        out.append(b"data: " + json.dumps(payload).encode() + b"\r\n\r\n")
    return b"".join(out)


def summary(r):
    text = "".join(p.text for p in r.message.parts if isinstance(p, lc.TextPart))
    calls = [(p.name, p.input) for p in r.message.parts if isinstance(p, lc.ToolCallPart)]
    return text, calls, r.finish_reason


def main(n):
    rng = random.Random(1)
    bad = 0
    for i in range(n):
        body = body_of(rng)
        want = summary(lc.assemble(lc.stream.decode("gemini", [body], request=REQ), request=REQ))
        for dst in ("openai", "openai_chat", "anthropic"):
            try:
                out = b"".join(lc.stream.translate("gemini", dst, [body], request=REQ))
                got = summary(lc.assemble(lc.stream.decode(dst, [out], request=REQ), request=REQ))
            except Exception as exc:  # noqa: BLE001
                got = f"{type(exc).__name__}: {exc}"
            if got != want and not (isinstance(got, tuple) and got[:2] == want[:2] and {got[2], want[2]} <= {"tool_call", "stop"}):
                bad += 1
                if bad <= 5:
                    print(f"#{i} -> {dst}\n  body {body[:400]!r}\n  want {want}\n  got  {str(got)[:300]}")
    print(n, "bodies", bad, "mismatches")
    return 1 if bad else 0


sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
