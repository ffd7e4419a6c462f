"""F01: a Responses function tool's strictness is lost to Chat and Anthropic, with no note.

Responses reads a function tool as strict unless it says `strict: false` (the README's own reason
for sending other dialects' tools to Responses with `strict: false`, listed). The openai Agents
SDK's function tools are sent with `"strict": true` (strict_json_schema=True by default). From a
Responses client, translate_request to Chat Completions (which takes `strict: true`, and whose
default is non-strict) and to Anthropic (whose ToolParam takes `strict` too) sends the tool without
the flag, and `.adaptations` says nothing, whether the client wrote `strict: true` or left it to
the API's default. The backend then no longer constrains the arguments to the schema. Chat ->
Anthropic drops the same flag *with* a note (`$.tools[0].function.strict` `dropped`). Exits 1
while the strictness goes silently.
"""

import json
import sys

import lmcodec as lc

schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
          "additionalProperties": False}
silent = 0
for label, extra in (("strict: true", {"strict": True}), ("no flag (strict by default)", {})):
    tool = {"type": "function", "name": "get_weather", "parameters": schema, **extra}
    body = {"model": "gpt-5", "input": "weather in Paris?", "tools": [tool]}
    for dst in ("openai_chat", "anthropic"):
        out = lc.translate_request("openai", dst, json.dumps(body).encode())
        sent = json.loads(out.body)["tools"][0]
        kept = sent.get("strict") is True or sent.get("function", {}).get("strict") is True
        noted = [(a.field, a.action) for a in out.adaptations if "tool" in a.field or "strict" in a.field]
        print(f"Responses {label} -> {dst}: strict sent: {kept}; notes: {noted}")
        silent += not kept and not noted
if silent:
    print(f"FAIL: {silent} translations lost the tool's strictness with no adaptation")
    sys.exit(1)
print("ok")
