import sys, json, copy
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import compare
from openai.types.responses import Response as SDKResponse

def base(output, **kw):
    b = {"id": "resp_1", "object": "response", "created_at": 1.0, "model": "gpt-5", "status": "completed",
         "output": output, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
         "usage": {"input_tokens": 10, "output_tokens": 5, "total_tokens": 15,
                   "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}
    b.update(kw)
    return b

def msg(*content, **kw):
    m = {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed", "content": list(content)}
    m.update(kw)
    return m

def text(t="hi", annotations=(), logprobs=None):
    c = {"type": "output_text", "text": t, "annotations": list(annotations)}
    if logprobs is not None:
        c["logprobs"] = logprobs
    return c

cases = {
 "plain": base([msg(text())]),
 "refusal": base([msg({"type": "refusal", "refusal": "I can't"})]),
 "refusal_empty": base([msg({"type": "refusal", "refusal": ""})]),
 "text+refusal": base([msg(text("a"), {"type": "refusal", "refusal": "no"})]),
 "url_citation": base([msg(text("see x here", [{"type": "url_citation", "start_index": 4, "end_index": 5, "url": "https://x", "title": "X"}]))]),
 "file_citation": base([msg(text("see x", [{"type": "file_citation", "index": 4, "file_id": "file-1", "filename": "a.pdf"}]))]),
 "container_file_citation": base([msg(text("see x", [{"type": "container_file_citation", "start_index": 0, "end_index": 3, "container_id": "cntr_1", "file_id": "cfile_1", "filename": "a.csv"}]))]),
 "file_path": base([msg(text("see x", [{"type": "file_path", "index": 2, "file_id": "file-1"}]))]),
 "url_citation_bad_idx": base([msg(text("ab", [{"type": "url_citation", "start_index": 5, "end_index": 9, "url": "https://x", "title": "X"}]))]),
 "url_citation_nontitle": base([msg(text("ab", [{"type": "url_citation", "start_index": 0, "end_index": 1, "url": "https://x"}]))]),
 "logprobs": base([msg(text("hi", logprobs=[{"token": "hi", "logprob": -0.1, "bytes": [104, 105], "top_logprobs": [{"token": "hi", "logprob": -0.1, "bytes": [104, 105]}, {"token": "yo", "logprob": -2.5, "bytes": [121, 111]}]}]))]),
 "logprobs_empty_top": base([msg(text("hi", logprobs=[{"token": "hi", "logprob": -0.1, "bytes": [104, 105], "top_logprobs": []}]))]),
 "logprobs_2blocks": base([msg(text("a", logprobs=[{"token": "a", "logprob": -0.1, "bytes": [97], "top_logprobs": []}]), text("b", logprobs=[{"token": "b", "logprob": -0.2, "bytes": [98], "top_logprobs": []}]))]),
 "reasoning_enc": base([{"type": "reasoning", "id": "rs_1", "summary": [], "encrypted_content": "gAAAA"}, msg(text())]),
 "reasoning_summary": base([{"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "S1"}, {"type": "summary_text", "text": "S2"}], "encrypted_content": "gAAAA", "status": "completed"}, msg(text())]),
 "reasoning_content": base([{"type": "reasoning", "id": "rs_1", "summary": [], "content": [{"type": "reasoning_text", "text": "raw thought"}]}, msg(text())]),
 "reasoning_noid": base([{"type": "reasoning", "summary": []}, msg(text())]),
 "reasoning_only": base([{"type": "reasoning", "id": "rs_1", "summary": []}], status="incomplete", incomplete_details={"reason": "max_output_tokens"}),
 "web_search_call": base([{"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "search", "query": "q", "sources": [{"type": "url", "url": "https://x"}]}}, msg(text())]),
 "web_search_open_page": base([{"type": "web_search_call", "id": "ws_1", "status": "completed", "action": {"type": "open_page", "url": "https://x"}}, msg(text())]),
 "file_search_call": base([{"type": "file_search_call", "id": "fs_1", "status": "completed", "queries": ["q"], "results": [{"file_id": "f", "filename": "a", "score": 0.5, "text": "t", "attributes": {"k": "v"}}]}, msg(text())]),
 "computer_call": base([{"type": "computer_call", "id": "cu_1", "call_id": "call_1", "status": "completed", "action": {"type": "click", "button": "left", "x": 1, "y": 2}, "pending_safety_checks": []}]),
 "computer_call_after_text": base([msg(text()), {"type": "computer_call", "id": "cu_1", "call_id": "call_1", "status": "completed", "action": {"type": "screenshot"}, "pending_safety_checks": []}]),
 "code_interpreter_call": base([{"type": "code_interpreter_call", "id": "ci_1", "status": "completed", "code": "print(1)", "container_id": "cntr", "outputs": [{"type": "logs", "logs": "1"}]}, msg(text())]),
 "image_generation_call": base([{"type": "image_generation_call", "id": "ig_1", "status": "completed", "result": "iVBORw0KGgo="}]),
 "image_generation_call_text": base([{"type": "image_generation_call", "id": "ig_1", "status": "completed", "result": "iVBORw0KGgo="}, msg(text())]),
 "local_shell_call": base([{"type": "local_shell_call", "id": "ls_1", "call_id": "c1", "status": "completed", "action": {"type": "exec", "command": ["ls"], "env": {}}}]),
 "shell_call": base([{"type": "shell_call", "id": "sh_1", "call_id": "c1", "status": "completed", "action": {"commands": ["ls"], "timeout_ms": None, "max_output_length": None}}]),
 "apply_patch_call": base([{"type": "apply_patch_call", "id": "ap_1", "call_id": "c1", "status": "completed", "operation": {"type": "delete_file", "path": "a"}}]),
 "mcp_list_tools": base([{"type": "mcp_list_tools", "id": "ml_1", "server_label": "s", "tools": [{"name": "t", "input_schema": {}}]}, msg(text())]),
 "mcp_call": base([{"type": "mcp_call", "id": "mc_1", "server_label": "s", "name": "t", "arguments": "{}", "output": "out"}, msg(text())]),
 "mcp_call_error": base([{"type": "mcp_call", "id": "mc_1", "server_label": "s", "name": "t", "arguments": "{}", "error": "boom"}, msg(text())]),
 "mcp_approval_request": base([{"type": "mcp_approval_request", "id": "mr_1", "server_label": "s", "name": "t", "arguments": "{}"}]),
 "custom_tool_call": base([{"type": "custom_tool_call", "id": "ct_1", "call_id": "c1", "name": "apply", "input": "patch text"}]),
 "function_call": base([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{\"a\":1}", "status": "completed"}]),
 "function_call_badjson": base([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "{\"a\":", "status": "completed"}]),
 "function_call_array_args": base([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "[1,2]", "status": "completed"}]),
 "function_call_empty_args": base([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "f", "arguments": "", "status": "completed"}]),
 "function_call_noname": base([{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "", "arguments": "{}"}]),
 "function_call_no_callid": base([{"type": "function_call", "id": "fc_1", "name": "f", "arguments": "{}"}]),
 "two_calls": base([{"type": "function_call", "id": "fc_1", "call_id": "c1", "name": "f", "arguments": "{}"}, {"type": "function_call", "id": "fc_2", "call_id": "c2", "name": "g", "arguments": "{}"}]),
 "incomplete_content_filter": base([msg(text("a"))], status="incomplete", incomplete_details={"reason": "content_filter"}),
 "incomplete_max": base([msg(text("a"))], status="incomplete", incomplete_details={"reason": "max_output_tokens"}),
 "failed": base([], status="failed", error={"code": "server_error", "message": "boom"}),
 "error_null": base([msg(text())], error=None),
 "cancelled": base([msg(text("a"))], status="cancelled"),
 "queued": base([], status="queued"),
 "in_progress": base([], status="in_progress"),
 "output_text_only": base([], output_text="fallback"),
 "empty_output": base([]),
 "usage_details": base([msg(text())], usage={"input_tokens": 10, "output_tokens": 5, "total_tokens": 15, "input_tokens_details": {"cached_tokens": 3, "audio_tokens": 1, "cache_write_tokens": 2}, "output_tokens_details": {"reasoning_tokens": 2, "audio_tokens": 1}}),
 "usage_null": base([msg(text())], usage=None),
 "usage_missing_details": base([msg(text())], usage={"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}),
 "output_image_content": base([msg({"type": "output_image", "b64_json": "iVBO"})]),
 "output_audio_content": base([msg({"type": "output_audio", "audio": {"data": "UklG", "transcript": "x"}})]),
 "unknown_content": base([msg({"type": "weird", "x": 1})]),
 "unknown_item": base([{"type": "future_item", "id": "x"}, msg(text())]),
 "msg_phase": base([msg(text(), phase="final_answer")]),
 "msg_phase_commentary": base([msg(text("c"), phase="commentary"), msg(text("f"), phase="final_answer")]),
 "two_messages": base([msg(text("a")), msg(text("b"))]),
 "reasoning_summary_then_call": base([{"type": "reasoning", "id": "rs", "summary": [{"type": "summary_text", "text": "s"}]}, {"type": "function_call", "id": "fc", "call_id": "c", "name": "f", "arguments": "{}"}]),
 "text_type_text": base([msg({"type": "text", "text": "legacy"})]),
 "text_null": base([msg({"type": "output_text", "text": None, "annotations": []})]),
 "msg_content_null": base([msg()]),
 "model_missing": {k: v for k, v in base([msg(text())]).items() if k != "model"},
 "id_missing": {k: v for k, v in base([msg(text())]).items() if k != "id"},
 "tool_search_call": base([{"type": "tool_search_call", "id": "ts_1", "status": "completed", "arguments": {}, "call_id": None, "execution": "server"}, msg(text())]),
 "compaction": base([{"type": "compaction", "id": "cmp_1", "encrypted_content": "x"}, msg(text())]),
 "function_call_output_item": base([{"type": "function_call_output", "call_id": "c", "output": "x"}, msg(text())]),
}
bad = 0
for name, body in cases.items():
    d = compare("openai", body)
    if d:
        bad += 1
        print("MISMATCH", name)
        for x in d[:6]:
            print("   ", x[:400])
print(bad, "of", len(cases))
from _common import lc_parse, lm15_parse
for name, body in cases.items():
    a, b = lc_parse("openai", body), lm15_parse("openai", body)
    if isinstance(a, tuple) or isinstance(b, tuple):
        print("RAISED", name, a if isinstance(a, tuple) else "ok", "|", b if isinstance(b, tuple) else "ok")
print(json.dumps(lc_parse("openai", cases["url_citation"]))[:600])
