import sys, os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check

def start(usage=None):
    u = usage or {"input_tokens": 10, "output_tokens": 1, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    return sse({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x",
            "content": [], "stop_reason": None, "stop_sequence": None, "usage": u}}, "message_start")

def bstart(i, block): return sse({"type": "content_block_start", "index": i, "content_block": block}, "content_block_start")
def delta(i, d): return sse({"type": "content_block_delta", "index": i, "delta": d}, "content_block_delta")
def bstop(i): return sse({"type": "content_block_stop", "index": i}, "content_block_stop")
def mdelta(stop="end_turn", usage=None, extra=None):
    d = {"stop_reason": stop, "stop_sequence": None}
    if extra: d.update(extra)
    return sse({"type": "message_delta", "delta": d, "usage": usage or {"output_tokens": 5}}, "message_delta")
def mstop(): return sse({"type": "message_stop"}, "message_stop")
PING = sse({"type": "ping"}, "ping")

def text_block(i, t="héllo wörld ✓"):
    return bstart(i, {"type": "text", "text": ""}) + delta(i, {"type": "text_delta", "text": t}) + bstop(i)

cases = {}
cases["ping_everywhere"] = start() + PING + text_block(0) + PING + mdelta() + PING + mstop()
cases["thinking_signature"] = start() + bstart(0, {"type": "thinking", "thinking": ""}) + delta(0, {"type": "thinking_delta", "thinking": "hmm ✓"}) + delta(0, {"type": "signature_delta", "signature": "EqQBCkYIBxgC"}) + bstop(0) + text_block(1) + mdelta() + mstop()
cases["thinking_sig_only"] = start() + bstart(0, {"type": "thinking", "thinking": "", "signature": ""}) + delta(0, {"type": "signature_delta", "signature": "EqQB"}) + bstop(0) + text_block(1) + mdelta() + mstop()
cases["redacted"] = start() + bstart(0, {"type": "redacted_thinking", "data": "EmwKAhgBEgy3"}) + bstop(0) + text_block(1) + mdelta() + mstop()
srv = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
cases["server_tool_web_search"] = (start() + bstart(0, srv) + delta(0, {"type": "input_json_delta", "partial_json": '{"query": "wea'}) + delta(0, {"type": "input_json_delta", "partial_json": 'ther"}'}) + bstop(0)
    + bstart(1, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [{"type": "web_search_result", "title": "T", "url": "https://x", "encrypted_content": "EqA", "page_age": "1 day"}]}) + bstop(1)
    + bstart(2, {"type": "text", "text": "", "citations": None})
    + delta(2, {"type": "citations_delta", "citation": {"type": "web_search_result_location", "cited_text": "sunny", "url": "https://x", "title": "T", "encrypted_index": "Eo8"}})
    + delta(2, {"type": "text_delta", "text": "It is sunny."}) + bstop(2)
    + mdelta(usage={"input_tokens": 10, "output_tokens": 50, "cache_creation_input_tokens": 3, "cache_read_input_tokens": 4, "server_tool_use": {"web_search_requests": 1, "web_fetch_requests": 0}}) + mstop())
