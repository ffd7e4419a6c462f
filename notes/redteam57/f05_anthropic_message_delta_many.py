"""Red team 57 F05: an Anthropic stream with 100 message_delta events (usage growing),
read whole: 1.72x the floor. Bound: 1.5x.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f05_anthropic_message_delta_many.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("anthropic/a_message_delta_many", 0.2, "lc", "floor", 1.5)
