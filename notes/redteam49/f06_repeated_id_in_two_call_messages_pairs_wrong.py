"""F06: a call id repeated in two assistant messages before the results (a Responses turn
``function_call c1, message, function_call c1, output, output``; a Chat history with two assistant
rows then two tool rows) is renamed by rtfix53's ``unique_tool_ids_out`` so that *both* outputs
answer the renamed second call: ``c1`` is left with no output and ``c1_2`` has two. The Responses
API refuses that ("No tool output found for function call c1"), Anthropic too (a tool_use without
its tool_result). Results answer "the nearest message's calls" (``answering`` is replaced per
message), where the client pairs each output with the earliest unanswered call of its id.
Exits 1 while a route leaves a call without exactly one output; 0 once each call has its own."""
from __future__ import annotations

import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

CHAT = {"model": "gpt-4o", "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"n\":1}"}}]},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"n\":2}"}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "r1"},
            {"role": "tool", "tool_call_id": "c1", "content": "r2"}]}
RESPONSES = {"model": "gpt-5", "tools": [{"type": "function", "name": "f", "parameters": {"type": "object"}}],
             "input": [
                 {"role": "user", "content": "hi"},
                 {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{\"n\":1}"},
                 {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "and"}]},
                 {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{\"n\":2}"},
                 {"type": "function_call_output", "call_id": "c1", "output": "r1"},
                 {"type": "function_call_output", "call_id": "c1", "output": "r2"}]}


def calls_and_results(dst: str, body: dict) -> tuple[list[str], list[str]]:
    if dst == "openai":
        items = body["input"]
        return ([i["call_id"] for i in items if i.get("type") == "function_call"],
                [i["call_id"] for i in items if i.get("type") == "function_call_output"])
    blocks = [c for m in body["messages"] if isinstance(m["content"], list) for c in m["content"]]
    return ([c["id"] for c in blocks if c["type"] == "tool_use"],
            [c["tool_use_id"] for c in blocks if c["type"] == "tool_result"])


def main() -> int:
    wrong = 0
    for src, body in (("openai_chat", CHAT), ("openai", RESPONSES)):
        for dst in ("openai", "anthropic"):
            built = json.loads(lc.translate_request(src, dst, json.dumps(body).encode()).body)
            calls, results = calls_and_results(dst, built)
            bad = sorted(calls) != sorted(results)
            wrong += bad
            print(f"{src} -> {dst}: calls {calls}, results {results}" + ("  UNPAIRED" if bad else ""))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
