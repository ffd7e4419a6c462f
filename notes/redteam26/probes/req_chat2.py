import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, DIALECTS, lc
from _sdk import chat_body
U = [{"role": "user", "content": "hello there"}]
def fn(n): return {"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {}}}}
cases = {
 "allowed_auto_2of3": dict(model="gpt-4o", messages=U, tools=[fn("a1"), fn("b2"), fn("c3")], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"type": "function", "function": {"name": "a1"}}, {"type": "function", "function": {"name": "b2"}}]}}),
 "allowed_required_2": dict(model="gpt-4o", messages=U, tools=[fn("a1"), fn("b2"), fn("c3")], tool_choice={"type": "allowed_tools", "allowed_tools": {"mode": "required", "tools": [{"type": "function", "function": {"name": "a1"}}, {"type": "function", "function": {"name": "b2"}}]}}),
 "developer_str": dict(model="gpt-4o", messages=[{"role": "developer", "content": "dev one"}] + U),
 "developer_list1": dict(model="gpt-4o", messages=[{"role": "developer", "content": [{"type": "text", "text": "dev one"}]}] + U),
 "system_list": dict(model="gpt-4o", messages=[{"role": "system", "content": [{"type": "text", "text": "s1"}, {"type": "text", "text": "s2"}]}] + U),
 "two_system": dict(model="gpt-4o", messages=[{"role": "system", "content": "s1"}, {"role": "user", "content": "u"}, {"role": "system", "content": "s2"}, {"role": "user", "content": "u2"}]),
 "dev_and_system": dict(model="gpt-4o", messages=[{"role": "system", "content": "s1"}, {"role": "developer", "content": "d1"}, {"role": "user", "content": "u"}]),
 "max_tokens_only": dict(model="gpt-4o", messages=U, max_tokens=100),
 "user_text_parts": dict(model="gpt-4o", messages=[{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}]),
 "assistant_text_parts": dict(model="gpt-4o", messages=U + [{"role": "assistant", "content": [{"type": "text", "text": "x1"}, {"type": "text", "text": "x2"}]}, {"role": "user", "content": "more"}]),
 "assistant_content_and_calls": dict(model="gpt-4o", messages=U + [{"role": "assistant", "content": "calling", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f1", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": "r"}], tools=[fn("f1")]),
 "tool_empty_content": dict(model="gpt-4o", messages=U + [{"role": "assistant", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f1", "arguments": "{}"}}]}, {"role": "tool", "tool_call_id": "call_1", "content": ""}], tools=[fn("f1")]),
 "temperature_0": dict(model="gpt-4o", messages=U, temperature=0),
 "top_logprobs_0": dict(model="gpt-4o", messages=U, logprobs=True, top_logprobs=0),
 "logprobs_false": dict(model="gpt-4o", messages=U, logprobs=False),
 "store_false": dict(model="gpt-4o", messages=U, store=False),
 "parallel_true": dict(model="gpt-4o", messages=U, tools=[fn("a1")], parallel_tool_calls=True),
 "service_tier_auto": dict(model="gpt-4o", messages=U, service_tier="auto"),
 "stream_no_usage": dict(model="gpt-4o", messages=U, stream=True),
 "tool_desc_empty": dict(model="gpt-4o", messages=U, tools=[{"type": "function", "function": {"name": "f", "description": "", "parameters": {"type": "object", "properties": {}}}}]),
 "tool_no_params": dict(model="gpt-4o", messages=U, tools=[{"type": "function", "function": {"name": "f"}}]),
 "image_b64": dict(model="gpt-4o", messages=[{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}]}]),
 "image_detail_low_b64": dict(model="gpt-4o", messages=[{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo=", "detail": "low"}}]}]),
 "metadata_only": dict(model="gpt-4o", messages=U, metadata={"k": "v"}),
}
for name, params in cases.items():
    body = chat_body(**params)
    kind, info = same_dialect("openai_chat", body)
    print(f"{name:28s} same: {kind} {('OK' if not info else info[:4]) if kind=='built' else info}")
    for dst in DIALECTS:
        if dst == "openai_chat": continue
        lost = silent_losses("openai_chat", dst, body)
        if lost: print(f"     -> {dst}: {lost}")
