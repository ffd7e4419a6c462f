"""google-genai (its pydantic types, extra keys forbidden) must accept every Gemini body the gateway
writes: the random tool loops of gemini_turns_fuzz and the hand-made bodies of escaped_everywhere,
each dialect to Gemini: contents as types.Content, tools as types.Tool, systemInstruction as
types.Content, generationConfig as types.GenerationConfig."""
from __future__ import annotations

import json
import random
import sys

import lmcodec as lc
from google.genai import types

from escaped_everywhere import SOURCES
from gemini_turns_fuzz import anthropic, chat, responses


def check(body: dict) -> str | None:
    try:
        for c in body.get("contents", []):
            types.Content.model_validate(c)
        for t in body.get("tools", []):
            types.Tool.model_validate(t)
        if "systemInstruction" in body:
            types.Content.model_validate(body["systemInstruction"])
        if "generationConfig" in body:
            types.GenerationConfig.model_validate(body["generationConfig"])
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {str(exc)[:300]}"
    return None


def main(n: int) -> int:
    rng = random.Random(1)
    bad = tried = 0
    bodies = []
    for k in range(n):
        src, make = [("openai", responses), ("anthropic", anthropic), ("openai_chat", chat)][k % 3]
        bodies.append((src, make(rng)[0]))
    for src, table in SOURCES.items():
        for body in table.values():
            bodies.append((src, json.dumps(body).encode()))
    for src, data in bodies:
        try:
            out = lc.translate_request(src, "gemini", data, model="gemini-2.5-flash")
        except lc.LmcodecError:
            continue
        tried += 1
        why = check(json.loads(out.body))
        if why:
            bad += 1
            if bad <= 5:
                print(f"REFUSED by google-genai ({src}): {why}\n  {out.body[:300]!r}")
    print(f"{tried} Gemini bodies, {bad} refused by google-genai's types")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
