"""Red team 39 F04 (HIGH): lc.stream.translate from a Gemini tool turn costs 2.4-8.4x its floor:
to Anthropic 7.9-8.4x (20-200 parallel calls) and 4.8-4.9x (one call of 10-90 KB of arguments),
to Responses 3.7-4.0x / 2.4-2.6x, to Chat 2.7-3.2x / 2.6x. Per call the writers run ~20 Python
calls, with stdlib json.dumps / json.loads of the arguments (anthropic/_call_input.start_input,
gemini/views.compact_json) and three written events each (Anthropic: block start, delta, stop).

The floor (issue #13's for translate): the source body split and msgspec-decoded, plus
msgspec.json.encode of each data object translate wrote. Shapes: one Gemini chunk (the end) of
200 calls of ~200 characters of arguments (40 KB), translated whole to each other dialect.
Exits 1 while any of the three is over 2x (HIGH's bound; issue #13's whole target is 1.5x),
0 once each is within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f04_translate_gemini_calls.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 2.0


def main() -> int:
    body = S.parallel_calls("gemini", 10)
    cases = {f"gemini -> {dst}, 200 calls": ("translate", "gemini", dst, body) for dst in ("anthropic", "openai", "openai_chat")}
    results = _cg.measure(cases)
    _cg.report(results)
    worst = max(_cg.ratios(row)["whole"] for row in results.values())
    print(f"worst: {worst:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if worst > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
