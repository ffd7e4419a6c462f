"""Red team 57 F03: Gemini chunks of 20 one-character text parts each, read whole:
1.90x the floor. Bound: 1.5x.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f03_gemini_many_parts_per_chunk.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini/g_parts_per_chunk", 0.2, "lc", "floor", 1.5)
