"""Red team 47 F02 (HIGH): the base64 shape check of image data (wire/_checks.check_base64, run
by every ImagePart/AudioPart/... built by a decoder) costs 2-3x msgspec's whole decode of the bytes:
lc.decode of 300 images of 10 KB 3.34x the floor (66.7M / 20.0M), lc.msgpack.decode 6.76x
(54.8M / 8.1M), lc.decode_request of one 10 MB inline image 3.5x in every dialect (Chat 184.1M /
51.5M, Anthropic 181.1M, Gemini 183.9M), translate_request Responses -> Chat of it 2.24x. Where it
goes: base64_payload scans the payload once per whitespace character (7 ``in`` passes), then
has_base64_shape copies it (``str.encode``) and deletes the alphabet byte by byte
(``bytes.translate``); a data URI is sliced (``url[5:]``) and partitioned, two more copies.
Linear (300 -> 600 images: 3.34x -> 3.34x).

Exits 1 while any case is past 2x the floor.
Run (about two minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam47/f02_base64_check.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402

CASES = [
    "canonical decode images 300",
    "canonical msgpack_decode images 300",
    "requests decode openai_chat image 10000000",
    "requests decode anthropic image 10000000",
]

if __name__ == "__main__":
    sys.exit(_cg.gate(CASES, 2.0))
