"""Red team 51 F05: ``lc.stream.translate("gemini", "openai")`` of a Gemini tool turn whose 12
parallel calls come one per chunk costs 2.55x the floor (the parse plus the encode of what it
writes); to Anthropic 2.38x, to Chat 2.36x.

Prints the ratio (callgrind instructions) and exits 1 while it is over 2.5x (the translate bound),
0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam51/f05_translate_gemini_calls_per_chunk.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("interleaved_calls/gemini k0.25 -> openai", "translate", "interleaved_calls", "gemini", 0.25, "whole",
      "openai", "translate", 2.5)
