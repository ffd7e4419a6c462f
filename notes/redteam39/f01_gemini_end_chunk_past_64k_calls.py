"""Red team 39 F01 (HIGH): a Gemini end chunk over 64 KB (stream/_whole.BLOCK_BYTES) holding parallel
function calls costs 2.1-2.2x the floor, against 1.1-1.3x for the same shape under 64 KB: past
BLOCK_BYTES the body leaves the one-chunk path (stream/_lone: decoded once, untyped, then converted)
for the general one, where the end chunk is decoded twice (typed views, then untyped for its
provider_data: providers/gemini/stream.py StreamMapper._end), and each call is built by Python.

Shape: one `data:` chunk (the stream's only one, finishReason STOP) of 200 functionCall parts, each
args ~400 characters of text (raw UTF-8 accents and emoji, as Google writes them: 93 KB), read by
lc.assemble(lc.stream.decode("gemini", [body])) against the floor (benchmarks/
streams_varied_contestants.floor_runner: split on blank lines, msgspec.json.decode of each data);
and 400 calls of ~200 ASCII characters (86 KB: 2.81x, against 1.47x for 200 of them at 40 KB).
Exits 1 while either ratio is over 1.5x (issue #13's whole-stream target), 0 once within.
Run (about a minute, under valgrind): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f01_gemini_end_chunk_past_64k_calls.py
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
        "200 calls, 93 KB (past 64 KB)": ("stream", "gemini", "", S.gemini_end_calls(10, "utf8")),
        "20 calls, 9 KB (under 64 KB, for contrast)": ("stream", "gemini", "", S.gemini_end_calls(1, "utf8")),
        "400 calls of 200 ASCII characters, 86 KB": ("stream", "gemini", "", S.parallel_calls("gemini", 20)),
        "200 calls of 200 ASCII characters, 40 KB (under 64 KB, for contrast)": ("stream", "gemini", "", S.parallel_calls("gemini", 10)),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    ratio = max(_cg.ratios(results[name])["whole"] for name in ("200 calls, 93 KB (past 64 KB)", "400 calls of 200 ASCII characters, 86 KB"))
    print(f"past 64 KB: up to {ratio:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
