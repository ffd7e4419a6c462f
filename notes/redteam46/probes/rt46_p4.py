"""Claude's interleaved thinking (a signed thinking block before each later tool_use of a turn), and
ids that repeat across turns: a Chat backend counting call_0, call_1 afresh each turn, and a Gemini
backend (id-less calls, which lmcodec names per answer), alone and then failing over to each other
backend."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

counts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
for stream in (False, True):
    for src in L.DIALECTS:
        cases = [("interleaved", "anthropic", dict(interleaved=True)),
                 ("interleaved-text-between", "anthropic", dict(interleaved=True, plan=(3, 0, 2, 0)))]
        cases.append(("chat-reuse-ids", "openai_chat", dict(reuse_ids=True)))
        for e in L.DIALECTS:
            if e != "openai_chat":
                cases.append(("chat-reuse-ids-failover", ("openai_chat", "openai_chat", e),
                              dict(reuse_ids=True, plan=(2, 2, 0))))
            if e != "gemini":
                cases.append(("gemini-failover", ("gemini", "gemini", e), dict(plan=(2, 2, 0))))
        for name, dst, kw in cases:
            r = L.run(src, dst, stream, **kw)
            probs = [p for p in r.problems if "never issued" not in p and "for unknown" not in p]
            counts[name][0 if not probs else 1] += 1
            if probs:
                print(f"BAD {name} {'stream' if stream else 'whole'} {src} -> {dst}")
                for p in probs[:5]:
                    print("     ", p)
for name, (ok, bad) in counts.items():
    print(f"{name:>26}: {ok} held, {bad} wrong")
