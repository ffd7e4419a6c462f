"""Red team 41's feature streams, collected without running its checks: its probes call
``_h.check(provider, body, name)``; here that records the stream instead."""
from __future__ import annotations

import importlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RT41 = os.path.join(HERE, "..", "redteam41")
sys.path.insert(0, os.path.join(RT41, "probes"))
sys.path.insert(0, RT41)

import _h  # noqa: E402

STREAMS: list[tuple[str, str, bytes]] = []


def _record(provider, body, name="", cuts=True):
    STREAMS.append((provider, name, body))
    return []


_h.check = _record
for mod in ("chat_features", "responses_features", "newer_features", "newer_openai"):
    importlib.import_module(mod)
import anthropic_features as A  # noqa: E402
import chat_n_choices as N  # noqa: E402
import gemini_features as G  # noqa: E402

for name, body in A.cases.items():
    STREAMS.append(("anthropic", name, body))
for name, body in N.cases.items():
    STREAMS.append(("openai_chat", "n_" + name, body))
for name, chunks in G.CH.items():
    STREAMS.append(("gemini", name, b"".join(_h.sse(c) for c in chunks)))

if __name__ == "__main__":
    from collections import Counter
    print(len(STREAMS), Counter(p for p, _, _ in STREAMS))
