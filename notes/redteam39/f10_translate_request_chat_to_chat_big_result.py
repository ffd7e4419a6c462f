"""Red team 39 F10 (MEDIUM): lc.translate_request("openai_chat", "openai_chat", body) of a request
with one big tool result costs 1.67-1.69x its floor when the result is escape-heavy (100 KB -> 1 MB
of text; 1.50x -> 1.40x plain), where every other pair, Anthropic -> Anthropic and Gemini -> Gemini
included, is 1.22-1.26x (1.01-1.03x plain at 1 MB), and decode_request 1.00-1.02x.

The floor: msgspec.json.decode of the body plus msgspec.json.encode of the body translate_request
wrote (decoded into plain objects outside the count). Shape: a Chat request of one tool round whose
tool message holds 100 KB of accents, quotes, backslashes, newlines and emoji (JSON-escaped, 0.21 MB).
Exits 1 while the Chat -> Chat ratio is over 1.5x, 0 once within.
Run (about a minute): PYTHONPATH=src /work/venv/bin/python notes/redteam39/f10_translate_request_chat_to_chat_big_result.py
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _cg  # noqa: E402
import _requests as R  # noqa: E402

THRESHOLD = 1.5


def main() -> int:
    body = R.body("openai_chat", 1, 100_000, True)
    cases = {
        "openai_chat -> openai_chat, 100 KB escaped result": ("translate_request", "openai_chat", "openai_chat", [body]),
        "openai_chat -> anthropic (for contrast)": ("translate_request", "openai_chat", "anthropic", [body]),
    }
    results = _cg.measure(cases)
    _cg.report(results)
    ratio = _cg.ratios(results["openai_chat -> openai_chat, 100 KB escaped result"])["whole"]
    print(f"Chat -> Chat: {ratio:.2f}x the floor (threshold {THRESHOLD}x)")
    return 1 if ratio > THRESHOLD else 0


if __name__ == "__main__":
    sys.exit(main())
