"""Red team 47 F05 (MEDIUM): issue 15's targets on a 1,000-message conversation (user text,
assistant text + call, tool result, repeated): lc.build_request is 2.2-3.0x its floor
(msgspec.json.encode of the body it writes) and only 6.4-7.7x faster than lm15, against the targets
of 2x and 10x: Responses 2.89x (5.9M / 2.1M; lm15 7.71x), Chat 3.01x (lm15 7.47x), Anthropic 2.17x
(lm15 6.88x), Gemini 2.68x (lm15 6.38x); 200 parallel calls and results: Responses 2.43x, Chat
2.55x, Gemini 2.14x (lm15 8.2-9.7x). Reading: decode_request Responses 3.21x (Chat 2.43x, Gemini
2.45x), translate_request Responses -> Chat 3.43x, Gemini -> Gemini 2.64x. Linear (1,000 -> 2,000
messages: 2.89x -> 2.82x, 3.21x -> 3.20x).

Exits 1 while build_request is past 2x the floor or not 10x faster than lm15 on these shapes.
Run (about two minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f05_long_conversation_requests.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

CASES = ["requests build openai messages 1000", "requests build openai_chat messages 1000",
         "requests build gemini messages 1000", "requests build openai_chat parallel 200"]

if __name__ == "__main__":
    results = _cg.measure(CASES)
    _cg.report(results)
    worst = max(row["lc"] / row["floor"] for row in results.values())
    slowest = min(row["peer"] / row["lc"] for row in results.values())
    print(f"worst: lc {worst:.2f}x the floor (bound 2x); lm15 only {slowest:.2f}x lc (target 10x)")
    sys.exit(1 if worst > 2.0 or slowest < 10.0 else 0)