cases["web_search_error"] = (start() + bstart(0, srv) + delta(0, {"type": "input_json_delta", "partial_json": '{"query":"q"}'}) + bstop(0)
    + bstart(1, {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": {"type": "web_search_tool_result_error", "error_code": "max_uses_exceeded"}}) + bstop(1) + mdelta() + mstop())
for kind, cit in {
    "char": {"type": "char_location", "cited_text": "a", "document_index": 0, "document_title": "D", "start_char_index": 0, "end_char_index": 1, "file_id": None},
    "page": {"type": "page_location", "cited_text": "a", "document_index": 0, "document_title": None, "start_page_number": 1, "end_page_number": 2},
    "block": {"type": "content_block_location", "cited_text": "a", "document_index": 1, "document_title": "D", "start_block_index": 0, "end_block_index": 1},
    "search": {"type": "search_result_location", "cited_text": "a", "search_result_index": 0, "source": "s", "title": "t", "start_block_index": 0, "end_block_index": 1},
    "web": {"type": "web_search_result_location", "cited_text": "a", "url": "https://u", "title": None, "encrypted_index": "E"},
}.items():
    cases[f"citation_{kind}"] = (start() + bstart(0, {"type": "text", "text": ""}) + delta(0, {"type": "text_delta", "text": "A "})
        + delta(0, {"type": "citations_delta", "citation": cit}) + delta(0, {"type": "text_delta", "text": "claim."}) + bstop(0) + mdelta() + mstop())
cases["error_midstream"] = start() + text_block(0) + sse({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}, "error")
cases["error_after_delta"] = start() + bstart(0, {"type": "text", "text": ""}) + delta(0, {"type": "text_delta", "text": "x"}) + sse({"type": "error", "error": {"type": "api_error", "message": "boom"}, "request_id": "req_1"}, "error")
cases["pause_turn"] = start() + bstart(0, srv) + delta(0, {"type": "input_json_delta", "partial_json": '{"query":"q"}'}) + bstop(0) + mdelta("pause_turn") + mstop()
cases["refusal"] = start() + text_block(0) + mdelta("refusal") + mstop()
cases["model_context_window_exceeded"] = start() + text_block(0) + mdelta("model_context_window_exceeded") + mstop()
cases["container"] = start() + text_block(0) + mdelta(extra={"container": {"id": "container_1", "expires_at": "2026-01-01T00:00:00Z"}}) + mstop()
cases["code_exec"] = (start() + bstart(0, {"type": "server_tool_use", "id": "srvtoolu_2", "name": "code_execution", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"code":"print(1)"}'}) + bstop(0)
    + bstart(1, {"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_2", "content": {"type": "code_execution_result", "stdout": "1\n", "stderr": "", "return_code": 0, "content": []}}) + bstop(1) + text_block(2) + mdelta() + mstop())
cases["bash_code_exec"] = (start() + bstart(0, {"type": "server_tool_use", "id": "srvtoolu_3", "name": "bash_code_execution", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"command":"ls"}'}) + bstop(0)
    + bstart(1, {"type": "bash_code_execution_tool_result", "tool_use_id": "srvtoolu_3", "content": {"type": "bash_code_execution_result", "stdout": "a", "stderr": "", "return_code": 0, "content": []}}) + bstop(1) + mdelta() + mstop())
cases["web_fetch"] = (start() + bstart(0, {"type": "server_tool_use", "id": "srvtoolu_4", "name": "web_fetch", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"url":"https://a"}'}) + bstop(0)
    + bstart(1, {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_4", "content": {"type": "web_fetch_result", "url": "https://a", "content": {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hi"}}, "retrieved_at": "x"}}) + bstop(1) + mdelta() + mstop())
cases["mcp"] = (start() + bstart(0, {"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "echo", "server_name": "srv", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"a":1}'}) + bstop(0)
    + bstart(1, {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_1", "is_error": False, "content": [{"type": "text", "text": "ok"}]}) + bstop(1) + mdelta() + mstop())
cases["tool_use_empty_input"] = start() + bstart(0, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}) + bstop(0) + mdelta("tool_use") + mstop()
cases["tool_use_two"] = (start() + bstart(0, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": ""}) + delta(0, {"type": "input_json_delta", "partial_json": '{"a": "é'}) + delta(0, {"type": "input_json_delta", "partial_json": '"}'}) + bstop(0)
    + bstart(1, {"type": "tool_use", "id": "toolu_2", "name": "g", "input": {}}) + delta(1, {"type": "input_json_delta", "partial_json": '{"b":[1,2]}'}) + bstop(1) + mdelta("tool_use") + mstop())
cases["usage_start_full"] = start({"input_tokens": 10, "output_tokens": 1, "cache_creation_input_tokens": 5, "cache_read_input_tokens": 6, "cache_creation": {"ephemeral_5m_input_tokens": 5, "ephemeral_1h_input_tokens": 0}, "service_tier": "standard", "server_tool_use": None}) + text_block(0) + mdelta() + mstop()
cases["stop_sequence"] = start() + text_block(0) + sse({"type": "message_delta", "delta": {"stop_reason": "stop_sequence", "stop_sequence": "END"}, "usage": {"output_tokens": 3}}, "message_delta") + mstop()
cases["no_message_stop"] = start() + text_block(0) + mdelta()
cases["unknown_event"] = start() + sse({"type": "future_event", "x": 1}, "future_event") + text_block(0) + mdelta() + mstop()
cases["unknown_delta"] = start() + bstart(0, {"type": "text", "text": ""}) + delta(0, {"type": "future_delta", "x": 1}) + delta(0, {"type": "text_delta", "text": "a"}) + bstop(0) + mdelta() + mstop()
cases["unknown_block"] = start() + bstart(0, {"type": "future_block", "x": 1}) + bstop(0) + text_block(1) + mdelta() + mstop()
cases["text_block_prefilled"] = start() + bstart(0, {"type": "text", "text": "pre-"}) + delta(0, {"type": "text_delta", "text": "x"}) + bstop(0) + mdelta() + mstop()
cases["tool_input_prefilled"] = start() + bstart(0, {"type": "tool_use", "id": "t", "name": "f", "input": {"a": 1}}) + bstop(0) + mdelta("tool_use") + mstop()
cases["index_gap"] = start() + text_block(0) + text_block(2) + mdelta() + mstop()
cases["interleaved"] = (start() + bstart(0, {"type": "text", "text": ""}) + bstart(1, {"type": "tool_use", "id": "t", "name": "f", "input": {}}) + delta(0, {"type": "text_delta", "text": "a"}) + delta(1, {"type": "input_json_delta", "partial_json": '{"x":1}'}) + delta(0, {"type": "text_delta", "text": "b"}) + bstop(0) + bstop(1) + mdelta("tool_use") + mstop())
if __name__ == "__main__":
    bad = []
    for name, body in cases.items():
        if check("anthropic", body, name):
            bad.append(name)
    print(len(cases), "cases,", len(bad), "failing:", bad)
