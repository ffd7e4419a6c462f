"""Round 18's shapes (replayed ids/status, reasoning status and null encrypted_content, caller /
namespace / async, program items, additional_tools, tool_search_call/output, custom_tool_call_output
blocks, call turns apart toward Chat/Anthropic) written plain and with random key/value characters
spelled as \\u00XX escapes: equal JSON, so the outcome (body, notes or error) must be equal."""
from __future__ import annotations

import json
import random
import sys

sys.path.insert(0, "notes/redteam29/probes")
from _esc import dumps  # noqa: E402

import lmcodec as lc  # noqa: E402

U = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False}]
FC = {"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}", "status": "completed"}
FCO = {"type": "function_call_output", "call_id": "c1", "output": "ok"}
MSG = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
       "content": [{"type": "output_text", "text": "hello", "annotations": [], "logprobs": []}]}
RS = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": None, "status": "completed"}
RESP = {
    "ids": {"model": "gpt-5", "tools": TOOLS, "input": [U, RS, FC, FCO, MSG, U]},
    "incomplete msg": {"model": "gpt-5", "input": [U, {**MSG, "status": "incomplete"}, U]},
    "caller program": {"model": "gpt-5", "tools": TOOLS, "input": [U, {**FC, "caller": {"type": "program", "caller_id": "p1"}}, FCO]},
    "caller direct": {"model": "gpt-5", "tools": TOOLS, "input": [U, {**FC, "caller": {"type": "direct"}, "async": False}, FCO]},
    "namespace": {"model": "gpt-5", "tools": [{"type": "namespace", "name": "crm", "description": "d", "tools": [
        {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]}],
        "input": [U, {**FC, "namespace": "crm"}, FCO]},
    "program items": {"model": "gpt-5", "input": [U, {"type": "program", "id": "p_1", "call_id": "pc1", "code": "x", "fingerprint": "fp"},
        {"type": "program_output", "id": "po_1", "call_id": "pc1", "result": "r", "status": "completed"}, U]},
    "tool search": {"model": "gpt-5", "tools": [{"type": "tool_search"}], "input": [U,
        {"type": "tool_search_call", "id": "ts_1", "call_id": "tc1", "arguments": {"q": "x"}, "execution": "server", "status": "completed"},
        {"type": "tool_search_output", "id": "tso_1", "call_id": "tc1", "execution": "server", "status": "completed", "tools": []}, U]},
    "custom output blocks": {"model": "gpt-5", "tools": [{"type": "custom", "name": "g"}], "input": [U,
        {"type": "custom_tool_call", "call_id": "k1", "name": "g", "input": "x"},
        {"type": "custom_tool_call_output", "call_id": "k1", "output": [
            {"type": "input_image", "file_id": "file_1", "detail": "low"},
            {"type": "input_file", "file_id": "file_2", "filename": "a.pdf"}]}]},
    "calls apart": {"model": "gpt-5", "tools": TOOLS, "input": [U,
        {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "e1"}, {**FC, "call_id": "c1"},
        {"type": "reasoning", "id": "rs_2", "summary": [], "encrypted_content": "e2"}, {**FC, "id": "fc_2", "call_id": "c2"},
        {"type": "function_call_output", "call_id": "c2", "output": "b"}, U, FCO]},
}
ANTH = {
    "calls as turns": {"model": "claude-x", "max_tokens": 10, "tools": [{"name": "f", "input_schema": {"type": "object"}}], "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_a", "name": "f", "input": {}}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_b", "name": "f", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_b", "content": "B"}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_a", "content": "A"}]}]},
}
SOURCES = {"openai": RESP, "anthropic": ANTH}
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
                print(f"{src}->{dst} {name}: {want[0]} {str(want[1:])[:140] if want[0] != 'ok' else ''}")
                if want[0] == "ESCAPED":
                    bad += 1
                for r in range(rounds):
                    data = dumps(body, rng, 0.4, 0.0 if r % 2 == 0 else 0.3).encode()
                    got = outcome(src, dst, data)
                    if got != want:
                        bad += 1
                        print(f"MISMATCH {src}->{dst} {name}\n  body: {data[:300]!r}\n  plain:   {str(want)[:600]}\n  escaped: {str(got)[:600]}")
                        break
    print("mismatches:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20))
