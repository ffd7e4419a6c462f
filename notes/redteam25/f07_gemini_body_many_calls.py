"""F07: lc.decode_response("gemini", body) of a body with many functionCall parts costs 6-9x the
floor (msgspec's untyped decode of the body), above README's 2.5-6.6x for response bodies.

Each call becomes a ToolCallPart through the metaclass constructor (wire/_struct.py __call__, the
compiled lm15 checks, ``wire/_checks.is_json_value`` walking the args) from
``providers/gemini/body.py _candidate_parts``: ~4 µs a call. Linear; parallel calls in one
Gemini answer are common but rarely thousands, so LOW.

Exits 1 while 2,000 calls cost more than 6.6x the floor. After gemcall16 (calls built by
``providers/_proven_parts.proven_tool_call``): 200 calls ~2.2x, 2,000 calls ~3.0x; exits 0.
"""

import json
import sys
from pathlib import Path

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio

import lmcodec as lc


def body(calls: int) -> bytes:
    parts = [
        {"functionCall": {"name": f"lookup_{i % 7}", "args": {"query": f"item {i}", "limit": i % 50}}}
        for i in range(calls)
    ]
    return json.dumps(
        {
            "candidates": [
                {"content": {"parts": parts, "role": "model"}, "finishReason": "STOP", "index": 0}
            ],
            "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8},
            "modelVersion": "gemini-2.5-flash",
            "responseId": "r1",
        }
    ).encode()


if __name__ == "__main__":
    worst = 0.0
    for calls in (200, 2000):
        b = body(calls)
        t = interleave(
            {"lmcodec": lambda: lc.decode_response("gemini", b), "floor": lambda: msgspec.json.decode(b)}, 7
        )
        r = ratio(t, "lmcodec", "floor")
        worst = max(worst, r)
        print(
            f"gemini body with {calls} functionCall parts ({len(b) / 1e3:.0f} KB): {ms(t, 'lmcodec'):.2f} ms = "
            f"{r:.2f}x the floor (README: response bodies 2.5-6.6x)"
        )
    sys.exit(1 if worst > 6.6 else 0)
