"""F04: a Responses body whose item or tool `type` is a JSON array or object (not a string) escapes
`lc.translate_request` as a bare `TypeError: unhashable type` in every pair, Responses -> Responses included,
where `lc.decode_request` of the same body gives an lc ValidationError at its path.

Exits 1 while any of the bodies raises something other than an lc error, 0 once each is refused with one.
Run: PYTHONPATH=src python notes/redteam34/f04_responses_type_unhashable.py
"""
from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

import lmcodec as lc

TOOL = {"type": "function", "name": "get_weather", "parameters": {"type": "object", "properties": {}}, "strict": False}
BODIES = {
    "input[1].type = []": {"model": "gpt-5", "input": [
        {"role": "user", "content": "w?"},
        {"type": [], "call_id": "call_a", "name": "get_weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_a", "output": "sun"}], "tools": [TOOL]},
    "tools[0].type = {}, beside a function call": {"model": "gpt-5", "input": [
        {"role": "user", "content": "w?"},
        {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "call_a", "output": "sun"}], "tools": [{"type": {}}]},
    "tools[0].type = [], a hosted tool_choice": {"model": "gpt-5", "input": "hi", "tools": [{"type": []}],
                                                 "tool_choice": {"type": "web_search_preview"}},
}


def main() -> int:
    bad = 0
    for label, body in BODIES.items():
        raw = json.dumps(body)
        outcomes = []
        for destination in (None, "openai", "openai_chat", "anthropic", "gemini"):
            try:
                if destination is None:
                    lc.decode_request("openai", raw)
                else:
                    lc.translate_request("openai", destination, raw)
                outcomes.append(f"{destination or 'decode_request'}: a body")
            except lc.LmcodecError as e:
                outcomes.append(f"{destination or 'decode_request'}: lc {type(e).__name__} ({getattr(e, 'path', '') or str(e)[-40:]})")
            except Exception as e:  # noqa: BLE001 - what the finding is about
                bad += 1
                at = traceback.extract_tb(e.__traceback__)[-1]
                outcomes.append(f"{destination}: BARE {type(e).__name__}: {e} ({Path(at.filename).name}:{at.lineno})")
        print(label, *outcomes, sep="\n   ")
    print(f"{bad} bare exceptions")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
