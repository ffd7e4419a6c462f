"""F02: to Chat Completions, lc.translate_request writes an assistant turn emptied of its reasoning
(a Responses reasoning item the assistant's whole turn, an Anthropic redacted_thinking-only turn) as
{"role": "assistant", "content": null} with no tool_calls. OpenAI answers 400 "Invalid value for
'content': expected a string, got null." (run-llama/llama_index#17921; the API reference: content is
required unless tool_calls is given); Mistral "Assistant message must have either content or
tool_calls" (OpenHands#8685). Toward Anthropic and Gemini the same emptied message is left out with
a `messages[i]` `dropped` note. Between a parallel call turn's results, it also splits them.

Exits 1 while a Chat body holds such a message."""

from __future__ import annotations

import json
import sys

import lmcodec as lc

REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"}
TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]


def call(i: int) -> dict:
    return {"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"}


def output(i: int) -> dict:
    return {"type": "function_call_output", "call_id": f"c{i}", "output": "r"}


CASES = {
    "Responses: a turn that is one reasoning item (an answer cut while reasoning), then the user": (
        "openai",
        {"model": "gpt-5", "input": [{"role": "user", "content": "hi"}, REASONING, {"role": "user", "content": "go on"}]},
    ),
    "Responses: a reasoning item between the outputs of a parallel call turn": (
        "openai",
        {"model": "gpt-5", "tools": TOOLS,
         "input": [{"role": "user", "content": "hi"}, call(1), call(2), output(1), REASONING, output(2)]},
    ),
    "Anthropic: an assistant turn of one redacted_thinking block": (
        "anthropic",
        {"model": "gpt-4.1", "max_tokens": 100, "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "redacted_thinking", "data": "EmwKAhgBEgy"}]},
            {"role": "user", "content": "go on"}]},
    ),
}


def problems(messages: list[dict]) -> list[str]:
    found = []
    for i, m in enumerate(messages):
        if m["role"] == "assistant" and m.get("content") is None and not m.get("tool_calls"):
            found.append(f"messages[{i}] is an assistant message with content null and no tool_calls")
        if m["role"] == "tool":
            before = messages[i - 1]
            if not (before["role"] == "tool" or (before["role"] == "assistant" and before.get("tool_calls"))):
                found.append(f"messages[{i}] (tool) does not follow an assistant message with tool_calls")
    return found


def main() -> int:
    bad = 0
    for name, (source, body) in CASES.items():
        built = lc.translate_request(source, "openai_chat", json.dumps(body).encode())
        messages = json.loads(built.body)["messages"]
        found = problems(messages)
        print(f"{name}:\n  sent  {json.dumps(messages)}")
        print(f"  notes {[(a.field, a.action) for a in built.adaptations if a.field != 'tools']}")
        for other in ("anthropic", "gemini"):
            notes = lc.translate_request(source, other, json.dumps(body).encode()).adaptations
            print(f"  to {other}: {[(a.field, a.action) for a in notes if a.field.startswith('messages')]}")
        for line in found:
            print(f"  FAIL {line}")
        bad += bool(found)
    print(f"{bad} of {len(CASES)} Chat bodies OpenAI refuses")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
