"""Red team 39 F05 (HIGH): lc.stream.translate from a Chat Completions source costs 1.5-2.8x its
floor where lc.stream.decode of the same stream costs 0.7-1.0x: 200 parallel calls 2.7-2.8x to each
dialect, one call of 10-100 KB in 100-1,000 fragments 1.9-2.1x, one-character text deltas
1.7-1.9x (to Responses 1.89x at 10,000), escape-heavy text 1.5-1.8x. Each chunk goes through
stream/_chat_extras._chunk and _other_choice (six bytes.find a chunk) before the mapper's _chunk,
then _parts_in_order and the writer: ~25 Python calls a chunk.

The floor (issue #13's for translate): the source body split and msgspec-decoded, plus
msgspec.json.encode of each data object translate wrote. Shapes: 200 calls of ~200 characters in
4 fragments each (0.24 MB), and 10,000 one-character deltas (1.5 MB), Chat -> Responses whole.
Exits 1 while the calls case is over 2x or the deltas case over 1.5x, 0 once both are within.
Run (about two minutes): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f05_translate_chat_source.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402


def main() -> int:
    cases = {
        "chat -> openai, 200 calls": ("translate", "openai_chat", "openai", S.parallel_calls("openai_chat", 10)),
        "chat -> openai, 10,000 one-character deltas": ("translate", "openai_chat", "openai", S.tiny_deltas("openai_chat", 10)),
        "decode chat, 200 calls (for contrast)": ("stream", "openai_chat", "", S.parallel_calls("openai_chat", 10)),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    calls = _cg.ratios(results["chat -> openai, 200 calls"])["whole"]
    deltas = _cg.ratios(results["chat -> openai, 10,000 one-character deltas"])["whole"]
    print(f"calls {calls:.2f}x (threshold 2x), one-character deltas {deltas:.2f}x (threshold 1.5x)")
    return 1 if calls > 2.0 or deltas > 1.5 else 0


if __name__ == "__main__":
    sys.exit(main())
