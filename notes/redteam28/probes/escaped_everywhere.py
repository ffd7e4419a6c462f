"""translate_request over hand-made bodies of each dialect (last round's shapes: strict tools, replayed
client items, item references, MCP items, output caller/name/namespace, detail original, cache marks,
developer rows, Gemini mixed turns), each written plain and with random key and value characters
spelled as \\u00XX escapes: the JSON is equal, so the outcome (body, notes, or error) must be."""
from __future__ import annotations

import json
import random
import sys

import lmcodec as lc
from _esc import dumps

SCHEMA = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": False}
U = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
RESP = {
    "strict": {"model": "gpt-5", "input": [U], "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": True}]},
    "strict_false": {"model": "gpt-5", "input": [U], "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]},
    "itemref": {"model": "gpt-5", "input": [U, {"type": "item_reference", "id": "msg_1"}]},
    "itemref_bare": {"model": "gpt-5", "input": [U, {"id": "msg_1"}]},
    "ctrig": {"model": "gpt-5", "input": [U, {"type": "compaction_trigger"}]},
    "mcp": {"model": "gpt-5", "input": [U, {"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "s", "tools": [{"name": "t", "input_schema": {}}]},
             {"type": "mcp_call", "id": "mcp_1", "server_label": "s", "name": "t", "arguments": "{}", "output": "o"}]},
    "mcp_loop": {"model": "gpt-5", "previous_response_id": "resp_1", "input": [
        {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True}]},
    "mcp_loop_full": {"model": "gpt-5", "input": [U,
        {"type": "mcp_list_tools", "id": "mcpl_1", "server_label": "s", "tools": [{"name": "t", "input_schema": {}}]},
        {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "s", "name": "t", "arguments": "{}"},
        {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
        {"type": "mcp_call", "id": "mcp_1", "server_label": "s", "name": "t", "arguments": "{}", "output": "o", "approval_request_id": "mcpr_1"}]},
    "fco_keys": {"model": "gpt-5", "input": [U, {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "ok", "caller": {"type": "direct"}, "name": "f", "namespace": "ns"}],
        "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]},
    "reasoning_between": {"model": "gpt-5", "input": [U,
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "e1"},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
        {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "e2"},
        {"type": "function_call", "call_id": "c2", "name": "f", "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c1", "output": "a"},
        {"type": "function_call_output", "call_id": "c2", "output": "b"}],
        "tools": [{"type": "function", "name": "f", "parameters": SCHEMA, "strict": False}]},
    "outputs_only": {"model": "gpt-5", "previous_response_id": "resp_1", "input": [
        {"type": "function_call_output", "call_id": "c1", "output": "a"},
        {"type": "shell_call_output", "call_id": "s1", "output": [{"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
        {"type": "custom_tool_call_output", "call_id": "cc", "output": "done"}]},
    "detail_original": {"model": "gpt-5", "input": [{"role": "user", "content": [{"type": "input_text", "text": "see"},
        {"type": "input_image", "image_url": "https://e.x/a.png", "detail": "original"}]}]},
    "developer": {"model": "gpt-5", "input": [{"role": "developer", "content": "be brief"}, U]},
}
CHAT = {
    "developer": {"model": "gpt-4o", "messages": [{"role": "developer", "content": "be brief"}, {"role": "user", "content": "hi"}]},
    "strict": {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}], "tools": [{"type": "function", "function": {"name": "f", "parameters": SCHEMA, "strict": True}}]},
    "detail_original": {"model": "gpt-4o", "messages": [{"role": "user", "content": [{"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": "https://e.x/a.png", "detail": "original"}}]}]},
    "tools_mixed": {"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"},
        {"role": "assistant", "content": "calling", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}, {"id": "b", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "b", "content": "B"}, {"role": "user", "content": "also"}, {"role": "tool", "tool_call_id": "a", "content": "A"}],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": SCHEMA}}]},
    "cache": {"model": "gpt-4o", "messages": [{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]}]},
}
ANTH = {
    "strict": {"model": "claude-x", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}], "tools": [{"name": "f", "input_schema": SCHEMA, "strict": True}]},
    "cache": {"model": "claude-x", "max_tokens": 10, "system": [{"type": "text", "text": "s", "cache_control": {"type": "ephemeral"}}],
              "messages": [{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral", "ttl": "1h"}}]}]},
    "split_results": {"model": "claude-x", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": "t"}, {"type": "tool_use", "id": "toolu_a", "name": "f", "input": {}}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_b", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_b", "content": "B"}]},
        {"role": "user", "content": [{"type": "text", "text": "mid"}, {"type": "tool_result", "tool_use_id": "toolu_a", "content": "A"}]}],
        "tools": [{"name": "f", "input_schema": SCHEMA}]},
}
GEM = {
    "mixed": {"contents": [{"role": "user", "parts": [{"text": "hi"}]},
        {"role": "model", "parts": [{"text": "let me"}, {"functionCall": {"name": "f", "args": {}}}, {"text": "and"}, {"functionCall": {"name": "g", "args": {}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {"r": 1}}}, {"functionResponse": {"name": "g", "response": {"r": 2}}}]}],
        "tools": [{"functionDeclarations": [{"name": "f"}, {"name": "g"}]}]},
    "partfields": {"contents": [{"role": "user", "parts": [{"text": "hi", "mediaResolution": {"level": "MEDIA_RESOLUTION_LOW"}}]}],
        "systemInstruction": {"parts": [{"text": "s", "mediaResolution": {"level": "MEDIA_RESOLUTION_LOW"}}]}},
}
SOURCES = {"openai": RESP, "openai_chat": CHAT, "anthropic": ANTH, "gemini": GEM}
DESTS = ["openai", "openai_chat", "anthropic", "gemini"]


def outcome(src: str, dst: str, data: bytes) -> object:
    try:
        out = lc.translate_request(src, dst, data)
    except lc.LmcodecError as exc:
        return ("raised", type(exc).__name__, str(exc))
    except Exception as exc:  # noqa: BLE001
        return ("ESCAPED", type(exc).__name__, str(exc))
    return ("ok", json.loads(out.body), [(a.field, a.action, a.reason) for a in out.adaptations])


def main(rounds: int) -> int:
    rng = random.Random(0)
    bad = 0
    for src, table in SOURCES.items():
        for name, body in table.items():
            for dst in DESTS:
                want = outcome(src, dst, json.dumps(body).encode())
                if want[0] == "ESCAPED":
                    print(f"ESCAPED plain {src}->{dst} {name}: {want}")
                    bad += 1
                for r in range(rounds):
                    pv = 0.0 if r % 2 == 0 else 0.3
                    data = dumps(body, rng, 0.4, pv).encode()
                    got = outcome(src, dst, data)
                    if got != want:
                        bad += 1
                        if bad <= 12:
                            print(f"MISMATCH {src}->{dst} {name}\n  body: {data[:300]!r}\n  plain:   {str(want)[:500]}\n  escaped: {str(got)[:500]}")
                        break
    print("mismatches:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
