"""Red team 51 F04: ``lc.stream.Encoder("openai")`` fed the events of 750 deltas of 1-3 emoji
costs 2.85x ``msgspec.json.encode`` of the events it writes (ASCII 2.36x).

Prints the ratio (callgrind instructions) and exits 1 while it is over 2.5x, 0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam51/f04_encoder_openai_astral.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("astral_escaped/anthropic k0.25 events -> Encoder(openai)", "encoder", "astral_escaped", "anthropic", 0.25,
      "whole", "openai", "Encoder", 2.5)
