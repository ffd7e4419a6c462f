"""Responses -> Responses with the passes combined: client-run items and their outputs, compaction,
listed keys (function_call_output id/status, reasoning content), custom tool calls, phases, hosted
items, SDK file/image blocks, in random order and positions. Where each item alone goes back as
sent, the mix must go back as sent too (same items, same order)."""

from __future__ import annotations

import json
import random
import sys

import lmcodec as lc

U = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
ITEMS = {
    "user": U,
    "file": {"role": "user", "content": [{"type": "input_file", "file_id": "file_1", "filename": "a.pdf"}]},
    "image": {"role": "user", "content": [{"type": "input_image", "file_id": "file_2", "detail": "high"}]},
    "phase": {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "phase": "commentary",
              "content": [{"type": "output_text", "text": "working", "annotations": []}]},
    "fc": {"type": "function_call", "call_id": "call_f", "name": "f", "arguments": "{}"},
    "fco": {"type": "function_call_output", "call_id": "call_f", "output": "ok", "id": "fco_1", "status": "completed"},
    "custom": {"type": "custom_tool_call", "call_id": "call_c", "name": "apply_patch", "input": "*** Begin Patch"},
    "custom_out": {"type": "custom_tool_call_output", "call_id": "call_c", "output": "done"},
    "cc": {"type": "computer_call", "id": "cu_1", "call_id": "cc1", "action": {"type": "screenshot"}, "pending_safety_checks": [], "status": "completed"},
    "cco": {"type": "computer_call_output", "call_id": "cc1", "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,iVBORw0KGgo="}},
    "sh": {"type": "shell_call", "id": "sh_1", "call_id": "s1", "action": {"commands": ["ls"]}, "status": "completed"},
    "sho": {"type": "shell_call_output", "call_id": "s1", "output": [{"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
    "compaction": {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAA"},
    "rs": {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "enc", "content": [{"type": "reasoning_text", "text": "t"}]},
    "ws": {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q"}},
    "mcp_req": {"type": "mcp_approval_request", "id": "mcpr_1", "server_label": "s", "name": "t", "arguments": "{}"},
    "mcp_resp": {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
}
TOOLS = [
    {"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}, "strict": False},
    {"type": "custom", "name": "apply_patch"},
    {"type": "web_search"},
]


def go(items: list[dict]) -> tuple[str, object]:
    body = {"model": "gpt-5", "input": items, "tools": TOOLS}
    try:
        out = lc.translate_request("openai", "openai", json.dumps(body).encode())
    except lc.LmcodecError as exc:
        return "raised", str(exc)[:160]
    except Exception as exc:  # noqa: BLE001
        return "ESCAPED", f"{type(exc).__name__}: {exc}"
    return "ok", json.loads(out.body)["input"]


def main(n: int, seed: int) -> int:
    alone_ok = [k for k, v in ITEMS.items() if go([U, v]) == ("ok", [U, v])]
    print("alone as sent:", alone_ok, "not:", [k for k in ITEMS if k not in alone_ok])
    rng = random.Random(seed)
    bad = 0
    for _ in range(n):
        keys = [rng.choice(alone_ok) for _ in range(rng.randint(2, 9))]
        items = [ITEMS[k] for k in keys]
        kind, got = go(items)
        if kind != "ok" or got != items:
            bad += 1
            if bad <= 5:
                print(f"MISMATCH {keys}: {kind} {json.dumps(got)[:600]}")
    print(f"{n} mixes, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
