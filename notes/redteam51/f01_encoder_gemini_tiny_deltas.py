"""Red team 51 F01: ``lc.stream.Encoder("gemini")`` fed the events of 500 tiny text deltas costs
4.1-4.5x ``msgspec.json.encode`` of the chunks it writes (Responses 2.4x, Anthropic 1.8x, Chat 1.0x).

Prints the ratio (callgrind instructions, notes/redteam51/_cg.py) and exits 1 while it is over
2.5x (the bound this report holds a writer to: translate's), 0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam51/f01_encoder_gemini_tiny_deltas.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("tiny500/anthropic events -> Encoder(gemini)", "encoder", "tiny500", "anthropic", 1, "whole", "gemini",
      "Encoder", 2.5)
