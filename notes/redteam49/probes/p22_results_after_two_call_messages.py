"""Two assistant messages calling the same id back to back, then both results (Chat tool rows /
Responses items): which call does each result answer after the rename?"""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
chat = {"model": "gpt-4o", "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}], "messages": [
    {"role": "user", "content": "hi"},
    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"n\":1}"}}]},
    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{\"n\":2}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "r1"},
    {"role": "tool", "tool_call_id": "c1", "content": "r2"}]}
resp = {"model": "gpt-5", "tools": [{"type": "function", "name": "f", "parameters": {"type": "object"}}], "input": [
    {"role": "user", "content": "hi"},
    {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{\"n\":1}"},
    {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "and"}]},
    {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{\"n\":2}"},
    {"type": "function_call_output", "call_id": "c1", "output": "r1"},
    {"type": "function_call_output", "call_id": "c1", "output": "r2"}]}
for src, body in (("openai_chat", chat), ("openai", resp)):
    for dst in ("openai", "anthropic"):
        try:
            b = json.loads(lc.translate_request(src, dst, json.dumps(body).encode()).body)
        except lc.LmcodecError as e:
            print(src, dst, "refused", e); continue
        if dst == "openai":
            seq = [(i["type"], i["call_id"], i.get("arguments") or i.get("output")) for i in b["input"] if i.get("call_id")]
        else:
            seq = []
            for m in b["messages"]:
                if isinstance(m["content"], list):
                    for c in m["content"]:
                        if c["type"] == "tool_use": seq.append(("call", c["id"], json.dumps(c["input"])))
                        if c["type"] == "tool_result": seq.append(("result", c["tool_use_id"], str(c["content"])[:30]))
        print(src, "->", dst, seq)
