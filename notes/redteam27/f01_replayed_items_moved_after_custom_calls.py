"""F01: Responses -> Responses moves a replayed item after the client's custom tool calls.

A Codex-style body replays, in order, a client-run or hosted item (shell_call + shell_call_output,
computer_call, local_shell_call, mcp_approval_request, compaction, web_search_call) and THEN a
custom tool call (apply_patch's custom_tool_call + custom_tool_call_output), with no built item
between them (a reasoning item before them, a user message after them do not help). The
common shape is a reasoning model's parallel calls: [reasoning, local_shell_call,
custom_tool_call, local_shell_call_output, custom_tool_call_output]. lc.translate_request("openai", "openai", body) sends the custom call
and its output FIRST and the earlier item after them: the conversation's order is changed, with
no adaptation note. The same items alone, or with a built item (a reasoning item, a message, a
function call) between them, go back in their order. rtfix29b's claim is "to Responses each item
goes back as sent, in place". (The hosted web_search_call case is older: bf98580 does the same;
rtfix29b extended it to every client-run item and compaction.)
Exits 1 while any listed body is reordered.
"""

import json
import sys

import lmcodec as lc

USER = {"role": "user", "content": [{"type": "input_text", "text": "fix the bug"}]}
PATCH = {"type": "custom_tool_call", "call_id": "call_p", "name": "apply_patch", "input": "*** Begin Patch\n*** End Patch"}
PATCH_OUT = {"type": "custom_tool_call_output", "call_id": "call_p", "output": "Done!"}
SHELL = {"type": "shell_call", "id": "sh_1", "call_id": "call_s", "action": {"commands": ["ls"]}, "status": "completed"}
SHELL_OUT = {"type": "shell_call_output", "call_id": "call_s",
             "output": [{"stdout": "a.py", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]}
LOCAL = {"type": "local_shell_call", "id": "lsh_1", "call_id": "call_l",
         "action": {"type": "exec", "command": ["ls"], "env": {}}, "status": "completed"}
LOCAL_OUT = {"type": "local_shell_call_output", "id": "call_l", "output": "a.py"}
COMPUTER = {"type": "computer_call", "id": "cu_1", "call_id": "call_c", "action": {"type": "screenshot"},
            "pending_safety_checks": [], "status": "completed"}
SEARCH = {"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q"}}
COMPACTION = {"type": "compaction", "id": "cmp_1", "encrypted_content": "gAAAA"}
REASONING = {"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA-r"}
NEXT = {"role": "user", "content": [{"type": "input_text", "text": "and the tests?"}]}
TOOLS = [
    {"type": "custom", "name": "apply_patch"},
    {"type": "shell"},
    {"type": "local_shell"},
    {"type": "web_search"},
]
BODIES = {
    "parallel calls (reasoning, local_shell_call, apply_patch, their outputs)":
        [USER, REASONING, LOCAL, PATCH, LOCAL_OUT, PATCH_OUT],
    "parallel calls (reasoning, shell_call, apply_patch, their outputs)":
        [USER, REASONING, SHELL, PATCH, SHELL_OUT, PATCH_OUT],
    "shell_call, apply_patch, then a user message": [USER, SHELL, SHELL_OUT, PATCH, PATCH_OUT, NEXT],
    "shell_call, then apply_patch": [USER, SHELL, SHELL_OUT, PATCH, PATCH_OUT],
    "local_shell_call, then apply_patch": [USER, LOCAL, LOCAL_OUT, PATCH, PATCH_OUT],
    "computer_call, then apply_patch": [USER, COMPUTER, PATCH, PATCH_OUT],
    "web_search_call, then apply_patch": [USER, SEARCH, PATCH, PATCH_OUT],
    "compaction, then apply_patch": [USER, COMPACTION, PATCH, PATCH_OUT],
    "apply_patch call, a shell_call (parallel), the patch's output": [USER, PATCH, SHELL, PATCH_OUT, SHELL_OUT],
    "after previous_response_id: the parallel calls' outputs": [SHELL_OUT, PATCH_OUT],
}


def kinds(items):
    return [item.get("type", item.get("role")) for item in items]


bad = 0
for name, items in BODIES.items():
    body = {"model": "gpt-5-codex", "input": items, "tools": TOOLS}
    if items[0] is not USER:  # (outputs alone: the stateful loop)
        body["previous_response_id"] = "resp_1"
    try:
        out = lc.translate_request("openai", "openai", json.dumps(body).encode())
    except lc.LmcodecError as exc:
        print(f"{name}: refused ({type(exc).__name__}: {exc})")
        continue
    sent = json.loads(out.body)["input"]
    if sent == items:
        print(f"{name}: as sent")
        continue
    bad += 1
    notes = [(a.field, a.action) for a in out.adaptations]
    print(f"{name}: client order {kinds(items)}\n    sent order {kinds(sent)}  notes {notes}")
if bad:
    print(f"FAIL: {bad} bodies reordered")
    sys.exit(1)
print("ok")
