"""Red team 37 F02: lc.translate_request("openai", "anthropic", body) of a Responses body asking for
logprobs (include ["message.output_text.logprobs"], top_logprobs 3) notes the include entry and
top_logprobs "substituted": "the logprobs request ..., sent as anthropic's", applied
{"logprobs": 3}, while the same result's config.logprobs note says "dropped: the Messages API does
not expose token log probabilities" and the body holds no logprobs. One request, two notes that
contradict each other; the substituted ones claim something was sent that was not. rtfix38's rule
(providers/_crossing_carried_keys.py): nothing dropped noted carried, nothing carried noted dropped.
Toward Chat and Gemini the same notes are true (logprobs/top_logprobs, responseLogprobs/logprobs
are in the body).

Exits 1 while a note on extensions.include or extensions.top_logprobs says substituted toward a
body that carries no logprobs request, 0 once such notes say dropped (or are left to the
config.logprobs note). Run:
PYTHONPATH=src /work/venv/bin/python notes/redteam37/f02_include_logprobs_noted_sent_to_anthropic.py"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

CASES = {
    "include + top_logprobs": {"model": "gpt-5", "input": "hi", "include": ["message.output_text.logprobs"], "top_logprobs": 3},
    "include two entries + top_logprobs": {"model": "gpt-5", "input": "hi", "top_logprobs": 3,
                                           "include": ["reasoning.encrypted_content", "message.output_text.logprobs"]},
    "include alone": {"model": "gpt-5", "input": "hi", "include": ["message.output_text.logprobs"]},
}


def main() -> int:
    bad = 0
    for name, body in CASES.items():
        built = lc.translate_request("openai", "anthropic", json.dumps(body))
        sent = json.loads(built.body)
        claims = [a for a in built.adaptations
                  if a.field in ("extensions.include", "extensions.top_logprobs") and a.action != "dropped"]
        dropped = [a for a in built.adaptations if a.field == "config.logprobs" and a.action == "dropped"]
        wrong = bool(claims) and "logprobs" not in sent
        bad += wrong
        print(f"{name}: body keys {sorted(sent)}")
        for note in claims + dropped:
            print(f"   {note.field} {note.action} applied={note.applied!r}: {note.reason[:100]}")
    print(f"{bad} of {len(CASES)} requests note the logprobs request sent to Anthropic, which takes none")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
