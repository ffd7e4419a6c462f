"""Red team 47 F04 (MEDIUM): tool calls in non-streamed bodies cost 3-5.6x the floor: 200 calls
whose arguments nest 50 levels: encode_response Responses 5.61x (14.9M / 2.7M:
openai/_sse_write.ascii_without_floats walks the encoded arguments), decode_response Responses
5.02x (21.0M / 4.2M), translate_response Responses -> Chat 5.35x and Chat -> Responses 5.33x
(36.2M / 6.8M: each call's arguments string decoded (200 msgspec decodes) and encoded again, though
both dialects carry arguments as a JSON string); 200 flat parallel calls: encode_response
Responses 4.61x (400 calls 4.71x: linear), translate_response Responses -> Chat 3.64x.

Exits 1 while any case is past 2x the floor.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f04_body_call_arguments.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

CASES = [
    "bodies encode openai deep_args 200",
    "bodies translate openai deep_args openai_chat 200",
    "bodies encode openai parallel 200",
    "bodies translate openai parallel openai_chat 200",
]

if __name__ == "__main__":
    sys.exit(_cg.gate(CASES, 2.0))
