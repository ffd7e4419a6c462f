"""Red team 51 F03: a Gemini TTS stream (50 chunks of one inlineData audio/L16 part, 8 KB of
base64 each, 420 KB) read whole by ``lc.assemble(lc.stream.decode(...))`` costs 3.9x the floor:
each chunk's base64 is decoded and the joined bytes encoded again, where the chunks (no padding
but the last's) join as they are.

Prints the ratio (callgrind instructions) and exits 1 while it is over 2x (issue #13's bound
for decode/assemble), 0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam51/f03_gemini_streamed_audio.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini_audio k0.25 whole", "stream", "gemini_audio", None, 0.25, "whole", "-", "assemble", 2.0)
