"""F02: to Anthropic and Responses a call id that repeats an earlier one is renamed (README), but
not when the client speaks the backend's own dialect: a conversation whose earlier turns went to a
backend that repeats ids (a Chat server counting call_0 afresh each turn; a Gemini backend, whose
id-less calls Responses clients get as tool_call_<slot>) and then to the client's own dialect
(failover, a routing change) reaches Anthropic with repeated tool_use ids ("tool_use ids must be
unique") and OpenAI with repeated function_call call_ids ("Duplicate function_call_output").

The real SDK clients (anthropic, openai Responses) over the gateway of _loop.py, whole and streamed;
the crossing pairs (Chat client to Anthropic, Anthropic client to Responses) are the controls.
Exits 1 while a same-dialect request keeps a repeat, 0 once fixed."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _loop as L  # noqa: E402

CASES = [  # client, route of the turns, what the last backend must not get twice
    ("anthropic", ("openai_chat", "openai_chat", "anthropic"), "tool_use ids repeat"),
    ("openai", ("openai_chat", "openai_chat", "openai"), "call_ids repeat"),
    ("openai", ("gemini", "gemini", "openai"), "call_ids repeat"),
]
CONTROLS = [
    ("openai_chat", ("openai_chat", "openai_chat", "anthropic"), "tool_use ids repeat"),
    ("anthropic", ("openai_chat", "openai_chat", "openai"), "call_ids repeat"),
]
wrong = 0
for group, cases in (("finding", CASES), ("control", CONTROLS)):
    for src, route, word in cases:
        for stream in (False, True):
            r = L.run(src, route, stream, plan=(2, 2, 0), reuse_ids=True)
            hits = [p for p in r.problems if word in p]
            print(f"{group}: {'stream' if stream else 'whole '} {src} via {'->'.join(route)}: "
                  f"{hits[0] if hits else 'held'}")
            wrong += bool(hits) and group == "finding"
            if hits and group == "control":
                print("  (a control failed: the harness, not the finding)")
                sys.exit(2)
print(f"{wrong} of {2 * len(CASES)} same-dialect runs send repeated ids")
sys.exit(1 if wrong else 0)
