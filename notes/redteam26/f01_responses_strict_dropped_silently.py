"""F01: a Responses function tool's strictness is lost to Chat and Anthropic, with no note.

Responses reads a function tool as strict unless it says `strict: false` (the README's own reason
for sending other dialects' tools to Responses with `strict: false`, listed). The openai Agents
SDK's function tools are sent with `"strict": true` (strict_json_schema=True by default). From a
Responses client, translate_request to Chat Completions (which takes `strict: true`, and whose
default is non-strict) and to Anthropic (whose ToolParam takes `strict` too) sends the tool without
the flag, and `.adaptations` says nothing, whether the client wrote `strict: true` or left it to
the API's default. The backend then no longer constrains the arguments to the schema. Chat ->
Anthropic drops the same flag *with* a note (`$.tools[0].function.strict` `dropped`).

The other way round, an Anthropic client's `strict: true` tool (anthropic ToolParam.strict) goes
to Responses as `"strict": false`, under a `tools` `substituted` note whose reason says "the
client's dialect validates it loosely". Exits 1 while the strictness goes silently, or is inverted.
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
anthropic = {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": "hi"}],
             "tools": [{"name": "get_weather", "input_schema": schema, "strict": True}]}
out = lc.translate_request("anthropic", "openai", json.dumps(anthropic).encode())
inverted = json.loads(out.body)["tools"][0].get("strict") is False
print(f"Anthropic strict: true -> openai: sent strict={json.loads(out.body)['tools'][0].get('strict')}; notes: "
      f"{[(a.field, a.action) for a in out.adaptations]}")
if silent or inverted:
    print(f"FAIL: {silent} translations lost the tool's strictness with no adaptation; "
          f"Anthropic strict -> Responses inverted: {inverted}")
    sys.exit(1)
print("ok")
