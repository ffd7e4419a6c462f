"""Red team 39 F02 (MEDIUM): a Gemini stream whose end chunk holds a long non-ASCII text and whose
body is over 64 KB (stream/_whole.BLOCK_BYTES) costs 1.56-1.59x the floor, against 0.91x at 16 KB
and 0.99x for ASCII text of any size: the same seam as F01 (past BLOCK_BYTES the end chunk is
decoded twice, typed then untyped, and a non-ASCII string costs msgspec the most to decode).

Shape: 10 one-word chunks, then an end chunk of one text of ~144 KB of raw UTF-8 accents, quotes,
newlines and emoji (the same as JSON escapes, 207 KB: 1.59x), read by
lc.assemble(lc.stream.decode("gemini", [body])) against the floor.
Exits 1 while the raw UTF-8 case is over 1.5x (issue #13's whole-stream target), 0 once within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f02_gemini_end_chunk_past_64k_text.py
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
        "utf8 text, 144 KB": ("stream", "gemini", "", S.gemini_end_text(10, "utf8")),
        "escaped text, 207 KB": ("stream", "gemini", "", S.gemini_end_text(10, "escaped")),
        "ascii text, 102 KB (for contrast)": ("stream", "gemini", "", S.gemini_end_text(10, "ascii")),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    ratio = _cg.ratios(results["utf8 text, 144 KB"])["whole"]
    print(f"raw UTF-8 text past 64 KB: {ratio:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
