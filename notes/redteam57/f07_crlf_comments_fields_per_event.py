"""Red team 57 F07: the plain Anthropic stream with CRLF line ends, a comment before
each event and id:/retry: fields costs 1.88x the plain stream per event fed one chunk per event (the floor
pays 1.06x more for it). Bound: 1.3x the plain stream per event.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f07_crlf_comments_fields_per_event.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("anthropic/crlf_noise", 0.2, "lc_ev", "anthropic/plain:lc_ev", 1.3)
