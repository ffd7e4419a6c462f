"""Red team 36 F02: lc.translate_request("openai", <chat|anthropic|gemini>, body) of a Responses
body with "include": [] (an SDK or client that always sends the list, empty when it asks for
nothing) returns an Adaptation extensions.include "dropped", asked [], reason "include entries ask
Responses for output of its own (); <dst> has no such request": a note that something was lost
when nothing was asked. "include": null (and no include) gives no note. rtfix38's rule: nothing
carried noted dropped, nothing dropped unnoted. The same shape in rtfix38's Anthropic system
blocks: a text block's "citations": [] (the anthropic SDK's TextBlockParam field, empty) is noted
$.system[0].citations "dropped", asked [], while "citations": null is not noted.

Exits 1 while an empty include or empty citations list is noted, 0 once neither is (as null is not).
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam36/f02_empty_include_noted_dropped.py"""
from __future__ import annotations

import json
import sys

import lmcodec as lc


def main() -> int:
    failed = 0
    for destination in ("openai_chat", "anthropic", "gemini"):
        for include in ([], None):
            body = json.dumps({"model": "gpt-4o", "input": "hi", "include": include})
            notes = [a for a in lc.translate_request("openai", destination, body).adaptations
                     if a.field == "extensions.include"]
            failed += bool(notes)
            print(f"include {include!r} -> {destination}: {[(a.action, a.asked) for a in notes]}")
    for destination in ("openai", "openai_chat", "gemini"):
        for citations in ([], None):
            system = [{"type": "text", "text": "Be terse.", "citations": citations}]
            body = json.dumps({"model": "claude-x", "max_tokens": 10, "system": system,
                               "messages": [{"role": "user", "content": "hi"}]})
            notes = [a for a in lc.translate_request("anthropic", destination, body).adaptations
                     if a.field == "$.system[0].citations"]
            failed += bool(notes)
            print(f"system citations {citations!r} -> {destination}: {[(a.action, a.asked) for a in notes]}")
    print(f"{failed} of 12 translations note an empty list that asked for nothing")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
