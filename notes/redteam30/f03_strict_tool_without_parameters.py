"""F03: translate_request, a function tool flagged strict: true with no parameters (absent, or
null: the openai SDK's FunctionToolParam types `parameters` as Optional) is sent with
`"parameters": {"type": "object", "properties": {}}` and `"strict": true`: an object schema without
`additionalProperties: false`, which OpenAI refuses under strict mode ("Invalid schema for function
'now': In context=(), 'additionalProperties' is required to be supplied and to be false",
sashirestela/simple-openai#177 for a function without properties; xemantic-ai-tool-schema#37:
the schema "must either be null, or include all required properties"). Last round made
Responses -> Responses send the flag back (rtleft19), so this pair now writes it too; Chat -> Chat,
Chat -> Responses and Responses -> Chat wrote it before. The client's request was valid."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

BODIES = {
    ("openai", "absent"): {"model": "gpt-5", "input": "what time is it?", "tools": [{"type": "function", "name": "now", "strict": True}]},
    ("openai", "null"): {"model": "gpt-5", "input": "what time is it?", "tools": [{"type": "function", "name": "now", "parameters": None, "strict": True}]},
    ("openai_chat", "absent"): {"model": "gpt-4.1", "messages": [{"role": "user", "content": "what time is it?"}],
                                "tools": [{"type": "function", "function": {"name": "now", "strict": True}}]},
}


def refused_by_strict_mode(tool: dict) -> bool:
    """OpenAI's strict-mode rule on a function's parameters: null, or every object closed."""
    fn = tool.get("function", tool)
    if fn.get("strict") is not True:
        return False
    schema = fn.get("parameters")
    return schema is not None and schema.get("type") == "object" and schema.get("additionalProperties") is not False


def main() -> int:
    bad = 0
    for (src, how), body in BODIES.items():
        for dst in ("openai", "openai_chat"):
            built = lc.translate_request(src, dst, json.dumps(body))
            tool = json.loads(built.body)["tools"][0]
            refused = refused_by_strict_mode(tool)
            bad += refused
            print(f"{src:11s} -> {dst:11s} parameters {how:6s}: sent {json.dumps(tool)}  {'REFUSED by strict mode' if refused else 'ok'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
