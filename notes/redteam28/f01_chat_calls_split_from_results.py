"""F01: to Chat and Anthropic, a call turn the client wrote apart from its results. To Chat, parallel calls the client wrote apart (a Responses reasoning item or message between
two function_call items; an Anthropic client's parallel tool_use blocks as consecutive assistant
turns) go as consecutive assistant messages with tool_calls, the first not followed by its tool
messages: OpenAI's Chat Completions API answers 400 "An assistant message with 'tool_calls' must
be followed by tool messages responding to each 'tool_call_id'". Gemini gets these joined
(gemturns17); Chat does not. To Chat and Anthropic, a message the client wrote between a call and
its result (a Responses message between function_call and function_call_output) stays there: Chat answers the same 400, Anthropic (which joins
consecutive user turns) "Did not find 1 tool_result block(s) at the beginning of this message".
Exits 1 while any case breaks a rule."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {}}
RT = [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]
AT = [{"name": "f", "input_schema": SCHEMA}]


def fc(c: str) -> dict:
    return {"type": "function_call", "call_id": c, "name": "f", "arguments": "{}"}


def fo(c: str) -> dict:
    return {"type": "function_call_output", "call_id": c, "output": "r" + c}


RS = {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "gAAA"}
U = {"role": "user", "content": "hi"}
MSG_BETWEEN = {"model": "gpt-5", "tools": RT, "input": [U, fc("call_a"), {"role": "user", "content": "wait, also check b"}, fo("call_a")]}
CASES = [
    ("openai", "reasoning item between parallel calls",
     {"model": "gpt-5", "tools": RT, "input": [U, {**RS, "id": "rs_1"}, fc("call_a"), RS, fc("call_b"), fo("call_a"), fo("call_b")]}),
    ("openai", "assistant message between parallel calls",
     {"model": "gpt-5", "tools": RT, "input": [U, fc("call_a"), {"role": "assistant", "content": "and"}, fc("call_b"), fo("call_a"), fo("call_b")]}),
    ("anthropic", "parallel tool_use as consecutive assistant turns",
     {"model": "claude-x", "max_tokens": 64, "tools": AT, "messages": [
         {"role": "user", "content": "hi"},
         {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_a", "name": "f", "input": {}}]},
         {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_b", "name": "f", "input": {}}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_a", "content": "A"},
                                      {"type": "tool_result", "tool_use_id": "toolu_b", "content": "B"}]}]}),
]


def chat_rule_broken(messages: list[dict]) -> str | None:
    """The Chat API's rule: an assistant message with tool_calls is followed at once by tool
    messages answering each of its ids."""
    for i, m in enumerate(messages):
        if m.get("role") != "assistant" or not m.get("tool_calls"):
            continue
        want = {c["id"] for c in m["tool_calls"]}
        k = i + 1
        while k < len(messages) and messages[k].get("role") == "tool":
            want.discard(messages[k]["tool_call_id"])
            k += 1
        if want:
            return f"messages[{i}]'s tool_calls {sorted(want)} have no tool message right after it"
    return None


def anthropic_rule_broken(messages: list[dict]) -> str | None:
    """The Messages API's rule (consecutive turns of a role joined first): the turn after one with
    tool_use blocks begins with a tool_result block for each."""
    joined: list[dict] = []
    for m in messages:
        blocks = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
        if joined and joined[-1]["role"] == m["role"]:
            joined[-1]["content"] += blocks
        else:
            joined.append({"role": m["role"], "content": list(blocks)})
    for i, m in enumerate(joined[:-1]):
        uses = [b["id"] for b in m["content"] if b.get("type") == "tool_use"]
        if not uses:
            continue
        head = []
        for b in joined[i + 1]["content"]:
            if b.get("type") != "tool_result":
                break
            head.append(b["tool_use_id"])
        if set(uses) - set(head):
            return f"turn {i + 1} does not begin with tool_result blocks for {sorted(set(uses) - set(head))}"
    return None


def main() -> int:
    bad = 0
    for src, name, body in CASES:
        out = lc.translate_request(src, "openai_chat", json.dumps(body).encode())
        messages = json.loads(out.body)["messages"]
        broken = chat_rule_broken(messages)
        roles = [(m["role"], [c["id"] for c in m.get("tool_calls") or []] or m.get("tool_call_id")) for m in messages]
        print(f"{src} -> openai_chat, {name}:\n  sent {roles}\n  notes {[(a.field, a.action) for a in out.adaptations]}")
        if broken:
            bad += 1
            print(f"  FAIL: {broken} (OpenAI answers 400)")
    for src, name, body in [("openai", "user message between a call and its output", MSG_BETWEEN)]:
        for dst, rule in (("openai_chat", chat_rule_broken), ("anthropic", anthropic_rule_broken)):
            out = lc.translate_request(src, dst, json.dumps(body).encode(), model="m")
            messages = json.loads(out.body)["messages"]
            broken = rule(messages)
            print(f"{src} -> {dst}, {name}:\n  sent {json.dumps(messages)[:400]}\n  notes {[(a.field, a.action) for a in out.adaptations]}")
            if broken:
                bad += 1
                print(f"  FAIL: {broken} (the API answers 400)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
