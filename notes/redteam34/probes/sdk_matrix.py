"""SDK-captured request bodies through decode_request, the round trip, and translate_request in every pair.

Run: PYTHONPATH=src python notes/redteam34/probes/sdk_matrix.py [filter]
Prints one line per (case, step) that is not an lc outcome or not a round trip.
"""
from __future__ import annotations

import base64
import json
import sys
import traceback
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402

PNG = base64.b64encode(bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")).decode()
PDF = base64.b64encode(b"%PDF-1.4 tiny").decode()
WAV = base64.b64encode(b"RIFF....WAVEfmt ").decode()
U = [{"role": "user", "content": "hi"}]
FN = {"type": "function", "function": {"name": "get_weather", "description": "w", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}
RFN = {"type": "function", "name": "get_weather", "description": "w", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}, "strict": False}
AFN = {"name": "get_weather", "description": "w", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def chat(**kw: Any) -> Callable[[], dict[str, Any]]:
    return lambda: _sdk.chat_body(**({"model": "gpt-4o", "messages": U} | kw))


def resp(**kw: Any) -> Callable[[], dict[str, Any]]:
    return lambda: _sdk.responses_body(**({"model": "gpt-5", "input": "hi"} | kw))


def anth(beta: bool = False, **kw: Any) -> Callable[[], dict[str, Any]]:
    return lambda: _sdk.anthropic_body(beta=beta, **({"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": U} | kw))


def gem(contents: Any = "hi", **config: Any) -> Callable[[], dict[str, Any]]:
    def f() -> dict[str, Any]:
        from google.genai import types
        return _sdk.gemini_body(contents, types.GenerateContentConfig(**config) if config else None)
    return f


CASES: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {}


def case(name: str, p: str, f: Callable[[], dict[str, Any]]) -> None:
    CASES[name] = (p, f)


# ---- Chat
case("chat.plain", "openai_chat", chat())
case("chat.tool", "openai_chat", chat(tools=[FN]))
case("chat.tool_choice_required", "openai_chat", chat(tools=[FN], tool_choice="required"))
case("chat.tool_choice_named", "openai_chat", chat(tools=[FN], tool_choice={"type": "function", "function": {"name": "get_weather"}}))
case("chat.tool_choice_none", "openai_chat", chat(tools=[FN], tool_choice="none"))
case("chat.allowed_tools", "openai_chat", chat(tools=[FN], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"type": "function", "function": {"name": "get_weather"}}]}}))
case("chat.allowed_required_two", "openai_chat", chat(tools=[FN, {"type": "function", "function": {"name": "other", "parameters": {"type": "object", "properties": {}}}}, {"type": "function", "function": {"name": "third", "parameters": {"type": "object", "properties": {}}}}], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "required", "tools": [{"type": "function", "function": {"name": "get_weather"}}, {"type": "function", "function": {"name": "other"}}]}}))
case("chat.allowed_required_one", "openai_chat", chat(tools=[FN, {"type": "function", "function": {"name": "other", "parameters": {"type": "object", "properties": {}}}}], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "required", "tools": [{"type": "function", "function": {"name": "get_weather"}}]}}))
case("chat.custom_choice", "openai_chat", chat(tools=[FN], tool_choice={"type": "custom", "custom": {"name": "sql"}}))
case("chat.custom_tool", "openai_chat", chat(tools=[{"type": "custom", "custom": {"name": "sql", "description": "d", "format": {"type": "grammar", "grammar": {"definition": "start: /.+/", "syntax": "lark"}}}}]))
case("chat.parallel_false", "openai_chat", chat(tools=[FN], parallel_tool_calls=False))
case("chat.image_url", "openai_chat", chat(messages=[{"role": "user", "content": [{"type": "text", "text": "see"}, {"type": "image_url", "image_url": {"url": "https://x/a.png", "detail": "high"}}]}]))
case("chat.image_b64", "openai_chat", chat(messages=[{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG}}]}]))
case("chat.audio", "openai_chat", chat(messages=[{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}}]}]))
case("chat.file_id", "openai_chat", chat(messages=[{"role": "user", "content": [{"type": "file", "file": {"file_id": "file-abc"}}]}]))
case("chat.file_data", "openai_chat", chat(messages=[{"role": "user", "content": [{"type": "file", "file": {"file_data": "data:application/pdf;base64," + PDF}}]}]))
case("chat.json_schema", "openai_chat", chat(response_format={"type": "json_schema", "json_schema": {"name": "x", "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}, "strict": True}}))
case("chat.json_object", "openai_chat", chat(response_format={"type": "json_object"}))
case("chat.reasoning_effort", "openai_chat", chat(model="o3", reasoning_effort="high"))
case("chat.reasoning_minimal", "openai_chat", chat(model="gpt-5", reasoning_effort="minimal"))
case("chat.verbosity", "openai_chat", chat(model="gpt-5", verbosity="low"))
case("chat.metadata_store", "openai_chat", chat(metadata={"a": "b"}, store=True))
case("chat.service_tier", "openai_chat", chat(service_tier="flex"))
case("chat.stop_list", "openai_chat", chat(stop=["END", "STOP"]))
case("chat.stop_str", "openai_chat", chat(stop="END"))
case("chat.seed", "openai_chat", chat(seed=42))
case("chat.logprobs", "openai_chat", chat(logprobs=True, top_logprobs=3))
case("chat.n2", "openai_chat", chat(n=2))
case("chat.max_completion", "openai_chat", chat(max_completion_tokens=50))
case("chat.max_tokens", "openai_chat", chat(max_tokens=50))
case("chat.temps", "openai_chat", chat(temperature=0.3, top_p=0.9, presence_penalty=0.1, frequency_penalty=0.2))
case("chat.logit_bias", "openai_chat", chat(logit_bias={"50256": -100}))
case("chat.user", "openai_chat", chat(user="u1", safety_identifier="s", prompt_cache_key="k"))
case("chat.prompt_cache_retention", "openai_chat", chat(prompt_cache_key="k", prompt_cache_retention="24h"))
case("chat.stream_options", "openai_chat", chat(stream=True, stream_options={"include_usage": True}))
case("chat.modalities_audio", "openai_chat", chat(model="gpt-4o-audio-preview", modalities=["text", "audio"], audio={"voice": "alloy", "format": "wav"}))
case("chat.prediction", "openai_chat", chat(prediction={"type": "content", "content": "abc"}))
case("chat.web_search_options", "openai_chat", chat(model="gpt-4o-search-preview", web_search_options={"search_context_size": "low"}))
case("chat.system_developer", "openai_chat", chat(messages=[{"role": "system", "content": "s"}, {"role": "developer", "content": "d"}, {"role": "user", "content": "hi"}]))
case("chat.tool_loop_parallel", "openai_chat", chat(tools=[FN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"A\"}"}},
        {"id": "call_b", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"B\"}"}}]},
    {"role": "tool", "tool_call_id": "call_b", "content": "sunB"},
    {"role": "tool", "tool_call_id": "call_a", "content": "sunA"}]))
