"""F02: a Gemini client's candidateCount > 1 goes to the other dialects as a one-answer request.

Chat's `n: 2` is refused in every pair ("n other than 1 cannot be carried: a canonical Response
holds one choice", at `$.n`). The same ask in Gemini's spelling, `generationConfig.candidateCount: 2`,
is sent toward OpenAI, Chat and Anthropic as a request for one answer, noted only as
`extensions.generationConfig` `dropped` "... has no such field" (Chat has `n`). The client then reads
`candidates[1]` from an answer that has one. Exits 1 while any of the three is sent; 0 once each is
refused with a ValidationError naming `$.generationConfig.candidateCount` (or the n=2 equivalent is
carried).
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam43/f02_gemini_candidate_count_sent_as_one.py
"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

GEMINI = json.dumps({"contents": [{"role": "user", "parts": [{"text": "Two taglines, please."}]}],
                     "generationConfig": {"candidateCount": 2}})
CHAT = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "Two taglines, please."}], "n": 2})


def outcome(src: str, dst: str, body: str) -> str:
    try:
        built = lc.translate_request(src, dst, body, model="m")
    except lc.ValidationError as exc:
        return f"refused at {exc.path}"
    sent = json.loads(built.body)
    notes = [(a.field, a.action, a.reason) for a in built.adaptations if "generationConfig" in a.field]
    return f"sent {json.dumps(sent)[:90]}... notes {notes}"


def main() -> int:
    wrong = 0
    for dst in ("openai", "openai_chat", "anthropic"):
        chat = outcome("openai_chat", dst, CHAT)
        gem = outcome("gemini", dst, GEMINI)
        bad = gem.startswith("sent") and not (dst == "openai_chat" and '"n": 2' in gem)
        wrong += bad
        print(f"-> {dst}\n   Chat n=2:              {chat}\n   Gemini candidateCount=2: {gem}  {'WRONG' if bad else 'ok'}")
    print(f"{wrong} of 3 wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
