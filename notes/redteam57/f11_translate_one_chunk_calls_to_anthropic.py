"""Red team 57 F11: ``lc.stream.translate("openai_chat", "anthropic", ...)`` of one Chat chunk holding
60 complete tool calls costs 6.81x its floor (the floor plus msgspec's encode of each object
translate wrote); to Gemini 5.12x, to Responses 2.94x (every other shape here: 0.49-2.48x).

Prints the ratio (callgrind instructions) and exits 1 while it is over 3x, 0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/f11_translate_one_chunk_calls_to_anthropic.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("openai_chat/c_one_chunk_calls", 0.2, "tr_anthropic", "trfloor_anthropic", 3.0)
