"""Red team 57 F02: an Anthropic stream whose events spread their JSON over several
data: lines (a proxy that pretty-prints; SSE allows it) read whole costs 2.25x the floor (Chat 1.22x,
Gemini 1.27x on the same framing). Bound: 1.5x the floor whole.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f02_anthropic_multiline_data.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("anthropic/multiline", 0.2, "lc", "floor", 1.5)
