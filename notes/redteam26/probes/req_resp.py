import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, DIALECTS, lc
from _sdk import responses_body
I = "hello there"
fn = {"type": "function", "name": "get_weather", "description": "weather desc", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": False}, "strict": True}
B = dict(model="gpt-5")
cases = {
 "include": dict(**B, input=I, include=["reasoning.encrypted_content", "web_search_call.action.sources", "message.output_text.logprobs"]),
 "reasoning_summary": dict(**B, input=I, reasoning={"effort": "high", "summary": "detailed"}),
 "reasoning_summary_auto": dict(**B, input=I, reasoning={"summary": "auto"}),
 "reasoning_generate_summary": dict(**B, input=I, reasoning={"effort": "low", "generate_summary": "concise"}),
 "text_format_schema": dict(**B, input=I, text={"format": {"type": "json_schema", "name": "out_s", "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}, "strict": True, "description": "desc out"}, "verbosity": "low"}),
 "text_format_json_object": dict(**B, input=I, text={"format": {"type": "json_object"}}),
 "text_verbosity": dict(**B, input=I, text={"verbosity": "high"}),
 "previous_response_id": dict(**B, input=I, previous_response_id="resp_prev"),
 "conversation": dict(**B, input=I, conversation="conv_123"),
 "conversation_obj": dict(**B, input=I, conversation={"id": "conv_123"}),
 "truncation": dict(**B, input=I, truncation="auto"),
 "prompt_cache_key": dict(**B, input=I, prompt_cache_key="pck-1", safety_identifier="safe-1"),
 "prompt_cache_retention": dict(**B, input=I, prompt_cache_retention="24h"),
 "max_tool_calls": dict(**B, input=I, tools=[fn], max_tool_calls=3),
 "top_logprobs": dict(**B, input=I, top_logprobs=5),
 "background": dict(**B, input=I, background=True),
 "store_false": dict(**B, input=I, store=False),
 "metadata": dict(**B, input=I, metadata={"k": "v1"}),
 "service_tier": dict(**B, input=I, service_tier="flex"),
 "max_output_tokens": dict(**B, input=I, max_output_tokens=500),
 "instructions": dict(**B, input=I, instructions="be brief please"),
 "user": dict(**B, input=I, user="user-42"),
 "parallel_false": dict(**B, input=I, tools=[fn], parallel_tool_calls=False),
 "tc_required": dict(**B, input=I, tools=[fn], tool_choice="required"),
 "tc_named": dict(**B, input=I, tools=[fn], tool_choice={"type": "function", "name": "get_weather"}),
 "tc_hosted": dict(**B, input=I, tools=[{"type": "web_search"}], tool_choice={"type": "web_search_preview"}),
 "tc_allowed": dict(**B, input=I, tools=[fn], tool_choice={"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "get_weather"}]}),
 "tc_mcp": dict(**B, input=I, tools=[{"type": "mcp", "server_label": "lbl", "server_url": "https://mcp.x", "require_approval": "never"}], tool_choice={"type": "mcp", "server_label": "lbl"}),
 "tool_web_search_filters": dict(**B, input=I, tools=[{"type": "web_search", "filters": {"allowed_domains": ["a.com"]}, "search_context_size": "high", "user_location": {"type": "approximate", "city": "Paris", "country": "FR"}}]),
 "tool_file_search": dict(**B, input=I, tools=[{"type": "file_search", "vector_store_ids": ["vs_1"], "max_num_results": 3}]),
 "tool_code_interpreter": dict(**B, input=I, tools=[{"type": "code_interpreter", "container": {"type": "auto", "file_ids": ["file-1"]}}]),
 "tool_image_gen": dict(**B, input=I, tools=[{"type": "image_generation", "size": "1024x1024", "quality": "high"}]),
 "tool_computer": dict(**B, input=I, tools=[{"type": "computer_use_preview", "display_width": 1024, "display_height": 768, "environment": "browser"}]),
 "tool_local_shell": dict(**B, input=I, tools=[{"type": "local_shell"}]),
 "tool_shell": dict(**B, input=I, tools=[{"type": "shell"}]),
 "tool_apply_patch": dict(**B, input=I, tools=[{"type": "apply_patch"}]),
 "tool_custom": dict(**B, input=I, tools=[{"type": "custom", "name": "raw_tool", "description": "free"}]),
 "tool_mcp_connector": dict(**B, input=I, tools=[{"type": "mcp", "server_label": "gdrive", "connector_id": "connector_googledrive", "authorization": "tok"}]),
 "tool_function_nonstrict": dict(**B, input=I, tools=[{**fn, "strict": False}]),
 "temperature_top_p": dict(model="gpt-4.1", input=I, temperature=0.3, top_p=0.8),
 "input_items_full": dict(**B, input=[{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "first"}]}, {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "answer one", "annotations": []}], "id": "msg_1", "status": "completed"}, {"role": "user", "content": "second"}]),
 "input_image_url_detail": dict(**B, input=[{"role": "user", "content": [{"type": "input_text", "text": "look"}, {"type": "input_image", "image_url": "https://x/i.png", "detail": "high"}]}]),
 "input_file_url": dict(**B, input=[{"role": "user", "content": [{"type": "input_text", "text": "read"}, {"type": "input_file", "file_url": "https://x/a.pdf"}]}]),
 "input_file_id": dict(**B, input=[{"role": "user", "content": [{"type": "input_text", "text": "read"}, {"type": "input_file", "file_id": "file-abc"}]}]),
 "fc_output_list": dict(**B, tools=[fn], input=[{"role": "user", "content": "w?"}, {"type": "function_call", "call_id": "c1", "name": "get_weather", "arguments": "{\"city\":\"P\"}"}, {"type": "function_call_output", "call_id": "c1", "output": [{"type": "input_text", "text": "sunny"}]}]),
 "reasoning_replay": dict(**B, input=[{"role": "user", "content": "q"}, {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "sum"}], "encrypted_content": "gAAA"}, {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "a", "annotations": []}], "id": "msg_1", "status": "completed"}, {"role": "user", "content": "q2"}]),
 "prompt_template": dict(**B, input=I, prompt={"id": "pmpt_1", "version": "2", "variables": {"x": "y1"}}),
 "stream_options": dict(**B, input=I, stream=True, stream_options={"include_obfuscation": False}),
 "context_management": dict(**B, input=I, context_management=[{"type": "compaction", "compact_threshold": 1000}]),
}
for name, params in cases.items():
    try:
        body = responses_body(**params)
    except Exception as exc:
        print(f"{name:28s} SDK refused: {exc!r}"[:200]); continue
    kind, info = same_dialect("openai", body)
    print(f"{name:28s} same: {kind} {('OK' if not info else info[:4]) if kind=='built' else info}")
    for dst in DIALECTS:
        if dst == "openai": continue
        lost = silent_losses("openai", dst, body)
        if lost: print(f"     -> {dst}: {lost}")
