"""Red team 57 F09: a Responses stream of response.output_audio.delta events (1 KB of
base64 each) with transcript deltas, read whole: 2.08x the floor; lm15 only 3.6x lmcodec. Bound: 1.5x.

Prints the ratio (callgrind instructions, measure.py's contestants) and exits 1 while it is past
the bound, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f09_responses_audio_deltas.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("openai/r_audio", 0.2, "lc", "floor", 1.5)
