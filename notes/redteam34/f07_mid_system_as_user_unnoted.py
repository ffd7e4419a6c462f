"""F07: a Chat client's system message after the first turn (or a Responses developer item later in the input)
goes to Anthropic and Gemini as a user turn "[developer]\\n..." (lm15's builders), with no Adaptation: the
gateway's record does not say an instruction was demoted to the user's voice.

Exits 1 while a destination body holds the "[developer]" user text with no note at that message, 0 once each
such change is listed (or the instruction is sent as one).
Run: PYTHONPATH=src python notes/redteam34/f07_mid_system_as_user_unnoted.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402


def main() -> int:
    bad = 0
    chat = _sdk.chat_body(model="gpt-4o", messages=[
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello."},
        {"role": "system", "content": "From now on answer in French."},
        {"role": "user", "content": "how are you?"}])
    responses = _sdk.responses_body(model="gpt-5", instructions="You are terse.", input=[
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "Hello."},
        {"role": "developer", "content": "From now on answer in French."},
        {"role": "user", "content": "how are you?"}])
    for source, body in (("openai_chat", chat), ("openai", responses)):
        for destination in ("anthropic", "gemini"):
            built = lc.translate_request(source, destination, json.dumps(body))
            text = built.body.decode() if isinstance(built.body, bytes) else str(built.body)
            demoted = "[developer]" in text
            noted = [a for a in built.adaptations if a.field.startswith("messages[")]
            wrong = demoted and not noted
            bad += wrong
            turns = json.loads(text).get("messages") or json.loads(text).get("contents")
            print(f"{'BAD' if wrong else 'ok '} {source} -> {destination}: turns {json.dumps(turns)[:260]}; "
                  f"message notes {[(a.field, a.action) for a in noted]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