case("chat.tool_result_empty", "openai_chat", chat(tools=[FN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": None, "tool_calls": [{"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "call_a", "content": ""}]))
case("chat.tool_result_parts", "openai_chat", chat(tools=[FN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": None, "tool_calls": [{"id": "call_a", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "call_a", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}]))
case("chat.assistant_refusal", "openai_chat", chat(messages=[
    {"role": "user", "content": "x"}, {"role": "assistant", "content": None, "refusal": "no"}, {"role": "user", "content": "y"}]))
case("chat.assistant_audio_id", "openai_chat", chat(messages=[
    {"role": "user", "content": "x"}, {"role": "assistant", "audio": {"id": "audio_1"}}, {"role": "user", "content": "y"}]))
case("chat.assistant_parts", "openai_chat", chat(messages=[
    {"role": "user", "content": "x"}, {"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "refusal", "refusal": "r"}]}, {"role": "user", "content": "y"}]))
case("chat.function_role_legacy", "openai_chat", chat(functions=[FN["function"]], function_call="auto"))
case("chat.tool_name_dotted", "openai_chat", chat(tools=[{"type": "function", "function": {"name": "a.b", "parameters": {"type": "object", "properties": {}}}}]))
case("chat.schema_keywords", "openai_chat", chat(tools=[{"type": "function", "function": {"name": "f", "parameters": {"type": "object", "properties": {"a": {"type": "string", "format": "email", "pattern": "^a", "minLength": 1}, "b": {"$ref": "#/$defs/B"}}, "$defs": {"B": {"type": "integer", "minimum": 0}}, "additionalProperties": False}}}]))

# ---- Responses
case("resp.plain", "openai", resp())
case("resp.instructions", "openai", resp(instructions="be brief"))
case("resp.tool", "openai", resp(tools=[RFN]))
case("resp.tool_strict_default", "openai", resp(tools=[{k: v for k, v in RFN.items() if k != "strict"}]))
case("resp.web_search", "openai", resp(tools=[{"type": "web_search", "search_context_size": "low", "user_location": {"type": "approximate", "country": "US"}, "filters": {"allowed_domains": ["a.com"]}}]))
case("resp.web_search_preview", "openai", resp(tools=[{"type": "web_search_preview"}]))
case("resp.file_search", "openai", resp(tools=[{"type": "file_search", "vector_store_ids": ["vs_1"], "max_num_results": 3}]))
case("resp.code_interpreter", "openai", resp(tools=[{"type": "code_interpreter", "container": {"type": "auto"}}]))
case("resp.computer", "openai", resp(tools=[{"type": "computer_use_preview", "display_width": 1024, "display_height": 768, "environment": "browser"}], truncation="auto"))
case("resp.mcp", "openai", resp(tools=[{"type": "mcp", "server_label": "s", "server_url": "https://m", "require_approval": "never"}]))
case("resp.image_gen", "openai", resp(tools=[{"type": "image_generation"}]))
case("resp.local_shell", "openai", resp(tools=[{"type": "local_shell"}]))
case("resp.shell", "openai", resp(tools=[{"type": "shell"}]))
case("resp.apply_patch", "openai", resp(tools=[{"type": "apply_patch"}]))
case("resp.custom_grammar", "openai", resp(tools=[{"type": "custom", "name": "sql", "description": "d", "format": {"type": "grammar", "syntax": "lark", "definition": "start: /.+/"}}]))
case("resp.custom_text", "openai", resp(tools=[{"type": "custom", "name": "raw", "format": {"type": "text"}}]))
case("resp.tool_choice_required", "openai", resp(tools=[RFN], tool_choice="required"))
case("resp.tool_choice_named", "openai", resp(tools=[RFN], tool_choice={"type": "function", "name": "get_weather"}))
case("resp.tool_choice_hosted", "openai", resp(tools=[{"type": "web_search"}], tool_choice={"type": "web_search_preview"}))
case("resp.tool_choice_allowed", "openai", resp(tools=[RFN], tool_choice={"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "get_weather"}]}))
case("resp.tool_choice_custom", "openai", resp(tools=[{"type": "custom", "name": "raw"}], tool_choice={"type": "custom", "name": "raw"}))
case("resp.parallel_false", "openai", resp(tools=[RFN], parallel_tool_calls=False, max_tool_calls=3))
case("resp.image_url", "openai", resp(input=[{"role": "user", "content": [{"type": "input_text", "text": "see"}, {"type": "input_image", "image_url": "https://x/a.png", "detail": "auto"}]}]))
case("resp.image_b64", "openai", resp(input=[{"role": "user", "content": [{"type": "input_image", "image_url": "data:image/png;base64," + PNG, "detail": "low"}]}]))
case("resp.image_file_id", "openai", resp(input=[{"role": "user", "content": [{"type": "input_image", "file_id": "file-1", "detail": "auto"}]}]))
case("resp.file_url", "openai", resp(input=[{"role": "user", "content": [{"type": "input_file", "file_url": "https://x/a.pdf"}]}]))
case("resp.file_data", "openai", resp(input=[{"role": "user", "content": [{"type": "input_file", "file_data": "data:application/pdf;base64," + PDF, "filename": "a.pdf"}]}]))
case("resp.file_id", "openai", resp(input=[{"role": "user", "content": [{"type": "input_file", "file_id": "file-1"}]}]))
case("resp.audio", "openai", resp(input=[{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": WAV, "format": "wav"}}]}]))
case("resp.text_format", "openai", resp(text={"format": {"type": "json_schema", "name": "x", "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}, "strict": True}}))
case("resp.text_json_object", "openai", resp(text={"format": {"type": "json_object"}}))
case("resp.text_verbosity", "openai", resp(text={"verbosity": "low"}))
case("resp.reasoning", "openai", resp(reasoning={"effort": "high", "summary": "auto"}))
case("resp.reasoning_none", "openai", resp(reasoning={"effort": "none"}))
case("resp.include", "openai", resp(include=["reasoning.encrypted_content", "message.output_text.logprobs"], top_logprobs=2))
case("resp.store_false", "openai", resp(store=False))
case("resp.background", "openai", resp(background=True))
case("resp.prev", "openai", resp(previous_response_id="resp_1"))
case("resp.conversation", "openai", resp(conversation="conv_1"))
case("resp.metadata", "openai", resp(metadata={"a": "b"}, user="u", safety_identifier="s"))
case("resp.service_tier", "openai", resp(service_tier="priority"))
case("resp.truncation", "openai", resp(truncation="auto"))
case("resp.max_output", "openai", resp(max_output_tokens=100, temperature=0.2, top_p=0.9))
case("resp.prompt_cache", "openai", resp(prompt_cache_key="k", prompt_cache_retention="24h"))
case("resp.prompt", "openai", resp(prompt={"id": "pmpt_1", "version": "2", "variables": {"x": "y"}}))
case("resp.stream_options", "openai", resp(stream=True, stream_options={"include_obfuscation": False}))
case("resp.loop", "openai", resp(tools=[RFN], input=[
    {"role": "user", "content": "w?"},
    {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{\"city\":\"A\"}"},
    {"type": "function_call", "call_id": "call_b", "name": "get_weather", "arguments": "{\"city\":\"B\"}"},
    {"type": "function_call_output", "call_id": "call_b", "output": "sunB"},
    {"type": "function_call_output", "call_id": "call_a", "output": "sunA"}]))
case("resp.output_parts", "openai", resp(tools=[RFN], input=[
    {"role": "user", "content": "w?"},
    {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "call_a", "output": [{"type": "input_text", "text": "x"}, {"type": "input_image", "image_url": "data:image/png;base64," + PNG}]}]))
case("resp.output_empty", "openai", resp(tools=[RFN], input=[
    {"role": "user", "content": "w?"},
    {"type": "function_call", "call_id": "call_a", "name": "get_weather", "arguments": "{}"},
    {"type": "function_call_output", "call_id": "call_a", "output": ""}]))
case("resp.custom_call_loop", "openai", resp(tools=[{"type": "custom", "name": "raw"}], input=[
    {"role": "user", "content": "w?"},
    {"type": "custom_tool_call", "call_id": "c1", "name": "raw", "input": "SELECT 1"},
    {"type": "custom_tool_call_output", "call_id": "c1", "output": "1"}]))
case("resp.easy_input_roles", "openai", resp(input=[{"role": "developer", "content": "d"}, {"role": "system", "content": "s"}, {"role": "user", "content": "u"}, {"role": "assistant", "content": "a"}, {"role": "user", "content": "u2"}]))
case("resp.assistant_output_text", "openai", resp(input=[{"role": "user", "content": "u"}, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": [{"type": "output_text", "text": "a", "annotations": []}]}, {"role": "user", "content": "u2"}]))
case("resp.assistant_refusal", "openai", resp(input=[{"role": "user", "content": "u"}, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": [{"type": "refusal", "refusal": "no"}]}, {"role": "user", "content": "u2"}]))
case("resp.reasoning_item", "openai", resp(input=[{"role": "user", "content": "u"}, {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "think"}], "encrypted_content": "gAAA"}, {"type": "message", "role": "assistant", "id": "msg_1", "status": "completed", "content": [{"type": "output_text", "text": "a", "annotations": []}]}, {"role": "user", "content": "u2"}]))
case("resp.allowed_auto_two", "openai", resp(tools=[RFN, RFN | {"name": "other"}], tool_choice={"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "get_weather"}]}))
case("resp.allowed_required_two", "openai", resp(tools=[RFN, RFN | {"name": "other"}, RFN | {"name": "third"}], tool_choice={"type": "allowed_tools", "mode": "required", "tools": [{"type": "function", "name": "get_weather"}, {"type": "function", "name": "other"}]}))
case("resp.allowed_auto_one", "openai", resp(tools=[RFN], tool_choice={"type": "allowed_tools", "mode": "auto", "tools": [{"type": "function", "name": "get_weather"}]}))
case("resp.tool_choice_mcp", "openai", resp(tools=[{"type": "mcp", "server_label": "s", "server_url": "https://m"}], tool_choice={"type": "mcp", "server_label": "s", "name": "x"}))
case("resp.context_management", "openai", resp(context_management=[{"type": "compaction", "compact_threshold": 1000}]))

# ---- Anthropic
case("anth.plain", "anthropic", anth())
case("anth.system_str", "anthropic", anth(system="be brief"))
case("anth.system_blocks", "anthropic", anth(system=[{"type": "text", "text": "a"}, {"type": "text", "text": "b", "cache_control": {"type": "ephemeral"}}]))
case("anth.tool", "anthropic", anth(tools=[AFN]))
case("anth.tool_strict", "anthropic", anth(tools=[AFN | {"strict": True}]))
case("anth.tool_cache", "anthropic", anth(tools=[AFN | {"cache_control": {"type": "ephemeral", "ttl": "1h"}}]))
case("anth.tool_choice_any", "anthropic", anth(tools=[AFN], tool_choice={"type": "any", "disable_parallel_tool_use": True}))
case("anth.tool_choice_tool", "anthropic", anth(tools=[AFN], tool_choice={"type": "tool", "name": "get_weather"}))
case("anth.tool_choice_none", "anthropic", anth(tools=[AFN], tool_choice={"type": "none"}))
case("anth.tool_choice_auto_dp", "anthropic", anth(tools=[AFN], tool_choice={"type": "auto", "disable_parallel_tool_use": True}))
case("anth.web_search", "anthropic", anth(tools=[{"type": "web_search_20250305", "name": "web_search", "max_uses": 3, "allowed_domains": ["a.com"]}]))
case("anth.web_fetch", "anthropic", anth(tools=[{"type": "web_fetch_20250910", "name": "web_fetch"}]))
case("anth.code_exec", "anthropic", anth(tools=[{"type": "code_execution_20250825", "name": "code_execution"}]))
case("anth.bash", "anthropic", anth(tools=[{"type": "bash_20250124", "name": "bash"}]))
case("anth.text_editor", "anthropic", anth(tools=[{"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}]))
case("anth.computer_beta", "anthropic", anth(beta=True, tools=[{"type": "computer_20250124", "name": "computer", "display_width_px": 1024, "display_height_px": 768}], betas=["computer-use-2025-01-24"]))
case("anth.mcp_beta", "anthropic", anth(beta=True, mcp_servers=[{"type": "url", "url": "https://m", "name": "m"}], betas=["mcp-client-2025-04-04"]))
case("anth.memory", "anthropic", anth(tools=[{"type": "memory_20250818", "name": "memory"}]))
case("anth.image_url", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "image", "source": {"type": "url", "url": "https://x/a.png"}}, {"type": "text", "text": "see"}]}]))
case("anth.image_b64", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]}]))
case("anth.image_file_beta", "anthropic", anth(beta=True, messages=[{"role": "user", "content": [{"type": "image", "source": {"type": "file", "file_id": "file_1"}}]}], betas=["files-api-2025-04-14"]))
case("anth.doc_pdf_b64", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": PDF}, "citations": {"enabled": True}, "title": "t"}, {"type": "text", "text": "sum"}]}]))
case("anth.doc_pdf_url", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "document", "source": {"type": "url", "url": "https://x/a.pdf"}}, {"type": "text", "text": "sum"}]}]))
case("anth.doc_text", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "hello"}, "citations": {"enabled": True}}, {"type": "text", "text": "sum"}]}]))
case("anth.doc_content", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "document", "source": {"type": "content", "content": [{"type": "text", "text": "c1"}]}}, {"type": "text", "text": "sum"}]}]))
case("anth.search_result", "anthropic", anth(messages=[{"role": "user", "content": [{"type": "search_result", "source": "https://s", "title": "t", "content": [{"type": "text", "text": "p"}], "citations": {"enabled": True}}, {"type": "text", "text": "q"}]}]))
case("anth.thinking", "anthropic", anth(max_tokens=2000, thinking={"type": "enabled", "budget_tokens": 1024}))
case("anth.thinking_adaptive", "anthropic", anth(model="claude-opus-4-6", thinking={"type": "adaptive"}, output_config={"effort": "low"}))
case("anth.thinking_disabled", "anthropic", anth(thinking={"type": "disabled"}))
case("anth.output_format", "anthropic", anth(output_config={"format": {"type": "json_schema", "schema": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}}}))
case("anth.metadata", "anthropic", anth(metadata={"user_id": "u"}))
case("anth.service_tier", "anthropic", anth(service_tier="standard_only"))
case("anth.stop_seq", "anthropic", anth(stop_sequences=["END"], top_k=5))
case("anth.container", "anthropic", anth(container="cnt_1"))
case("anth.inference_geo", "anthropic", anth(inference_geo="us"))
case("anth.loop_parallel", "anthropic", anth(tools=[AFN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": [{"type": "text", "text": "checking"}, {"type": "tool_use", "id": "toolu_a", "name": "get_weather", "input": {"city": "A"}}, {"type": "tool_use", "id": "toolu_b", "name": "get_weather", "input": {"city": "B"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_b", "content": "sunB"}, {"type": "tool_result", "tool_use_id": "toolu_a", "content": [{"type": "text", "text": "sunA"}, {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]}]}]))
case("anth.tool_result_error_empty", "anthropic", anth(tools=[AFN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_a", "name": "get_weather", "input": {}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_a", "is_error": True}]}]))
case("anth.thinking_replay", "anthropic", anth(max_tokens=2000, thinking={"type": "enabled", "budget_tokens": 1024}, tools=[AFN], messages=[
    {"role": "user", "content": "w?"},
    {"role": "assistant", "content": [{"type": "thinking", "thinking": "hmm", "signature": "SIG"}, {"type": "redacted_thinking", "data": "RED"}, {"type": "tool_use", "id": "toolu_a", "name": "get_weather", "input": {"city": "A"}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_a", "content": "sun"}]}]))
case("anth.prefill", "anthropic", anth(messages=[{"role": "user", "content": "x"}, {"role": "assistant", "content": "{"}]))
case("anth.context_mgmt_beta", "anthropic", anth(beta=True, context_management={"edits": [{"type": "clear_tool_uses_20250919"}]}, betas=["context-management-2025-06-27"]))

# ---- Gemini
def gem_tools() -> Any:
    from google.genai import types
    return [types.Tool(function_declarations=[types.FunctionDeclaration(name="get_weather", description="w", parameters=types.Schema(type="OBJECT", properties={"city": types.Schema(type="STRING")}, required=["city"]))])]


def gem_lazy(build: Callable[[], tuple[Any, dict[str, Any]]]) -> Callable[[], dict[str, Any]]:
    def f() -> dict[str, Any]:
        from google.genai import types
        contents, config = build()
        return _sdk.gemini_body(contents, types.GenerateContentConfig(**config) if config else None)
    return f


def T() -> Any:
    from google.genai import types
    return types


case("gem.plain", "gemini", gem())
case("gem.system", "gemini", gem(system_instruction="be brief"))
case("gem.tool", "gemini", gem_lazy(lambda: ("hi", {"tools": gem_tools()})))
case("gem.tool_json_schema", "gemini", gem_lazy(lambda: ("hi", {"tools": [T().Tool(function_declarations=[T().FunctionDeclaration(name="f", parameters_json_schema={"type": "object", "properties": {"a": {"type": "string"}}})])]})))
case("gem.google_search", "gemini", gem_lazy(lambda: ("hi", {"tools": [T().Tool(google_search=T().GoogleSearch())]})))
case("gem.code_execution", "gemini", gem_lazy(lambda: ("hi", {"tools": [T().Tool(code_execution=T().ToolCodeExecution())]})))
case("gem.url_context", "gemini", gem_lazy(lambda: ("hi", {"tools": [T().Tool(url_context=T().UrlContext())]})))
case("gem.tool_config_any", "gemini", gem_lazy(lambda: ("hi", {"tools": gem_tools(), "tool_config": T().ToolConfig(function_calling_config=T().FunctionCallingConfig(mode="ANY", allowed_function_names=["get_weather"]))})))
case("gem.tool_config_none", "gemini", gem_lazy(lambda: ("hi", {"tools": gem_tools(), "tool_config": T().ToolConfig(function_calling_config=T().FunctionCallingConfig(mode="NONE"))})))
case("gem.tool_config_validated", "gemini", gem_lazy(lambda: ("hi", {"tools": gem_tools(), "tool_config": T().ToolConfig(function_calling_config=T().FunctionCallingConfig(mode="VALIDATED"))})))
case("gem.image_inline", "gemini", gem_lazy(lambda: ([T().Part.from_bytes(data=base64.b64decode(PNG), mime_type="image/png"), "see"], {})))
case("gem.image_uri", "gemini", gem_lazy(lambda: ([T().Part.from_uri(file_uri="gs://b/a.png", mime_type="image/png"), "see"], {})))
case("gem.pdf_uri", "gemini", gem_lazy(lambda: ([T().Part.from_uri(file_uri="https://generativelanguage.googleapis.com/v1beta/files/abc", mime_type="application/pdf"), "see"], {})))
case("gem.audio_inline", "gemini", gem_lazy(lambda: ([T().Part.from_bytes(data=b"RIFF", mime_type="audio/wav"), "hear"], {})))
case("gem.response_schema", "gemini", gem(response_mime_type="application/json", response_schema={"type": "OBJECT", "properties": {"a": {"type": "STRING"}}, "required": ["a"]}))
case("gem.response_json_schema", "gemini", gem(response_mime_type="application/json", response_json_schema={"type": "object", "properties": {"a": {"type": "string"}}}))
case("gem.response_mime_only", "gemini", gem(response_mime_type="application/json"))
case("gem.thinking_budget", "gemini", gem(thinking_config={"thinking_budget": 1024, "include_thoughts": True}))
case("gem.thinking_level", "gemini", gem(thinking_config={"thinking_level": "LOW"}))
case("gem.safety", "gemini", gem(safety_settings=[{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_ONLY_HIGH"}]))
case("gem.cached", "gemini", gem(cached_content="cachedContents/abc"))
case("gem.gen_params", "gemini", gem(temperature=0.2, top_p=0.9, top_k=5, max_output_tokens=100, stop_sequences=["END"], seed=7, candidate_count=2, presence_penalty=0.1, frequency_penalty=0.1))
case("gem.logprobs", "gemini", gem(response_logprobs=True, logprobs=3))
case("gem.media_resolution", "gemini", gem(media_resolution="MEDIA_RESOLUTION_LOW"))
case("gem.modalities", "gemini", gem(response_modalities=["TEXT", "IMAGE"]))
case("gem.labels", "gemini", gem(labels={"a": "b"}))
case("gem.service_tier", "gemini", gem(service_tier="flex") if False else gem())
case("gem.loop_parallel", "gemini", gem_lazy(lambda: ([
    T().Content(role="user", parts=[T().Part(text="w?")]),
    T().Content(role="model", parts=[T().Part(function_call=T().FunctionCall(name="get_weather", args={"city": "A"})), T().Part(function_call=T().FunctionCall(name="get_weather", args={"city": "B"}))]),
    T().Content(role="user", parts=[T().Part(function_response=T().FunctionResponse(name="get_weather", response={"output": "sunA"})), T().Part(function_response=T().FunctionResponse(name="get_weather", response={"output": "sunB"}))]),
], {"tools": gem_tools()})))
case("gem.loop_ids", "gemini", gem_lazy(lambda: ([
    T().Content(role="user", parts=[T().Part(text="w?")]),
    T().Content(role="model", parts=[T().Part(function_call=T().FunctionCall(id="c1", name="get_weather", args={"city": "A"}), thought_signature=b"sig")]),
    T().Content(role="user", parts=[T().Part(function_response=T().FunctionResponse(id="c1", name="get_weather", response={"output": "sunA"}))]),
], {"tools": gem_tools()})))
case("gem.thought_replay", "gemini", gem_lazy(lambda: ([
    T().Content(role="user", parts=[T().Part(text="w?")]),
    T().Content(role="model", parts=[T().Part(text="hmm", thought=True, thought_signature=b"sig1"), T().Part(text="ans")]),
    T().Content(role="user", parts=[T().Part(text="more")]),
], {})))
case("gem.fn_response_parts", "gemini", gem_lazy(lambda: ([
    T().Content(role="user", parts=[T().Part(text="w?")]),
    T().Content(role="model", parts=[T().Part(function_call=T().FunctionCall(name="get_weather", args={}))]),
    T().Content(role="user", parts=[T().Part(function_response=T().FunctionResponse(name="get_weather", response={"output": "img"}, parts=[T().FunctionResponsePart(inline_data=T().FunctionResponseBlob(mime_type="image/png", data=base64.b64decode(PNG)))]))]),
], {"tools": gem_tools()})))

PROVIDERS = ["openai", "openai_chat", "anthropic", "gemini"]
MODEL = {"openai": "gpt-5", "openai_chat": "gpt-4o", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}
LC = (lc.LmcodecError,)


def canon(v: Any) -> Any:
    if isinstance(v, (bytes, str)):
        return json.loads(v)
    return json.loads(json.dumps(v))


def leaves(v: Any, key: str = "") -> set[tuple[str, Any]]:
    out: set[tuple[str, Any]] = set()
    if isinstance(v, dict):
        for k, x in v.items():
            out |= leaves(x, k)
    elif isinstance(v, list):
        for x in v:
            out |= leaves(x, key)
    elif key not in ("stream",):
        out.add(json.dumps(v))
    return out


def run(filter_: str = "") -> None:
    counts = {"decoded": 0, "refused": 0, "bare": 0, "rt_ok": 0, "rt_diff": 0, "tr_ok": 0, "tr_refused": 0, "tr_bare": 0, "tr_reread_fail": 0}
    for name, (p, f) in CASES.items():
        if filter_ not in name:
            continue
        try:
            body = f()
        except Exception as e:  # noqa: BLE001
            print(f"CAPTURE-FAIL {name}: {type(e).__name__}: {e}"[:300])
            continue
        kw = {"model": MODEL["gemini"]} if p == "gemini" else {}
        raw = json.dumps(body).encode()
        try:
            req = lc.decode_request(p, raw, **kw)
            counts["decoded"] += 1
        except LC as e:
            counts["refused"] += 1
            print(f"refused   {name}: {type(e).__name__}: {e}"[:260])
            req = None
        except Exception as e:  # noqa: BLE001
            counts["bare"] += 1
            print(f"BARE      {name}: {type(e).__name__}: {e}"[:300])
            req = None
        if req is not None:
            try:
                back = lc.build_request(p, req, stream=bool(body.get("stream")))
                b = canon(back.body)
                missing = leaves(canon(body)) - leaves(b)
                if missing:
                    counts["rt_diff"] += 1
                    print(f"RT-DIFF   {name}: values lost {sorted(map(str, missing))[:8]}\n          got  {json.dumps(b)[:400]}")
                else:
                    counts["rt_ok"] += 1
            except LC as e:
                print(f"RT-REFUSE {name}: {type(e).__name__}: {e}"[:260])
            except Exception as e:  # noqa: BLE001
                print(f"RT-BARE   {name}: {type(e).__name__}: {e}"[:300])
        for d in PROVIDERS:
            tkw = {"model": MODEL[d]} if p == "gemini" else {}
            try:
                out = lc.translate_request(p, d, raw, **tkw)
                counts["tr_ok"] += 1
            except LC as e:
                counts["tr_refused"] += 1
                if "-v" in sys.argv:
                    print(f"tr-refused {name} -> {d}: {type(e).__name__}: {e}"[:260])
                continue
            except Exception as e:  # noqa: BLE001
                counts["tr_bare"] += 1
                print(f"TR-BARE   {name} -> {d}: {type(e).__name__}: {e}"[:300])
                traceback.print_exc(limit=3)
                continue
            try:
                lc.decode_request(d, out.body, **({"model": MODEL[d]} if d == "gemini" else {}))
            except LC as e:
                counts["tr_reread_fail"] += 1
                if "-v" in sys.argv:
                    print(f"tr-reread {name} -> {d}: {type(e).__name__}: {e}"[:260])
            except Exception as e:  # noqa: BLE001
                print(f"TR-REREAD-BARE {name} -> {d}: {type(e).__name__}: {e}"[:300])
            if "-a" in sys.argv:
                print(f"   {name} -> {d}: {[(a.path, a.kind) if hasattr(a, 'path') else a for a in out.adaptations]}"[:400])
    print(counts)


if __name__ == "__main__":
    run(next((a for a in sys.argv[1:] if not a.startswith("-")), ""))
