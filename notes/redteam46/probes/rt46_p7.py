"""Claude's redacted_thinking before its thinking, each client, whole and streamed, with text turns
between tool loops, and through a failover away and back."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

counts: collections.Counter[str] = collections.Counter()
for stream in (False, True):
    for src in L.DIALECTS:
        for name, dst, kw in (
            ("redacted", "anthropic", dict(redacted=True)),
            ("redacted-text-between", "anthropic", dict(redacted=True, plan=(2, 0, 1, 2, 0))),
            ("redacted-failover", ("anthropic", "openai_chat", "anthropic"), dict(redacted=True, plan=(2, 2, 2, 0))),
        ):
            r = L.run(src, dst, stream, **kw)
            probs = [p for p in r.problems if "never issued" not in p and "for unknown" not in p]
            counts[f"{name} {'wrong' if probs else 'held'}"] += 1
            if probs:
                print(f"BAD {name} {'stream' if stream else 'whole'} {src} -> {dst}")
                for p in probs[:4]:
                    print("     ", p)
print(dict(counts))
