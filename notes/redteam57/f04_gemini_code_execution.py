"""Red team 57 F04: Gemini executableCode / codeExecutionResult / text chunks in turn,
read whole: 1.71x the floor, and lm15 only 2.9x lmcodec. Bound: 1.5x the floor.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f04_gemini_code_execution.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini/g_code_exec", 0.2, "lc", "floor", 1.5)
