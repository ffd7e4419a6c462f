import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import compare, lc_parse, lm15_parse
P = "anthropic"
def base(content, **kw):
    b = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": content,
         "stop_reason": "end_turn", "stop_sequence": None,
         "usage": {"input_tokens": 3, "output_tokens": 2, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}}
    b.update(kw); return b
T = lambda t="hi", **kw: {"type": "text", "text": t, **kw}
cit_char = {"type": "char_location", "cited_text": "abc", "document_index": 0, "document_title": "D", "start_char_index": 0, "end_char_index": 3, "file_id": None}
cit_page = {"type": "page_location", "cited_text": "abc", "document_index": 0, "document_title": "D", "start_page_number": 1, "end_page_number": 2}
cit_block = {"type": "content_block_location", "cited_text": "abc", "document_index": 0, "document_title": None, "start_block_index": 0, "end_block_index": 1}
cit_web = {"type": "web_search_result_location", "cited_text": "abc", "encrypted_index": "EI", "title": "W", "url": "https://w"}
cit_sr = {"type": "search_result_location", "cited_text": "abc", "search_result_index": 0, "source": "https://s", "title": "S", "start_block_index": 0, "end_block_index": 0}
stu = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}}
wstr = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [{"type": "web_search_result", "url": "https://w", "title": "W", "encrypted_content": "EC", "page_age": None}]}
wstr_err = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": {"type": "web_search_tool_result_error", "error_code": "max_uses_exceeded"}}
cases = {
 "plain": base([T()]),
 "cit_char": base([T("x", citations=[cit_char])]),
 "cit_page": base([T("x", citations=[cit_page])]),
 "cit_block": base([T("x", citations=[cit_block])]),
 "cit_web": base([T("x", citations=[cit_web])]),
 "cit_search_result": base([T("x", citations=[cit_sr])]),
 "cit_multi": base([T("x", citations=[cit_char, cit_web])]),
 "cit_null": base([T("x", citations=None)]),
 "server_tool_use": base([T("a"), stu, wstr, T("b", citations=[cit_web])]),
 "web_search_error": base([stu, wstr_err, T("b")]),
 "web_fetch": base([{"type": "server_tool_use", "id": "srvtoolu_2", "name": "web_fetch", "input": {"url": "https://x"}}, {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_2", "content": {"type": "web_fetch_result", "url": "https://x", "content": {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "d"}}}}, T()]),
 "code_exec": base([{"type": "server_tool_use", "id": "srvtoolu_3", "name": "code_execution", "input": {"code": "1"}}, {"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_3", "content": {"type": "code_execution_result", "stdout": "1", "stderr": "", "return_code": 0, "content": []}}, T()]),
 "bash_code_exec": base([{"type": "server_tool_use", "id": "srvtoolu_4", "name": "bash_code_execution", "input": {"command": "ls"}}, {"type": "bash_code_execution_tool_result", "tool_use_id": "srvtoolu_4", "content": {"type": "bash_code_execution_result", "stdout": "", "stderr": "", "return_code": 0, "content": []}}, T()]),
 "mcp_tool_use": base([{"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "t", "server_name": "s", "input": {}}, {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_1", "is_error": False, "content": [{"type": "text", "text": "r"}]}, T()]),
 "container_upload": base([{"type": "container_upload", "file_id": "file_1"}, T()]),
 "thinking": base([{"type": "thinking", "thinking": "hmm", "signature": "SIG"}, T()]),
 "thinking_empty_sig": base([{"type": "thinking", "thinking": "hmm", "signature": ""}, T()]),
 "redacted_thinking": base([{"type": "redacted_thinking", "data": "ENC"}, T()]),
 "redacted_thinking_only": base([{"type": "redacted_thinking", "data": "ENC"}]),
 "thinking_then_tool": base([{"type": "thinking", "thinking": "hmm", "signature": "SIG"}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": 1}}], stop_reason="tool_use"),
 "tool_use_empty_input": base([{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}], stop_reason="tool_use"),
 "tool_use_noname": base([{"type": "tool_use", "id": "toolu_1", "name": "", "input": {}}], stop_reason="tool_use"),
 "tool_use_input_array": base([{"type": "tool_use", "id": "toolu_1", "name": "f", "input": [1]}], stop_reason="tool_use"),
 "tool_use_input_str": base([{"type": "tool_use", "id": "toolu_1", "name": "f", "input": "{\"a\":1}"}], stop_reason="tool_use"),
 "tool_use_caller": base([{"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "caller": {"type": "direct"}}], stop_reason="tool_use"),
 "container": base([T()], container={"id": "cntr_1", "expires_at": "2026-12-07T00:00:00Z", "skills": None}),
 "stop_sequence": base([T()], stop_reason="stop_sequence", stop_sequence="END"),
 "max_tokens": base([T()], stop_reason="max_tokens"),
 "refusal": base([T("")], stop_reason="refusal"),
 "refusal_empty": base([], stop_reason="refusal"),
 "pause_turn": base([stu], stop_reason="pause_turn"),
 "model_context_window_exceeded": base([T()], stop_reason="model_context_window_exceeded"),
 "stop_null": base([T()], stop_reason=None),
 "usage_full": base([T()], usage={"input_tokens": 3, "output_tokens": 2, "cache_creation_input_tokens": 5, "cache_read_input_tokens": 7, "cache_creation": {"ephemeral_5m_input_tokens": 5, "ephemeral_1h_input_tokens": 0}, "server_tool_use": {"web_search_requests": 1, "web_fetch_requests": 0}, "service_tier": "standard", "inference_geo": None}),
 "usage_nulls": base([T()], usage={"input_tokens": 3, "output_tokens": 2, "cache_creation_input_tokens": None, "cache_read_input_tokens": None}),
 "context_management": base([T()], context_management={"applied_edits": [{"type": "clear_tool_uses_20250919", "cleared_tool_uses": 1, "cleared_input_tokens": 10}]}),
 "empty_content": base([]),
 "error_env": {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}, "request_id": "req_1"},
 "unknown_block": base([{"type": "future_block", "x": 1}, T()]),
 "text_empty": base([T("")]),
 "two_texts": base([T("a"), T("b")]),
 "tool_search_tool_result": base([{"type": "server_tool_use", "id": "srvtoolu_5", "name": "tool_search_tool_regex", "input": {"query": "q"}}, {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_5", "content": {"type": "tool_search_tool_search_result", "tool_references": [{"type": "tool_reference", "tool_name": "f"}]}}, T()]),
 "text_editor_code_exec": base([{"type": "server_tool_use", "id": "srvtoolu_6", "name": "text_editor_code_execution", "input": {"command": "view", "path": "a"}}, {"type": "text_editor_code_execution_tool_result", "tool_use_id": "srvtoolu_6", "content": {"type": "text_editor_code_execution_view_result", "content": "x", "file_type": "text", "num_lines": 1, "start_line": 1, "total_lines": 1}}, T()]),
}
bad = 0
for name, body in cases.items():
    d = compare(P, body)
    if d:
        bad += 1; print("MISMATCH", name)
        for x in d[:6]: print("   ", x[:400])
    a, b = lc_parse(P, body), lm15_parse(P, body)
    if isinstance(a, tuple) or isinstance(b, tuple):
        print("RAISED", name, a if isinstance(a, tuple) else "ok", "|", b if isinstance(b, tuple) else "ok")
print(bad, "of", len(cases))
