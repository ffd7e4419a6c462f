"""Red team 47 F03 (HIGH): bodies of answers with many parts (thinking and text interleaved, as
an agent's long reasoning answer arrives) cost 3-9x the floor through encode_response,
decode_response and translate_response, a Python loop of 5-10 steps a part: encode_response
Gemini 8.64x (10,000 parts: 47.0M / 5.4M; ~4,700 instructions a part against the floor's ~540),
Responses 4.27x (129.4M / 30.3M); decode_response Responses 3.65x (266.9M / 73.1M), Gemini 3.54x,
Anthropic 2.96x; translate_response Gemini -> Responses 4.07x, Anthropic -> Gemini 4.03x. Linear
(5,000 -> 10,000 parts: 4.34x -> 4.27x, 8.38x -> 8.64x). lm15's parse_response is slower still
(2.3-4.9x lmcodec).

Exits 1 while any case is past 2x the floor.
Run (about three minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f03_many_part_bodies.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

CASES = [
    "bodies encode gemini tiny_parts 5000",
    "bodies encode openai tiny_parts 5000",
    "bodies decode openai tiny_parts 5000",
    "bodies translate gemini tiny_parts openai 5000",
]

if __name__ == "__main__":
    sys.exit(_cg.gate(CASES, 2.0))
