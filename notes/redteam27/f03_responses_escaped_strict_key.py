"""F03: a Responses tool whose `strict` key is spelled with a \\u escape loses its flag across dialects.

`{"type": "function", "name": "f", ..., "str\\u0069ct": true}` is the same JSON object as `"strict": true`
(RFC 8259 §7; msgspec, json.loads and the Responses reader read it so: the reader accepts it and
refuses `"str\\u0069ct": "x"` at `$.tools[0].strict`). `_crossing_strict._responses_flags` looks for
the bytes `"strict"` only, so the tool counts as strict by the API's default: to Chat and
Anthropic it goes WITHOUT `strict: true` and under a note saying the client sent no flag. The
module docstring chooses this ("no SDK escapes an ASCII key"; 3db7afe), so this is a documented
trade-off, listed for coverage. Exits 1 while the flag is lost.
"""

import json
import sys

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
body = {"model": "gpt-5", "input": "hi", "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": True}]}
plain = json.dumps(body).encode()
escaped = plain.replace(b'"strict"', b'"str\\u0069ct"')
assert json.loads(plain) == json.loads(escaped)
bad = 0
for dst in ("openai_chat", "anthropic"):
    results = []
    for raw in (plain, escaped):
        out = lc.translate_request("openai", dst, raw)
        tool = json.loads(out.body)["tools"][0]
        flag = (tool.get("function") or tool).get("strict", "<absent>")
        results.append((flag, [(a.field, a.action, a.asked) for a in out.adaptations if a.field == "tools"]))
    print(f"-> {dst}: plain key {results[0]}, escaped key {results[1]}")
    if results[0] != results[1]:
        bad += 1
if bad:
    print(f"FAIL: {bad} destinations lose the escaped strict flag")
    sys.exit(1)
print("ok")
