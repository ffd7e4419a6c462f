import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, DIALECTS, lc
from _sdk import anthropic_body
U = [{"role": "user", "content": "hello there"}]
tool = {"name": "get_weather", "description": "weather desc", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
B = dict(model="claude-sonnet-4-5", max_tokens=1000)
def um(*blocks): return [{"role": "user", "content": list(blocks)}]
T = {"type": "text", "text": "summarise it"}
cases = {
 "tc_none": dict(**B, messages=U, tools=[tool], tool_choice={"type": "none"}),
 "tc_any_nopar": dict(**B, messages=U, tools=[tool], tool_choice={"type": "any", "disable_parallel_tool_use": True}),
 "tc_tool_nopar": dict(**B, messages=U, tools=[tool], tool_choice={"type": "tool", "name": "get_weather", "disable_parallel_tool_use": True}),
 "tc_auto_nopar": dict(**B, messages=U, tools=[tool], tool_choice={"type": "auto", "disable_parallel_tool_use": True}),
 "doc_text": dict(**B, messages=um({"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc body text"}, "title": "Doc title", "context": "doc context", "citations": {"enabled": True}}, T)),
 "doc_content": dict(**B, messages=um({"type": "document", "source": {"type": "content", "content": [{"type": "text", "text": "chunk one"}, {"type": "text", "text": "chunk two"}]}, "title": "Chunks"}, T)),
 "doc_url": dict(**B, messages=um({"type": "document", "source": {"type": "url", "url": "https://x/a.pdf"}}, T)),
 "doc_file": dict(beta=True, **B, messages=um({"type": "document", "source": {"type": "file", "file_id": "file_abc"}}, T), betas=["files-api-2025-04-14"]),
 "doc_b64": dict(**B, messages=um({"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"}, "cache_control": {"type": "ephemeral"}}, T)),
 "image_url": dict(**B, messages=um({"type": "image", "source": {"type": "url", "url": "https://x/i.png"}}, T)),
 "image_file": dict(beta=True, **B, messages=um({"type": "image", "source": {"type": "file", "file_id": "file_img"}}, T), betas=["files-api-2025-04-14"]),
 "search_result": dict(**B, messages=um({"type": "search_result", "source": "https://s", "title": "SR title", "content": [{"type": "text", "text": "sr text"}], "citations": {"enabled": True}}, T)),
 "tool_result_search_result": dict(**B, tools=[tool], messages=U + [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "P"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "search_result", "source": "https://s", "title": "SR title", "content": [{"type": "text", "text": "sr text"}]}]}]}]),
 "tool_result_doc": dict(**B, tools=[tool], messages=U + [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "P"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "tool doc"}}]}]}]),
 "tool_result_error": dict(**B, tools=[tool], messages=U + [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "P"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "is_error": True, "content": "boom error"}]}]),
 "tool_result_empty": dict(**B, tools=[tool], messages=U + [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "P"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1"}]}]),
 "mcp_servers": dict(beta=True, **B, messages=U, mcp_servers=[{"type": "url", "url": "https://mcp.x/sse", "name": "mcpx", "authorization_token": "tok", "tool_configuration": {"enabled": True, "allowed_tools": ["t1"]}}], betas=["mcp-client-2025-04-04"]),
 "container": dict(beta=True, **B, messages=U, container="cntr_abc", tools=[{"type": "code_execution_20250825", "name": "code_execution"}], betas=["code-execution-2025-08-25"]),
 "thinking_budget": dict(model="claude-sonnet-4-5", max_tokens=20000, messages=U, thinking={"type": "enabled", "budget_tokens": 5000}),
 "thinking_interleaved": dict(model="claude-sonnet-4-5", max_tokens=20000, messages=U, thinking={"type": "enabled", "budget_tokens": 5000}, tools=[tool]),
 "thinking_disabled": dict(**B, messages=U, thinking={"type": "disabled"}),
 "top_k": dict(**B, messages=U, top_k=40),
 "top_p_temp": dict(**B, messages=U, top_p=0.9, temperature=0.5),
 "stop_sequences": dict(**B, messages=U, stop_sequences=["STOPA", "STOPB"]),
 "metadata_user": dict(**B, messages=U, metadata={"user_id": "user-42"}),
 "service_tier": dict(**B, messages=U, service_tier="standard_only"),
 "system_blocks_cache": dict(**B, messages=U, system=[{"type": "text", "text": "sys one", "cache_control": {"type": "ephemeral", "ttl": "1h"}}, {"type": "text", "text": "sys two"}]),
 "system_citations": dict(**B, messages=U, system=[{"type": "text", "text": "sys one", "citations": [{"type": "char_location", "cited_text": "c", "document_index": 0, "start_char_index": 0, "end_char_index": 1, "document_title": None}]}]),
 "tool_cache": dict(**B, messages=U, tools=[{**tool, "cache_control": {"type": "ephemeral"}}]),
 "tool_strict": dict(**B, messages=U, tools=[{**tool, "strict": True}]),
 "tool_input_examples": dict(beta=True, **B, messages=U, tools=[{**tool, "input_examples": [{"city": "Paris"}]}], betas=["advanced-tool-use-2025-11-20"]),
 "tool_defer_loading": dict(beta=True, **B, messages=U, tools=[{**tool, "defer_loading": True}, {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}], betas=["advanced-tool-use-2025-11-20"]),
 "tool_allowed_callers": dict(beta=True, **B, messages=U, tools=[{**tool, "allowed_callers": ["code_execution_20250825"]}, {"type": "code_execution_20250825", "name": "code_execution"}], betas=["advanced-tool-use-2025-11-20"]),
 "web_search_opts": dict(**B, messages=U, tools=[{"type": "web_search_20250305", "name": "web_search", "max_uses": 3, "allowed_domains": ["a.com"], "user_location": {"type": "approximate", "city": "Paris", "country": "FR"}}]),
 "web_fetch": dict(beta=True, **B, messages=U, tools=[{"type": "web_fetch_20250910", "name": "web_fetch", "max_uses": 2}], betas=["web-fetch-2025-09-10"]),
 "memory_tool": dict(beta=True, **B, messages=U, tools=[{"type": "memory_20250818", "name": "memory"}], betas=["context-management-2025-06-27"]),
 "context_management": dict(beta=True, **B, messages=U, context_management={"edits": [{"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 30000}}]}, betas=["context-management-2025-06-27"]),
 "output_format": dict(beta=True, **B, messages=U, output_format={"type": "json_schema", "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}}, betas=["structured-outputs-2025-11-13"]),
 "output_config_effort": dict(beta=True, model="claude-opus-4-5", max_tokens=1000, messages=U, output_config={"effort": "low"}, betas=["effort-2025-11-24"]),
 "inference_geo": dict(**B, messages=U, extra_body={"inference_geo": "us"}),
 "user_image_cache_tool_result_image": dict(**B, tools=[tool], messages=U + [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {"city": "P"}}]}, {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "look"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}]}]}]),
 "assistant_str": dict(**B, messages=U + [{"role": "assistant", "content": "prior answer"}, {"role": "user", "content": "more"}]),
 "consecutive_users": dict(**B, messages=[{"role": "user", "content": "one"}, {"role": "user", "content": "two"}]),
 "text_with_citations_replay": dict(**B, messages=U + [{"role": "assistant", "content": [{"type": "text", "text": "cited", "citations": [{"type": "web_search_result_location", "cited_text": "c", "encrypted_index": "e", "title": "t", "url": "https://u"}]}]}, {"role": "user", "content": "more"}]),
}
for name, params in cases.items():
    try:
        body = anthropic_body(**params)
    except Exception as exc:
        print(f"{name:28s} SDK refused: {exc!r}"[:200]); continue
    kind, info = same_dialect("anthropic", body)
    print(f"{name:28s} same: {kind} {('OK' if not info else info[:4]) if kind=='built' else info}")
    for dst in DIALECTS:
        if dst == "anthropic": continue
        lost = silent_losses("anthropic", dst, body)
        if lost: print(f"     -> {dst}: {lost}")
