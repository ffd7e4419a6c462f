"""F02: Client-run tool loops cannot go Responses -> Responses: the calls' outputs are refused.

The stream and body writers hand a Responses client the items it runs itself (computer_call,
shell_call, local_shell_call, apply_patch_call, mcp_approval_request: docs/writers.md, "Output
items lm15 does not read"), and translate_request carries their tools to a Responses backend. The
client's next turn answers them with the openai SDK's input items (ResponseInputItemParam:
ComputerCallOutput, ShellCallOutput, LocalShellCallOutput, ApplyPatchCallOutput,
McpApprovalResponse), alone after previous_response_id or after the replayed call item
(`input += response.output`). translate_request("openai", "openai", ...) refuses every one:
"an input item of type '...' cannot be carried by a canonical Request". The loop stops at its
second turn, through a gateway that delivered the first. (custom_tool_call and its output, the
Codex loop, are carried as sent.) Exits 1 while any output item is refused to Responses.
"""

import json
import sys

import lmcodec as lc

outputs = {
    "computer_call_output": {"type": "computer_call_output", "call_id": "call_1",
                             "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,iVBO"}},
    "shell_call_output": {"type": "shell_call_output", "call_id": "call_1",
                          "output": [{"stdout": "a.txt", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]},
    "local_shell_call_output": {"type": "local_shell_call_output", "id": "call_1", "output": "a.txt"},
    "apply_patch_call_output": {"type": "apply_patch_call_output", "call_id": "call_1", "status": "completed"},
    "mcp_approval_response": {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
    "custom_tool_call_output (control)": {"type": "custom_tool_call_output", "call_id": "call_1", "output": "ok"},
}
replayed = {
    "computer_call": {"type": "computer_call", "id": "cu_1", "call_id": "call_1", "status": "completed",
                      "action": {"type": "screenshot"}, "pending_safety_checks": []},
    "shell_call": {"type": "shell_call", "call_id": "call_1", "status": "completed", "action": {"commands": ["ls"]}},
}
refused = 0
for name, item in outputs.items():
    body = {"model": "gpt-5", "previous_response_id": "resp_1", "input": [item]}
    try:
        lc.translate_request("openai", "openai", json.dumps(body).encode())
        print(f"{name}: sent")
    except lc.ValidationError as exc:
        print(f"{name}: REFUSED {exc}")
        refused += 1
for name, item in replayed.items():
    answer = outputs[f"{name}_output"]
    body = {"model": "gpt-5", "input": [{"role": "user", "content": "list files"}, item, answer]}
    try:
        lc.translate_request("openai", "openai", json.dumps(body).encode())
        print(f"replayed {name} + output: sent")
    except lc.ValidationError as exc:
        print(f"replayed {name} + output: REFUSED {exc}")
        refused += 1
if refused:
    print(f"FAIL: {refused} client-run tool turns refused Responses -> Responses")
    sys.exit(1)
print("ok")
