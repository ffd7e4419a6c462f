"""Red team 51 F02: a Gemini stream framed as one JSON array (streamGenerateContent without
alt=sse), 1,250 small chunks (150 KB), read whole by ``lc.assemble(lc.stream.decode(...))``, costs
3.4x the floor (the same array decoded by msgspec into plain objects); the same chunks framed as
SSE (CRLF) cost 0.89x.

Prints the ratio (callgrind instructions) and exits 1 while it is over 2x (issue #13's bound
for decode/assemble), 0 once under.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam51/f02_gemini_json_array_framing.py
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _repro import check  # noqa: E402

check("gemini_array k0.25 whole", "stream", "gemini_array", None, 0.25, "whole", "-", "assemble", 2.0)
