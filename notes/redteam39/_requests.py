"""Red team 39: request bodies of each dialect: ``turns`` rounds of user text, an assistant tool call
and its result (of ``result_size`` characters, escape-heavy if asked), then a last user text."""

from __future__ import annotations

import json
from typing import Any

MODEL = {"openai": "gpt-4o", "openai_chat": "gpt-4o", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}
TOOL = {"name": "lookup", "description": "look a thing up",
        "parameters": {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}}


def result_text(size: int, escapes: bool) -> str:
    unit = 'caf\u00e9 "q" \\ line\n \U0001F600 ' if escapes else "lorem ipsum dolor sit amet "
    return (unit * (size // len(unit) + 1))[:size]


def body(dialect: str, turns: int, result_size: int = 40, escapes: bool = False) -> bytes:
    res = result_text(result_size, escapes)
    args = {"q": "the thing"}
    if dialect == "openai_chat":
        msgs: list[Any] = [{"role": "system", "content": "be brief"}]
        for i in range(turns):
            msgs.append({"role": "user", "content": f"question {i}"})
            msgs.append({"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{i}", "type": "function", "function": {"name": "lookup", "arguments": json.dumps(args)}}]})
            msgs.append({"role": "tool", "tool_call_id": f"call_{i}", "content": res})
        msgs.append({"role": "user", "content": "thanks"})
        b = {"model": MODEL[dialect], "messages": msgs, "tools": [{"type": "function", "function": TOOL}]}
    elif dialect == "openai":
        items: list[Any] = []
        for i in range(turns):
            items.append({"role": "user", "content": f"question {i}"})
            items.append({"type": "function_call", "call_id": f"call_{i}", "name": "lookup", "arguments": json.dumps(args)})
            items.append({"type": "function_call_output", "call_id": f"call_{i}", "output": res})
        items.append({"role": "user", "content": "thanks"})
        b = {"model": MODEL[dialect], "instructions": "be brief", "input": items, "tools": [{"type": "function", **TOOL}]}
    elif dialect == "anthropic":
        msgs = []
        for i in range(turns):
            msgs.append({"role": "user", "content": f"question {i}"} if i == 0 else None)
            if msgs[-1] is None:
                msgs[-1] = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{i-1}", "content": res},
                                                         {"type": "text", "text": f"question {i}"}]}
            msgs.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_{i}", "name": "lookup", "input": args}]})
        msgs.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_{turns-1}", "content": res},
                                                  {"type": "text", "text": "thanks"}]})
        b = {"model": MODEL[dialect], "max_tokens": 1024, "system": "be brief", "messages": msgs,
             "tools": [{"name": TOOL["name"], "description": TOOL["description"], "input_schema": TOOL["parameters"]}]}
    else:
        contents: list[Any] = []
        for i in range(turns):
            contents.append({"role": "user", "parts": [{"text": f"question {i}"}]})
            contents.append({"role": "model", "parts": [{"functionCall": {"name": "lookup", "args": args}}]})
            contents.append({"role": "user", "parts": [{"functionResponse": {"name": "lookup", "response": {"result": res}}}]})
        contents.append({"role": "user", "parts": [{"text": "thanks"}]})
        b = {"contents": contents, "systemInstruction": {"parts": [{"text": "be brief"}]},
             "tools": [{"functionDeclarations": [TOOL]}]}
    return json.dumps(b).encode()
