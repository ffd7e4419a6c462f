"""Probe: each request body (10 rounds; one round with a 100 KB escape-heavy result) translated to
each dialect and read back: the texts, the calls' arguments and the tool results' texts equal the
source's reading? Prints the pairs that differ."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import _requests as R
import lmcodec as lc

D = ["openai", "openai_chat", "anthropic", "gemini"]


def outcome(req):
    out = []
    for m in req.messages:
        for p in m.parts:
            kind = type(p).__name__
            if kind == "TextPart":
                out.append(("text", p.text))
            elif kind == "ToolCallPart":
                out.append(("call", p.name, p.input))
            elif kind == "ToolResultPart":
                out.append(("result", "".join(getattr(c, "text", "") for c in p.content)))
    return out


bad = n = 0
for src in D:
    model = "m" if src == "gemini" else None
    for label, body in (("10 rounds", R.body(src, 10)), ("100 KB escaped", R.body(src, 1, 100_000, True))):
        want = outcome(lc.decode_request(src, body, model=model))
        for dst in D:
            n += 1
            got = outcome(lc.decode_request(dst, lc.translate_request(src, dst, body, model=model).body, model="m"))
            if got != want:
                bad += 1
                print(f"{label} {src}->{dst}: differs ({len(got)} vs {len(want)} items)")
print(f"{bad} of {n} differ")
