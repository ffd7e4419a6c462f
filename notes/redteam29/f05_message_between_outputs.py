"""F05: a Responses history whose parallel call turn is answered with an assistant message (or a
user message and then an assistant one) between its function_call_outputs goes to Chat, Anthropic
and Gemini in an order each refuses, with no note: round 18's call-turn pass
(_crossing_call_turns) joins results across user/developer messages but stops at an assistant message
(and its `_apart` shortcut sees nothing apart in "assistant tool assistant tool").

Destination rules: Chat "An assistant message with 'tool_calls' must be followed by tool messages
responding to each 'tool_call_id'"; Anthropic "tool_use ids were found without tool_result blocks
immediately after"; Gemini "the number of function response parts should be equal to the number of
function call parts of the function call turn".

Exits 1 while a destination body breaks its rule."""

from __future__ import annotations

import json
import sys

import lmcodec as lc

TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]


def call(i: int) -> dict:
    return {"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"}


def output(i: int) -> dict:
    return {"type": "function_call_output", "call_id": f"c{i}", "output": f"r{i}"}


def said(role: str, text: str) -> dict:
    return {"role": role, "content": text}


CASES = {
    "assistant message between the outputs": [said("user", "hi"), call(1), call(2), output(1), said("assistant", "half done"), output(2)],
    "user then assistant between call and output": [said("user", "hi"), call(1), said("user", "wait"), said("assistant", "ok"), output(1)],
}


def broken(dst: str, body: dict) -> list[str]:
    """Call turns not answered in full by the next message (each destination's rule)."""
    out = []
    if dst == "openai_chat":
        msgs = body["messages"]
        for i, m in enumerate(msgs):
            ids = [c["id"] for c in m.get("tool_calls") or []]
            after = []
            for n in msgs[i + 1:]:
                if n["role"] != "tool":
                    break
                after.append(n["tool_call_id"])
            if ids and sorted(after) != sorted(ids):
                out.append(f"messages[{i}] calls {ids} answered right after by {after}")
    elif dst == "anthropic":
        msgs = body["messages"]
        for i, m in enumerate(msgs):
            ids = [b["id"] for b in m["content"] if isinstance(b, dict) and b.get("type") == "tool_use"]
            nxt = msgs[i + 1]["content"] if i + 1 < len(msgs) else []
            got = [b["tool_use_id"] for b in nxt if isinstance(b, dict) and b.get("type") == "tool_result"]
            if ids and sorted(got) != sorted(ids):
                out.append(f"messages[{i}] tool_use {ids}, next turn's tool_result {got}")
    else:
        contents = body["contents"]
        for i, c in enumerate(contents):
            calls = sum("functionCall" in p for p in c["parts"])
            nxt = contents[i + 1]["parts"] if i + 1 < len(contents) else []
            answers = sum("functionResponse" in p for p in nxt)
            if calls and answers != calls:
                out.append(f"contents[{i}] {calls} functionCall parts, next turn {answers} functionResponse parts")
    return out


def main() -> int:
    bad = 0
    for name, items in CASES.items():
        raw = json.dumps({"model": "gpt-5", "tools": TOOLS, "input": items}).encode()
        for dst in ("openai_chat", "anthropic", "gemini"):
            built = lc.translate_request("openai", dst, raw)
            found = broken(dst, json.loads(built.body))
            notes = [(a.field, a.action) for a in built.adaptations if a.field.startswith("messages")]
            print(f"{name} -> {dst}: {'FAIL ' + '; '.join(found) if found else 'ok'}  notes {notes}")
            bad += bool(found)
    print(f"{bad} bodies break the destination's rule")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
