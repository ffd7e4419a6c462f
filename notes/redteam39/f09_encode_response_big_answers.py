"""Red team 39 F09 (HIGH): lc.encode_response of big answers costs 3-18x msgspec.json.encode of the
body it writes: one call of 1 MB of arguments to Responses 5.87x and to Chat 5.90x (1.01x to
Anthropic and Gemini; bytes.partition and bytes.translate over the arguments in
openai/_sse_write.settle), a Gemini answer with 1 MB of inlineData back to Gemini 5.65x (two
msgspec encodes, an untyped decode, the base64 check), a Responses answer of 500 reasoning summary
parts back to Responses 18.49x (openai/body._parse re-reads the kept response, ~5 Python steps a
part), 1,000 Anthropic citations to Gemini 7.82x (gemini/_frames.grounding_metadata), 200 parallel
calls to Responses / Chat 4.65x / 5.16x.

The floor: msgspec.json.encode of the body lc.encode_response writes, decoded into plain objects
(what writing those bytes costs an encoder that holds them). Shapes: the streams of the F01-F08
builders assembled by lc.assemble(lc.stream.decode()), outside the count.
Exits 1 while any of the three cases below is over 2x, 0 once each is within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f09_encode_response_big_answers.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

THRESHOLD = 2.0


def main() -> int:
    cases = {
        "one call of 1 MB -> openai": ("encode_response", "openai_chat", "openai", S.big_call("openai_chat", 100)),
        "inlineData 1 MB -> gemini": ("encode_response", "gemini", "gemini", S.gemini_inline("gemini", 10)),
        "500 reasoning summary parts -> openai": ("encode_response", "openai", "openai", S.responses_reasoning("openai", 10)),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    worst = max(_cg.ratios(row)["whole"] for row in results.values())
    print(f"worst: {worst:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if worst > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
