"""Gemini streams whose chunks hold several parts (text then a call, text then text, parallel calls
over chunks): what lc.stream.translate hands a Responses, Chat and Anthropic client, read back
by that dialect's decoder, against the truth of a Gemini stream (google-genai's own reading:
every chunk's parts appended in order; the answer's text is their concatenation, its calls each
functionCall part)."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
T = lambda s: {"text": s}  # noqa: E731
C = lambda n, a=None: {"functionCall": {"name": n, "args": a or {}}}  # noqa: E731
SHAPES = {
    "text, then text+call": [[T("Let me check. ")], [T("One moment."), C("get_weather", {"city": "Paris"})]],
    "text+text, then text": [[T("a"), T("b")], [T("c")]],
    "text, then text+text": [[T("a")], [T("b"), T("c")]],
    "call+text, then text": [[C("f"), T("x")], [T("y")]],
    "text, call, text": [[T("before ")], [C("f")], [T("after")]],
    "two texts, then text with empty signed": [[T("Hel")], [T("lo"), {"text": "", "thoughtSignature": "c2ln"}]],
    "parallel calls over chunks": [[C("f", {"a": 1})], [C("g", {"b": 2})]],
}


def body(chunks):
    out = []
    for k, parts in enumerate(chunks):
        cand = {"content": {"role": "model", "parts": parts}}
        payload = {"candidates": [cand], "modelVersion": "gemini-2.5-flash"}
        if k == len(chunks) - 1:
            cand["finishReason"] = "STOP"
            payload["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}
        out.append(b"data: " + json.dumps(payload).encode() + b"\r\n\r\n")
    return b"".join(out)


def truth(chunks):
    parts = [p for c in chunks for p in c]
    text = "".join(p.get("text", "") for p in parts)
    calls = [(p["functionCall"]["name"], p["functionCall"]["args"]) for p in parts if "functionCall" in p]
    return text, calls


def read(dialect, raw):
    r = lc.assemble(lc.stream.decode(dialect, [raw], request=REQ), request=REQ)
    text = "".join(p.text for p in r.message.parts if isinstance(p, lc.TextPart))
    calls = [(p.name, p.input) for p in r.message.parts if isinstance(p, lc.ToolCallPart)]
    return text, calls


def main():
    bad = 0
    for name, chunks in SHAPES.items():
        raw = body(chunks)
        want = truth(chunks)
        rows = {"lc.assemble(gemini)": read("gemini", raw)}
        for dst in ("openai", "openai_chat", "anthropic"):
            try:
                rows[f"translate -> {dst}"] = read(dst, b"".join(lc.stream.translate("gemini", dst, [raw], request=REQ)))
            except lc.LmcodecError as exc:
                rows[f"translate -> {dst}"] = f"{type(exc).__name__}: {exc}"[:200]
        print(f"{name}: truth {want}")
        for k, v in rows.items():
            ok = v == want
            if not ok and k.startswith("translate"):
                bad += 1
            print(f"   {'  ' if ok else 'XX'} {k:24s} {v}")
    print("translations off the truth:", bad)
    return 1 if bad else 0


sys.exit(main())
