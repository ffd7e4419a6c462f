"""Red team 39 F07 (MEDIUM): lc.stream.translate of an Anthropic web-search answer (a thinking block
with its signature_delta, server_tool_use and web_search_tool_result blocks, then a text block
of 100-1,000 citations_delta each followed by a text_delta) costs 1.94-1.96x its floor to Gemini
and 1.51-1.53x to Responses (1.19-1.22x to Chat); lc.stream.decode of it 1.44-1.60x.

The floor (issue #13's for translate): the source body split and msgspec-decoded, plus
msgspec.json.encode of each data object translate wrote. Shape: 1,000 citations (0.5 MB)
translated whole to Gemini.
Exits 1 while that ratio is over 1.5x (issue #13's whole target), 0 once within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f07_translate_anthropic_citations.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 1.5


def main() -> int:
    body = S.anthropic_citations("anthropic", 10)
    results = _cg.measure({"anthropic -> gemini, 1,000 citations": ("translate", "anthropic", "gemini", body)})
    _cg.report(results)
    ratio = _cg.ratios(results["anthropic -> gemini, 1,000 citations"])["whole"]
    print(f"{ratio:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
