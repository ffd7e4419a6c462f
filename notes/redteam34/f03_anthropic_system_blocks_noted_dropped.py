"""F03: an Anthropic client's system prompt as text blocks (the form the anthropic SDK documents for caching) is
sent to another dialect as its system prompt, and `.adaptations` also says `extensions.system` was `dropped`,
`asked` the whole prompt: a gateway that logs or refuses on dropped content reads the system prompt as lost.

Exits 1 while the finding shows, 0 once no note says the sent system prompt was dropped.
Run: PYTHONPATH=src python notes/redteam34/f03_anthropic_system_blocks_noted_dropped.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402

SENT_SYSTEM = {"openai": lambda b: b.get("instructions"),
               "openai_chat": lambda b: b["messages"][0]["content"] if b["messages"][0]["role"] == "system" else None,
               "gemini": lambda b: b.get("systemInstruction", {}).get("parts", [{}])[0].get("text")}


def main() -> int:
    bad = 0
    for system in ([{"type": "text", "text": "You are terse."}, {"type": "text", "text": "Answer in French."}],
                   [{"type": "text", "text": "You are terse.", "cache_control": {"type": "ephemeral"}}]):
        body = _sdk.anthropic_body(model="claude-sonnet-4-5", max_tokens=100, system=system,
                                   messages=[{"role": "user", "content": "hi"}])
        for destination, read in SENT_SYSTEM.items():
            built = lc.translate_request("anthropic", destination, json.dumps(body),
                                         **({"stream": False} if destination != "gemini" else {}))
            sent = read(json.loads(built.body))
            wrong = [a for a in built.adaptations if a.field == "extensions.system" and a.action == "dropped"]
            bad += bool(wrong)
            print(f"{'BAD' if wrong else 'ok '} anthropic -> {destination}: system sent as {sent!r}; "
                  f"notes {[(a.field, a.action, a.reason, a.asked) for a in wrong]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
