"""F07: a structured-output schema's `description` is refused in every pair, the same dialect included.

Chat `response_format.json_schema.description` (openai SDK ResponseFormatJSONSchema.JSONSchema
.description: "A description of what the response format is for, used by the model to determine
how to respond in the format") and Responses `text.format.description`
(ResponseFormatTextJSONSchemaConfigParam.description) are valid and documented. decode_request
and translate_request refuse them ("cannot be carried by a canonical Request") for all four
destinations, Chat -> Chat and Responses -> Responses included. Exits 1 while Chat -> Chat refuses.
"""

import json
import sys

import lmcodec as lc

schema = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
chat = {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}],
        "response_format": {"type": "json_schema", "json_schema": {
            "name": "out", "description": "the answer as one field", "strict": True, "schema": schema}}}
responses = {"model": "gpt-5", "input": "hi", "text": {"format": {
    "type": "json_schema", "name": "out", "description": "the answer as one field", "strict": True, "schema": schema}}}
bad = 0
for src, body in (("openai_chat", chat), ("openai", responses)):
    for dst in ("openai_chat", "openai", "anthropic"):
        try:
            out = lc.translate_request(src, dst, json.dumps(body).encode())
            print(f"{src} -> {dst}: sent; description in body: {'the answer as one field' in out.body.decode()}")
        except lc.ValidationError as exc:
            print(f"{src} -> {dst}: REFUSED {exc}")
            bad += src == dst
if bad:
    print("FAIL: a documented schema description is refused in its own dialect")
    sys.exit(1)
print("ok")
