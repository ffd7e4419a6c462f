"""Red team 57 F01: Gemini's JSON-array framing (no alt=sse) fed 1 byte at a time
costs ~1.9M instructions per element of ~200 bytes (~10K per byte): 104x the floor (the chunks joined
and decoded), 5x the SSE floor fed the same way, ~36x lmcodec's own SSE reading at 1-byte chunks (wall screen). Linear in
the element's size (1.41-1.65 us/byte at 20-8,000-character elements). Bound: 2x the floor.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f01_gemini_array_small_chunks.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini/g_array_bytes", 0.1, "lc_1", "floor_1", 2.0)
