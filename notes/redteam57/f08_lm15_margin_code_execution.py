"""Red team 57 F08: lm15 1.5.0's own pipeline is only 2.9x lmcodec's assemble on Gemini
code execution chunks (issue 13's aim: 8x lm15 or more). Exits 1 while lm15 / lmcodec is under 8.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f08_lm15_margin_code_execution.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini/g_code_exec", 0.2, "lc", "lm15", 8.0, invert=True)
