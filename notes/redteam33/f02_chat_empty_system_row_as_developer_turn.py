"""Red team 33 F02: translate_request from a Chat Completions client whose system prompt is empty
(``{"role": "system", "content": ""}``, what a client with a blank system-prompt field sends) to
an Anthropic or Gemini backend: the empty row becomes an extra user turn holding the text
"[developer]\\n" ahead of the user's message, with no note. The other sources' empty system prompts
are left out with a note (Anthropic "system": "", Gemini systemInstruction of an empty text) or
noted as substituted (Responses).

Exits 1 while a translation adds the "[developer]" turn without a note on messages[0]; 0 once the
empty system prompt is dropped (or the change is noted).
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/f02_chat_empty_system_row_as_developer_turn.py"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

BODIES = {
    "system ''": {"model": "gpt-4.1-mini", "messages": [{"role": "system", "content": ""}, {"role": "user", "content": "hi"}]},
    "developer ''": {"model": "gpt-4.1-mini", "messages": [{"role": "developer", "content": ""}, {"role": "user", "content": "hi"}]},
    "system [{text: ''}]": {"model": "gpt-4.1-mini", "messages": [{"role": "system", "content": [{"type": "text", "text": ""}]}, {"role": "user", "content": "hi"}]},
}


def main() -> int:
    bad = 0
    for name, body in BODIES.items():
        for dst, model in (("anthropic", "claude-sonnet-4-5"), ("gemini", "gemini-2.5-flash")):
            built = lc.translate_request("openai_chat", dst, json.dumps(body).encode(), model=model)
            sent = json.loads(built.body)
            turns = sent.get("messages") or sent.get("contents")
            notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("messages[0]")]
            injected = "[developer]" in json.dumps(turns)
            bad += injected and not notes
            print(f"{name} -> {dst}: {len(turns)} turns {json.dumps(turns)[:150]} notes on messages[0]: {notes}")
    print(f"{bad} translations add an unnoted '[developer]' turn")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
