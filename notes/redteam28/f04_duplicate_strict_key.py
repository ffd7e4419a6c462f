"""F04: a Responses tool written with its strict key twice, {"strict": false, "strict": true}, is
read two ways in one translation: the typed reading hands over strict: true (the last key, as
json.loads, lm15 and the API's own JSON reader take it), so Chat and Anthropic get strict: true;
but Responses -> Responses sends the tool with no strict key at all (neither value; the API then
picks strictness itself), with no note. Exits 1 while the same-dialect tool loses the flag
json.loads reads."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

BODY = (b'{"model":"gpt-5","input":[{"role":"user","content":"hi"}],"tools":[{"type":"function","name":"f",'
        b'"parameters":{"type":"object","properties":{}},"strict":false,"strict":true}]}')


def flag(dst: str, tool: dict) -> object:
    return (tool.get("function", tool)).get("strict", "(absent)")


def main() -> int:
    want = json.loads(BODY)["tools"][0]["strict"]
    print(f"json.loads reads strict = {want}")
    bad = 0
    for dst in ("openai", "openai_chat", "anthropic"):
        out = lc.translate_request("openai", dst, BODY)
        got = flag(dst, json.loads(out.body)["tools"][0])
        print(f"openai -> {dst}: strict = {got}; notes {[(a.field, a.action) for a in out.adaptations if 'tool' in a.field]}")
        if dst == "openai" and got != want:
            bad += 1
            print("FAIL: Responses -> Responses sends neither of the client's values")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
