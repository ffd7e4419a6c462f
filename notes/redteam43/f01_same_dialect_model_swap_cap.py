"""F01: Anthropic -> Anthropic with `model=` of the other thinking class: the client's max_tokens changes, unnoted.

A gateway routes an Anthropic client's body to another Claude model (translate_request's `model=`).
The client's `max_tokens` is the whole generation, thinking included (Anthropic's rule, and the one
`whole_cap_in` applies toward every other dialect). Exits 1 while the cap sent differs from the
client's and no `config.max_tokens` Adaptation says so; 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam43/f01_same_dialect_model_swap_cap.py
"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

CASES = [
    # (client body, model the gateway routes to, the cap the client asked for)
    (
        {"model": "claude-sonnet-4-5", "max_tokens": 3000, "thinking": {"type": "enabled", "budget_tokens": 2000},
         "messages": [{"role": "user", "content": "hi"}]},
        "claude-sonnet-5",
    ),
    (
        {"model": "claude-sonnet-4-5", "max_tokens": 3000, "thinking": {"type": "enabled", "budget_tokens": 2000},
         "messages": [{"role": "user", "content": "hi"}]},
        "claude-opus-4-6",
    ),
    (
        {"model": "claude-opus-4-6", "max_tokens": 3000, "thinking": {"type": "adaptive"},
         "output_config": {"effort": "max"}, "messages": [{"role": "user", "content": "hi"}]},
        "claude-sonnet-4-5",
    ),
    (
        {"model": "claude-opus-4-6", "max_tokens": 3000, "thinking": {"type": "adaptive"},
         "output_config": {"effort": "high"}, "messages": [{"role": "user", "content": "hi"}]},
        "claude-haiku-4-5-20251001",
    ),
]


def main() -> int:
    wrong = 0
    for body, model in CASES:
        asked = body["max_tokens"]
        built = lc.translate_request("anthropic", "anthropic", json.dumps(body), model=model)
        sent = json.loads(built.body)["max_tokens"]
        noted = [a for a in built.adaptations if a.field == "config.max_tokens"]
        ok = sent == asked or bool(noted)
        wrong += not ok
        # what the same body gets toward the other dialects, for comparison
        elsewhere = {}
        for dst, key, m in (("openai", "max_output_tokens", "gpt-5"), ("gemini", None, "gemini-2.5-flash")):
            other = json.loads(lc.translate_request("anthropic", dst, json.dumps(body), model=m).body)
            elsewhere[dst] = other[key] if key else other["generationConfig"]["maxOutputTokens"]
        print(f"{body['model']} -> {model}: asked max_tokens {asked}, sent {sent}"
              f" (thinking {json.loads(built.body).get('thinking')}), notes on max_tokens: {len(noted)}"
              f"; same body to {elsewhere}  {'ok' if ok else 'WRONG'}")
    print(f"{wrong} of {len(CASES)} wrong")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
