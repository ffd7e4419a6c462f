"""More shapes: Gemini parallel calls one per chunk; plain replays (a Chat client that appends the
assistant message it assembled itself, without thinking_blocks; a Gemini client answering with
Part.from_function_response, which has no id); with same-name calls and reversed results."""
from __future__ import annotations

import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import _loop as L  # noqa: E402

VARIANTS = {
    "split-calls": dict(split_calls=True),
    "split-same-name": dict(split_calls=True, same_name=True),
    "plain": dict(plain_replay=True),
    "plain-same-name": dict(plain_replay=True, same_name=True),
    "plain-same-name-rev": dict(plain_replay=True, same_name=True, reverse_results=True),
    "plain-rev": dict(plain_replay=True, reverse_results=True),
}
only = sys.argv[1:] or list(VARIANTS)
counts: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
for name in only:
    for stream in (False, True):
        for src in L.DIALECTS:
            if name.startswith("plain") and src not in ("openai_chat", "gemini"):
                continue
            for dst in L.DIALECTS:
                r = L.run(src, dst, stream, **VARIANTS[name])
                ok = not r.problems
                counts[name][0 if ok else 1] += 1
                if not ok:
                    print(f"BAD {name} {'stream' if stream else 'whole'} {src} -> {dst}")
                    for p in r.problems[:6]:
                        print("     ", p)
for name, (ok, bad) in counts.items():
    print(f"{name:>20}: {ok} held, {bad} wrong")
