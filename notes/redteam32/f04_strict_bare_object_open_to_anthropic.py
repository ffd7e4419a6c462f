"""F04: translate_request from a Chat or Responses client to Anthropic, a strict function tool whose
parameters are the bare {"type": "object"} (no properties): it goes beside strict: true as it came,
without additionalProperties: false, which the Messages API's strict mode refuses ("For 'object'
type, 'additionalProperties' must be explicitly set to false", the evidence rtleft21 cites). The
same tool with {"type": "object", "properties": {}} (or none) goes closed since rtleft21, and the
anthropic SDK's own transform_schema closes both. Exits 1 while the bare object goes open."""
from __future__ import annotations

import json
import sys

import lmcodec as lc
from anthropic import transform_schema

BARE = {"type": "object"}


def sent(src: str) -> dict:
    if src == "openai":
        body = {"model": "gpt-5", "input": "hi", "tools": [{"type": "function", "name": "ping", "strict": True, "parameters": BARE}]}
    else:
        body = {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}],
                "tools": [{"type": "function", "function": {"name": "ping", "strict": True, "parameters": BARE}}]}
    out = json.loads(lc.translate_request(src, "anthropic", json.dumps(body).encode()).body)
    return out["tools"][0]


def main() -> int:
    want = transform_schema(BARE)
    bad = 0
    print("anthropic SDK transform_schema:", want)
    for src in ("openai_chat", "openai"):
        tool = sent(src)
        ok = tool.get("strict") is not True or tool["input_schema"].get("additionalProperties") is False
        print(f"{src} -> anthropic:", tool, "" if ok else "  <-- strict with an open object")
        bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
