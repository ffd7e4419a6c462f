"""F02: an Anthropic client's tool `strict` that is not a bool is neither refused nor noted.

The anthropic SDK types `ToolParam.strict: bool` (anthropic/types/tool_param.py) and the Messages
API takes a boolean. The Chat and Responses readers refuse `strict: "true"` / `strict: 1` with
ValidationError at `$.tools[0](.function).strict`. The Anthropic reader keeps the tools as sent in
Config.extensions, and the gateway's strict pass reads only `strict is True`, while
`_crossing_strict._CARRIED_OR_NOTED` lists `strict` as carried or noted whatever its value. So
`"strict": "true"` (or 1) goes to Chat and Gemini without the flag and without a note, to Responses
as `strict: false` under a note (asked None) that says the client validates loosely, and to
Anthropic as sent (a 400 from the API). decode_request("anthropic") accepts it too.
Exits 1 while any translation to another dialect takes such a body without a ValidationError at the flag's path or a
note naming it.
"""

import json
import sys

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
bad = 0
for flag in ("true", 1):
    body = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 100,
        "messages": [{"role": "user", "content": "hi"}],
        "tools": [{"name": "f", "input_schema": SCHEMA, "strict": flag}],
    }
    raw = json.dumps(body).encode()
    for dst in ("openai_chat", "openai", "gemini", "anthropic"):
        try:
            out = lc.translate_request("anthropic", dst, raw)
        except lc.ValidationError as exc:
            print(f"strict={flag!r} -> {dst}: refused at {exc.path}")
            continue
        sent = json.loads(out.body).get("tools")
        noted = [a for a in out.adaptations if "strict" in a.field or (a.field == "tools" and a.asked)]
        print(f"strict={flag!r} -> {dst}: sent {json.dumps(sent)[:160]} notes {[(a.field, a.action, a.asked) for a in out.adaptations]}")
        if not noted and dst != "anthropic":  # (to Anthropic the body goes as sent: the API's own 400)
            bad += 1
if bad:
    print(f"FAIL: {bad} translations took a non-boolean strict flag without refusing or noting it")
    sys.exit(1)
print("ok")
