"""Red team 39 F08 (MEDIUM): lc.stream.translate of 20-200 parallel calls from a Responses or an
Anthropic source costs 1.5-1.8x its floor (Responses -> Gemini 1.78x -> 1.63x, -> Anthropic
1.63x -> 1.53x; Anthropic -> Responses 1.66x -> 1.68x, -> Gemini 1.66x -> 1.63x), where
lc.stream.decode of the same streams is 0.93-1.06x and the pairs to Chat 1.13-1.34x.

The floor (issue #13's for translate): the source body split and msgspec-decoded, plus
msgspec.json.encode of each data object translate wrote. Shapes: 200 calls of ~200 characters in
4 fragments each, Responses -> Gemini and Anthropic -> Responses, whole.
Exits 1 while either is over 1.5x (issue #13's whole target), 0 once both are within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f08_translate_calls_other_sources.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 1.5


def main() -> int:
    cases = {
        "openai -> gemini, 200 calls": ("translate", "openai", "gemini", S.parallel_calls("openai", 10)),
        "anthropic -> openai, 200 calls": ("translate", "anthropic", "openai", S.parallel_calls("anthropic", 10)),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    worst = max(_cg.ratios(row)["whole"] for row in results.values())
    print(f"worst: {worst:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if worst > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
