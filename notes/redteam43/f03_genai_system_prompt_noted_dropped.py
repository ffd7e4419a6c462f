"""F03: every google-genai client's system prompt is sent to the other dialects and also noted `dropped`.

google-genai 3.6.1 writes `system_instruction="be terse"` (a string, a list, or a Content) as
`"systemInstruction": {"parts": [{"text": "be terse"}], "role": "user"}` (captured with an httpx
MockTransport: `_sdk.gemini_body`). Toward OpenAI, Chat and Anthropic the prompt is sent, and the
result's adaptations also hold `extensions.systemInstruction` `dropped` "gemini's own wire key: the
rest was sent as the canonical fields; <dst> has no such field", `asked: {"role": "user"}`: the role
Gemini itself ignores there. Without the `role` key the same prompt gets `satisfied` ("sent as the
canonical system prompt"). Exits 1 while a `dropped` note names a system prompt that was sent; 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam43/f03_genai_system_prompt_noted_dropped.py
"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

SDK_BODY = {  # what google-genai sends for generate_content(contents="hi", config={"system_instruction": "be terse"})
    "contents": [{"parts": [{"text": "hi"}], "role": "user"}],
    "systemInstruction": {"parts": [{"text": "be terse"}], "role": "user"},
    "generationConfig": {},
}
WHERE = {"openai": "instructions", "openai_chat": "messages", "anthropic": "system"}


def main() -> int:
    wrong = 0
    for dst, key in WHERE.items():
        built = lc.translate_request("gemini", dst, json.dumps(SDK_BODY), model="m")
        body = json.loads(built.body)
        sent = "be terse" in json.dumps(body.get(key))
        if dst == "openai" and not sent:  # lm15's Responses builder writes the system prompt as an input item
            sent = "be terse" in json.dumps(body.get("input"))
        notes = [(a.field, a.action, a.reason) for a in built.adaptations if a.field == "extensions.systemInstruction"]
        bad = sent and any(action == "dropped" for _, action, _ in notes)
        wrong += bad
        print(f"gemini -> {dst}: system prompt sent: {sent}; notes: {notes}  {'WRONG' if bad else 'ok'}")
    print(f"{wrong} of {len(WHERE)} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
