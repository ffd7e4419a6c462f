import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, translated, DIALECTS, lc, diff
U = {"role": "user", "content": "go on"}
def body(*items, **kw): return {"model": "gpt-5", "input": [{"role": "user", "content": "first"}, *items, U], **kw}
fn = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
cases = {
 "computer_call+output": body({"type": "computer_call", "id": "cu_1", "call_id": "c1", "action": {"type": "screenshot"}, "pending_safety_checks": [], "status": "completed"}, {"type": "computer_call_output", "call_id": "c1", "output": {"type": "computer_screenshot", "image_url": "data:image/png;base64,iVBO"}}, tools=[{"type": "computer_use_preview", "display_width": 1, "display_height": 1, "environment": "browser"}]),
 "local_shell+output": body({"type": "local_shell_call", "id": "ls_1", "call_id": "c1", "action": {"type": "exec", "command": ["ls"], "env": {}}, "status": "completed"}, {"type": "local_shell_call_output", "id": "c1", "output": "files"}, tools=[{"type": "local_shell"}]),
 "mcp_approval": body({"type": "mcp_approval_request", "id": "mr_1", "server_label": "s", "name": "t", "arguments": "{}"}, {"type": "mcp_approval_response", "approval_request_id": "mr_1", "approve": True}, tools=[{"type": "mcp", "server_label": "s", "server_url": "https://m"}]),
 "mcp_call_replay": body({"type": "mcp_call", "id": "mc_1", "server_label": "s", "name": "t", "arguments": "{}", "output": "mcp out text"}, tools=[{"type": "mcp", "server_label": "s", "server_url": "https://m"}]),
 "image_gen_replay": body({"type": "image_generation_call", "id": "ig_1", "status": "completed", "result": "iVBORw0KGgo="}),
 "web_search_replay": body({"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "qq"}}),
 "file_search_replay": body({"type": "file_search_call", "id": "fs_1", "status": "completed", "queries": ["qq"], "results": None}),
 "code_interp_replay": body({"type": "code_interpreter_call", "id": "ci_1", "status": "completed", "code": "print(1)", "container_id": "cntr", "outputs": None}),
 "custom_call+output": body({"type": "custom_tool_call", "call_id": "c1", "name": "raw", "input": "patch body"}, {"type": "custom_tool_call_output", "call_id": "c1", "output": "applied ok"}, tools=[{"type": "custom", "name": "raw"}]),
 "compaction_item": body({"type": "compaction", "id": "cmp_1", "encrypted_content": "ENCX"}),
 "fc_output_image": body({"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}, {"type": "function_call_output", "call_id": "c1", "output": [{"type": "input_image", "image_url": "https://x/i.png"}]}, tools=fn),
 "fc_status_id": body({"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}", "status": "completed"}, {"type": "function_call_output", "id": "fco_1", "call_id": "c1", "output": "r", "status": "completed"}, tools=fn),
 "msg_input_audio": {"model": "gpt-4o", "input": [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}}]}]},
 "msg_refusal_replay": body({"type": "message", "role": "assistant", "id": "m1", "status": "completed", "content": [{"type": "refusal", "refusal": "I refuse"}]}),
 "system_mid": body({"role": "system", "content": "mid system"}),
 "developer_first": {"model": "gpt-5", "input": [{"role": "developer", "content": "dev rules"}, U]},
 "reasoning_content_replay": body({"type": "reasoning", "id": "rs_1", "summary": [], "content": [{"type": "reasoning_text", "text": "raw thought"}], "encrypted_content": "ENC"}),
 "shell_call+output": body({"type": "shell_call", "call_id": "c1", "action": {"commands": ["ls"]}, "status": "completed"}, {"type": "shell_call_output", "call_id": "c1", "output": [{"stdout": "a", "stderr": "", "outcome": {"type": "exit", "exit_code": 0}}]}, tools=[{"type": "shell"}]),
 "apply_patch+output": body({"type": "apply_patch_call", "call_id": "c1", "operation": {"type": "delete_file", "path": "a"}, "status": "completed"}, {"type": "apply_patch_call_output", "call_id": "c1", "status": "completed", "output": "done"}, tools=[{"type": "apply_patch"}]),
}
for name, b in cases.items():
    kind, info = same_dialect("openai", b)
    out = translated("openai", "openai", b)
    self_d = "refused: " + out[1] if isinstance(out[0], str) else [x for x in diff(out[0], b) if not x.startswith("$.stream")][:3]
    print(f"{name:24s} decode/build: {kind} {str(info)[:150]}\n{'':24s} translate openai->openai: {str(self_d)[:300]}")
    for dst in DIALECTS:
        if dst == "openai": continue
        lost = silent_losses("openai", dst, b)
        if lost: print(f"     -> {dst}: {str(lost)[:300]}")
