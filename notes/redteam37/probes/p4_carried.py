import json, sys
import pydantic
import lmcodec as lc
from openai.types.chat import completion_create_params as ccp
from openai.types.responses import response_create_params as rcp
from anthropic.types import message_create_params as mcp
from google.genai import types as gt

TA = {
    "openai_chat": pydantic.TypeAdapter(ccp.CompletionCreateParamsNonStreaming),
    "openai": pydantic.TypeAdapter(rcp.ResponseCreateParamsNonStreaming),
    "anthropic": pydantic.TypeAdapter(mcp.MessageCreateParamsNonStreaming),
}
def sdk_ok(dst, body):
    d = json.loads(body)
    d.pop("stream", None)
    if dst == "gemini":
        try:
            for c in d.get("contents", []): gt.Content.model_validate(c)
            if "systemInstruction" in d: gt.Content.model_validate(d["systemInstruction"])
            if "generationConfig" in d: gt.GenerationConfig.model_validate(d["generationConfig"])
            for t in d.get("tools", []): gt.Tool.model_validate(t)
            if "toolConfig" in d: gt.ToolConfig.model_validate(d["toolConfig"])
            return "ok"
        except Exception as e: return f"SDK REFUSES {str(e)[:200]}"
    try:
        TA[dst].validate_python(d); return "ok"
    except Exception as e: return f"SDK REFUSES {str(e)[:300]}"

BODIES = {
 "resp include+users+metadata": ("openai", {"model": "gpt-5", "input": "hi", "include": ["reasoning.encrypted_content", "message.output_text.logprobs"], "top_logprobs": 3, "user": "u1", "safety_identifier": "s1", "metadata": {"a": "b"}, "store": False}),
 "resp custom tool_choice": ("openai", {"model": "gpt-5", "input": "hi", "tools": [{"type": "custom", "name": "code", "description": "run"}], "tool_choice": {"type": "custom", "name": "code"}}),
 "resp later developer": ("openai", {"model": "gpt-5", "input": [{"role": "developer", "content": "be brief"}, {"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}, {"role": "system", "content": "now french"}, {"role": "user", "content": "again"}]}),
 "chat users+metadata": ("openai_chat", {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}], "user": "u1", "safety_identifier": "s1", "metadata": {"a": "b"}, "store": True, "logprobs": True, "top_logprobs": 2}),
 "chat later system": ("openai_chat", {"model": "gpt-5", "messages": [{"role": "system", "content": "A"}, {"role": "user", "content": "hi"}, {"role": "developer", "content": "B"}, {"role": "user", "content": "x"}]}),
 "anth system blocks": ("anthropic", {"model": "claude", "max_tokens": 10, "system": [{"type": "text", "text": "A", "cache_control": {"type": "ephemeral"}}, {"type": "text", "text": "B", "citations": [{"type": "char_location"}]}], "messages": [{"role": "user", "content": "hi"}], "metadata": {"user_id": "u9"}}),
 "anth tool_choice any": ("anthropic", {"model": "claude", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}], "tools": [{"name": "f", "input_schema": {"type": "object"}}], "tool_choice": {"type": "tool", "name": "f", "disable_parallel_tool_use": True}}),
 "gem system+labels": ("gemini", {"contents": [{"role": "user", "parts": [{"text": "hi"}]}], "systemInstruction": {"parts": [{"text": "A"}, {"text": "B"}]}, "labels": {"a": "b"}, "generationConfig": {"responseLogprobs": True, "logprobs": 2}}),
}
for name, (src, body) in BODIES.items():
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        if dst == src: continue
        try:
            r = lc.translate_request(src, dst, json.dumps(body), model="m-1" if dst == "gemini" else None)
        except Exception as e:
            print(f"## {name} -> {dst}: ERR {type(e).__name__} {e}"); continue
        print(f"## {name} -> {dst}: {sdk_ok(dst, r.body)}\n   {r.body.decode()[:600]}")
        for a in r.adaptations:
            if a.field == "config.max_tokens": continue
            print(f"   - {a.field} {a.action} asked={a.asked!r} applied={a.applied!r}: {a.reason[:140]}")
