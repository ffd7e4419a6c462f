"""F06: a Responses body whose message key "phase" is spelled with a JSON escape is refused.

`"ph\u0061se"` is the same JSON object as `"phase"`; the Responses API reads both alike. The body
with the plain key goes to every destination (the phase noted and dropped, or as sent to
Responses); the same body with the escaped key is a ValidationError for every destination,
Responses -> Responses included (same on a7c46ed: the passes find "phase" by its bytes).
"""

import json
import sys

import lmcodec as lc

body = {
    "model": "gpt-5-codex",
    "input": [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Fix a.py"}]},
        {"type": "message", "role": "assistant", "id": "msg_0", "phase": "commentary",
         "content": [{"type": "output_text", "text": "Looking.", "annotations": []}]},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go on"}]},
    ],
}
plain = json.dumps(body).encode()
escaped = plain.replace(b'"phase"', b'"ph\\u0061se"')
assert json.loads(escaped) == json.loads(plain)

failed = False
for dst in ("openai", "anthropic", "openai_chat", "gemini"):
    outcomes = []
    for raw in (plain, escaped):
        try:
            lc.translate_request("openai", dst, raw, model="claude-sonnet-4-5" if dst == "anthropic" else None)
            outcomes.append("ok")
        except lc.LmcodecError as exc:
            outcomes.append(f"{type(exc).__name__}: {str(exc)[:90]}")
    print(f"openai -> {dst}: plain {outcomes[0]} | escaped {outcomes[1]}")
    failed |= outcomes[0] != outcomes[1]
sys.exit(1 if failed else 0)
