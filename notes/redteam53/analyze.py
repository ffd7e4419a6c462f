#!/usr/bin/env python3
"""Aggregate a fuzz.py run: counts per route and result, each difference signature classified as a
documented loss (with the doc that says so), a fuzzer/reader artifact, or a finding.

    python notes/redteam53/analyze.py /tmp/rt53/cases-*.jsonl
"""

from __future__ import annotations

import collections
import json
import sys
from typing import Any

FINDING = "FINDING"


def classify(d: dict[str, Any], field: str, detail: str) -> str:
    route, src, dst = d.get("route"), d.get("src"), d.get("dst")
    if field == "order" and src == "gemini" and "'thinking', 'text', 'thinking'" in detail:
        return FINDING + " F01 gemini filler thought parts split into blocks"
    if field.startswith("usage.") and "gemini" in (src, dst):
        return "documented: writers.md usage table (Gemini candidates + thoughts, toolUsePrompt, cached)"
    if field.startswith("usage.") and "anthropic" in (src, dst):
        return "documented: writers.md usage table (Anthropic input excludes cache)"
    if field == "signature":
        if dst in ("openai_chat", "gemini", "openai") and src == "anthropic":
            return "documented: writers.md Continuation state (Chat thinking_blocks unread by decode; Gemini drops; Responses carriage)"
        if src == "openai_chat":
            return "documented: translate reads delta.thinking_blocks, decode keeps lm15's reading"
        if src == "gemini" or dst == "gemini":
            return "documented: Gemini writer drops other providers' state"
    if field == "citations" and (dst == "openai_chat" or (dst == "gemini" and route in ("translate", "encoder"))):
        return "documented: writers.md Citations (Chat leaves them out; lm15's Gemini stream reader reads no grounding)"
    if field == "logprobs" and dst == "anthropic":
        return "documented: writers.md (no logprobs on the Anthropic wire)"
    if field == "calls.id" and src == "gemini":
        return "documented: id-less Gemini calls named per destination (_gemini_call_ids)"
    if field == "sdk.call_ids" and dst == "gemini" and "None" in detail:
        return "documented: gemini writer writes an id-less call without id; assembler names it"
    if field == "request.messages" and any("dropped" in a for a in d.get("adaptations") or ()):
        return "documented: translate_request Adaptation (dropped)"
    if field == "sdk.error" and ("literal_error" in detail or "extra_forbidden" in detail):
        return "artifact: the fuzzer's strict pydantic validation of a chunk (the SDK constructs without validating)"
    if field == "order" and "cite" not in detail and detail.count("thinking") and "[] " not in detail:
        return FINDING + "? order"
    return FINDING + "? " + field


def main(paths: list[str]) -> int:
    seen: set[tuple[int, int]] = set()
    per_route: collections.Counter[tuple[str, str]] = collections.Counter()
    pairs: collections.Counter[tuple[str, str, str]] = collections.Counter()
    sigs: collections.Counter[tuple[str, ...]] = collections.Counter()
    examples: dict[tuple[str, ...], list[str]] = {}
    for p in paths:
        for line in open(p, encoding="utf-8"):
            d = json.loads(line)
            key = (d["seed"], d["index"])
            if key in seen:
                continue
            seen.add(key)
            per_route[(d.get("route"), d["result"])] += 1
            pairs[(d.get("route"), f"{d.get('src')}->{d.get('dst')}", d["result"])] += 1
            if d["result"] == "diff":
                for field, detail in d["diffs"]:
                    cls = classify(d, field, detail)
                    k = (cls, d["route"], str(d.get("src")), str(d.get("dst")), field)
                    sigs[k] += 1
                    examples.setdefault(k, []).append(f"{d['seed']}:{d['index']} {detail[:160]}")
            elif d["result"] in ("escape", "lc_error"):
                k = (FINDING + "? " + d["result"], d["route"], str(d.get("src")), str(d.get("dst")), d.get("error", "")[:90])
                sigs[k] += 1
                examples.setdefault(k, []).append(f"{d['seed']}:{d['index']} {d.get('source')}")
    print(f"cases: {len(seen)}")
    for k, v in sorted(per_route.items(), key=str):
        print(f"  {k[0]:20} {k[1]:16} {v}")
    print("\nsignatures:")
    for k, v in sorted(sigs.items(), key=lambda kv: (not kv[0][0].startswith(FINDING), kv[0])):
        print(f"{v:6}  {' | '.join(k)}")
        for e in examples[k][:2]:
            print(f"          e.g. {e}")
    if "--pairs" in sys.argv:
        for k, v in sorted(pairs.items(), key=str):
            print(k, v)
    return 0


if __name__ == "__main__":
    sys.exit(main([a for a in sys.argv[1:] if not a.startswith("--")]))
