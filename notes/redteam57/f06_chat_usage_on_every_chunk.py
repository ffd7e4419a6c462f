"""Red team 57 F06: Chat chunks each carrying a full usage object with token details,
system_fingerprint, service_tier and obfuscation, read whole: 1.61x the floor. Bound: 1.5x.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f06_chat_usage_on_every_chunk.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("openai_chat/c_usage_detailed", 0.2, "lc", "floor", 1.5)
