"""Red team 39 F06 (MEDIUM): lc.stream.translate of a Gemini answer of one huge text (0.1-1 MB in
one chunk) costs 1.5-1.7x its floor to each other dialect (to Anthropic 1.64x at 100 KB, 1.73x at
1 MB; to Responses 1.62-1.67x; to Chat 1.52-1.63x), where the same text from Chat or Anthropic
costs 1.0-1.5x, and lc.stream.decode of it 0.96-1.09x.

The floor (issue #13's for translate): the source body split and msgspec-decoded, plus
msgspec.json.encode of each data object translate wrote. Shape: one Gemini chunk (the end) with
one text part of 1 MB of ASCII, translated whole to Anthropic.
Exits 1 while that ratio is over 1.5x (issue #13's whole target), 0 once within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f06_translate_gemini_text.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 1.5


def main() -> int:
    results = _cg.measure({"gemini -> anthropic, 1 MB text": ("translate", "gemini", "anthropic", S.huge_text("gemini", 10))})
    _cg.report(results)
    ratio = _cg.ratios(results["gemini -> anthropic, 1 MB text"])["whole"]
    print(f"{ratio:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
