import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, DIALECTS, lc
from _sdk import chat_body
U = [{"role": "user", "content": "hello there"}]
fn = {"type": "function", "function": {"name": "get_weather", "description": "weather desc", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
cases = {
 "n2": dict(model="gpt-4o", messages=U, n=2),
 "logit_bias": dict(model="gpt-4o", messages=U, logit_bias={"50256": -100}),
 "prediction": dict(model="gpt-4o", messages=U, prediction={"type": "content", "content": "predicted text"}),
 "audio_modalities": dict(model="gpt-4o-audio-preview", messages=U, modalities=["text", "audio"], audio={"voice": "alloy", "format": "wav"}),
 "web_search_options": dict(model="gpt-4o-search-preview", messages=U, web_search_options={"search_context_size": "low", "user_location": {"type": "approximate", "approximate": {"city": "Paris", "country": "FR"}}}),
 "parallel_false": dict(model="gpt-4o", messages=U, tools=[fn], parallel_tool_calls=False),
 "service_tier_flex": dict(model="gpt-4o", messages=U, service_tier="flex"),
 "service_tier_priority": dict(model="gpt-4o", messages=U, service_tier="priority"),
 "store_metadata": dict(model="gpt-4o", messages=U, store=True, metadata={"user_tag": "abc123"}),
 "json_schema_strict": dict(model="gpt-4o", messages=U, response_format={"type": "json_schema", "json_schema": {"name": "out_schema", "description": "schema desc", "strict": True, "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}}}),
 "json_object": dict(model="gpt-4o", messages=U, response_format={"type": "json_object"}),
 "tool_choice_required": dict(model="gpt-4o", messages=U, tools=[fn], tool_choice="required"),
 "tool_choice_none": dict(model="gpt-4o", messages=U, tools=[fn], tool_choice="none"),
 "tool_choice_named": dict(model="gpt-4o", messages=U, tools=[fn], tool_choice={"type": "function", "function": {"name": "get_weather"}}),
 "tool_choice_allowed": dict(model="gpt-4o", messages=U, tools=[fn], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "required", "tools": [{"type": "function", "function": {"name": "get_weather"}}]}}),
 "tool_choice_custom": dict(model="gpt-5", messages=U, tools=[{"type": "custom", "custom": {"name": "raw_tool", "description": "free text"}}], tool_choice={"type": "custom", "custom": {"name": "raw_tool"}}),
 "custom_tool_grammar": dict(model="gpt-5", messages=U, tools=[{"type": "custom", "custom": {"name": "raw_tool", "format": {"type": "grammar", "grammar": {"syntax": "lark", "definition": "start: WORD"}}}}]),
 "seed_stop_penalties": dict(model="gpt-4o", messages=U, seed=7, stop=["STOPHERE"], presence_penalty=0.5, frequency_penalty=0.25, top_p=0.9, temperature=0.3),
 "max_completion_tokens": dict(model="gpt-5", messages=U, max_completion_tokens=100),
 "max_tokens_legacy": dict(model="gpt-4o", messages=U, max_tokens=100),
 "both_max": dict(model="gpt-4o", messages=U, max_tokens=100, max_completion_tokens=200),
 "reasoning_effort_minimal": dict(model="gpt-5", messages=U, reasoning_effort="minimal"),
 "reasoning_effort_none": dict(model="gpt-5.1", messages=U, reasoning_effort="none"),
 "verbosity": dict(model="gpt-5", messages=U, verbosity="low"),
 "user_and_safety": dict(model="gpt-4o", messages=U, user="user-42", safety_identifier="safe-42", prompt_cache_key="pck-1"),
 "prompt_cache_retention": dict(model="gpt-5", messages=U, prompt_cache_retention="24h"),
 "logprobs": dict(model="gpt-4o", messages=U, logprobs=True, top_logprobs=3),
 "stream_options": dict(model="gpt-4o", messages=U, stream=True, stream_options={"include_usage": True, "include_obfuscation": False}),
 "functions_legacy": dict(model="gpt-4o", messages=U, functions=[{"name": "legacy_fn", "parameters": {"type": "object", "properties": {}}}], function_call="auto"),
 "functions_legacy_named": dict(model="gpt-4o", messages=U, functions=[{"name": "legacy_fn", "parameters": {"type": "object", "properties": {}}}], function_call={"name": "legacy_fn"}),
 "msg_function_role": dict(model="gpt-4o", messages=U + [{"role": "assistant", "content": None, "function_call": {"name": "legacy_fn", "arguments": "{}"}}, {"role": "function", "name": "legacy_fn", "content": "fn result"}]),
 "developer_system_list": dict(model="gpt-4o", messages=[{"role": "developer", "content": [{"type": "text", "text": "dev one"}, {"type": "text", "text": "dev two"}]}] + U),
 "assistant_refusal": dict(model="gpt-4o", messages=U + [{"role": "assistant", "refusal": "I refuse this"}, {"role": "user", "content": "again"}]),
 "assistant_audio_id": dict(model="gpt-4o-audio-preview", messages=U + [{"role": "assistant", "audio": {"id": "audio_abc"}}, {"role": "user", "content": "again"}]),
 "image_detail": dict(model="gpt-4o", messages=[{"role": "user", "content": [{"type": "text", "text": "look"}, {"type": "image_url", "image_url": {"url": "https://x/i.png", "detail": "high"}}]}]),
 "input_audio": dict(model="gpt-4o-audio-preview", messages=[{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}}]}]),
 "file_id": dict(model="gpt-4o", messages=[{"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}]}]),
 "tool_msg_list": dict(model="gpt-4o", messages=U + [{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": [{"type": "text", "text": "sunny part"}]}], tools=[fn]),
 "msg_name": dict(model="gpt-4o", messages=[{"role": "user", "content": "hi", "name": "alice"}]),
 "top_level_extra_body": dict(model="gpt-4o", messages=U, extra_body={"top_k": 40, "repetition_penalty": 1.1, "min_p": 0.05}),
 "stop_string": dict(model="gpt-4o", messages=U, stop="ENDSTR"),
 "tool_strict": dict(model="gpt-4o", messages=U, tools=[{"type": "function", "function": {**fn["function"], "strict": True}}]),
}
for name, params in cases.items():
    body = chat_body(**params)
    kind, info = same_dialect("openai_chat", body)
    line = f"{name:28s} same: {kind}"
    if kind == "built":
        line += f" {'OK' if not info else info[:4]}"
    else:
        line += f" {info}"
    print(line)
    for dst in DIALECTS:
        if dst == "openai_chat":
            continue
        lost = silent_losses("openai_chat", dst, body)
        if lost:
            print(f"     -> {dst}: {lost if isinstance(lost, list) else lost}")
