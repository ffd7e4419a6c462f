"""Red team 57 F10: one Chat chunk holding 60 complete tool calls (id, name, whole
arguments) in its delta, read whole: 1.88x the floor. Bound: 1.5x.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f10_chat_one_chunk_many_calls.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("openai_chat/c_one_chunk_calls", 0.2, "lc", "floor", 1.5)
