"""Probe: each shape at 1x translated to each other dialect and read back: its text, its tool calls
(name, arguments) and its finish reason equal the source's reading? Prints the pairs that differ."""
from __future__ import annotations
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import _shapes as S
import lmcodec as lc
import streams_varied_contestants as C

D = ["openai", "openai_chat", "anthropic", "gemini"]


def outcome(r):
    text = "".join(p.text for p in r.message.parts if type(p).__name__ == "TextPart")
    calls = [(p.name, p.input) for p in r.message.parts if type(p).__name__ == "ToolCallPart"]
    return text, calls, r.finish_reason


todo = [(n, d, f(d, 1)) for n, f in S.BUILDERS.items() for d in D]
todo += [(n, d, f(d, 1)) for n, (d, f) in S.ONE_DIALECT.items() if n != "gemini_inline"]
bad = n = 0
for name, src, ev in todo:
    want = outcome(C.lmcodec_runner(src)([b"".join(ev)]))
    for dst in D:
        if dst == src:
            continue
        n += 1
        try:
            out = b"".join(lc.stream.translate(src, dst, [b"".join(ev)], request=C.LC_REQUEST))
            got = outcome(C.lmcodec_runner(dst)([out]))
        except Exception as e:
            bad += 1; print(f"{name} {src}->{dst}: {type(e).__name__}: {str(e)[:160]}"); continue
        if got != want:
            bad += 1
            print(f"{name} {src}->{dst}: differs: text {got[0] == want[0]}, calls {got[1] == want[1]}, finish {got[2]!r} vs {want[2]!r}")
print(f"{bad} of {n} differ")
