"""Red team 39 F03 (MEDIUM): a Gemini stream with an inlineData part of megabytes of base64 (an image
the model made) costs 1.6-1.7x the floor whole and 1.8-2.0x fed one chunk per event. Per MB
(callgrind, by function): bytes.translate ~9 instructions a byte (wire/_checks.has_base64_shape,
lm15's base64 regex by a deletion), ~9 copies of the payload (has_long_digit_run's 2 KB slices,
the framer's bytearray/realloc/join on a body past 64 KB, msgspec), and the end chunk decoded
twice (F01's seam); the floor decodes the string once.

Shape: a text chunk, then an end chunk of inlineData image/png of 1 MB of base64, read by
lc.assemble(lc.stream.decode("gemini", ...)) whole and one chunk per event, against the floor.
Exits 1 while the whole ratio is over 1.5x (issue #13's target), 0 once within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f03_gemini_inline_data.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 1.5


def main() -> int:
    results = _cg.measure({"inlineData 1 MB": ("stream", "gemini", "", S.gemini_inline("gemini", 10))})
    _cg.report(results)
    ratio = _cg.ratios(results["inlineData 1 MB"])["whole"]
    print(f"inlineData 1 MB: {ratio:.2f}x the floor whole (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
