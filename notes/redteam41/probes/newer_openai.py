import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check
bad = []; n = 0
def run(p, name, body):
    global n; n += 1
    if check(p, body, name): bad.append((p, name))
def ch(delta=None, finish=None, idx=0, usage=None, choices="x", **extra):
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
         "choices": [{"index": idx, "delta": delta, "logprobs": None, "finish_reason": finish}] if choices == "x" else choices}
    if usage is not None: c["usage"] = usage
    c.update(extra); return sse(c)
role = ch({"role": "assistant", "content": None})
D = b"data: [DONE]\n\n"
C = {
 "custom_tool_call": role + ch({"tool_calls": [{"index": 0, "id": "call_c", "type": "custom", "custom": {"name": "grammar", "input": "SELECT"}}]}) + ch({"tool_calls": [{"index": 0, "type": "custom", "custom": {"input": " 1"}}]}) + ch({}, "tool_calls") + D,
 "function_call_and_tool_calls": role + ch({"function_call": {"name": "f", "arguments": "{}"}, "tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "g", "arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "choices_null": role + ch(choices=None) + ch({"content": "a"}) + ch({}, "stop") + D,
 "delta_null": role + ch(None) + ch({"content": "a"}) + ch({}, "stop") + D,
 "finish_with_content": role + ch({"content": "a"}, "stop") + D,
 "id_on_later_fragment": role + ch({"tool_calls": [{"index": 0, "type": "function", "function": {"name": "f", "arguments": ""}}]}) + ch({"tool_calls": [{"index": 0, "id": "call_late", "function": {"arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "name_split": role + ch({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "get_", "arguments": ""}}]}) + ch({"tool_calls": [{"index": 0, "function": {"name": "weather", "arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "tool_calls_null": role + ch({"content": "a", "tool_calls": None}) + ch({}, "stop") + D,
 "tool_calls_empty": role + ch({"content": "a", "tool_calls": []}) + ch({}, "stop") + D,
 "whole_args_repeated": role + ch({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}]}) + ch({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}}]}) + ch({}, "tool_calls") + D,
 "usage_in_last_choice_chunk": role + ch({"content": "a"}) + ch({}, "stop", usage={"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}) + D,
 "error_after_done": role + ch({"content": "a"}) + ch({}, "stop") + D + sse({"error": {"message": "x"}}),
 "event_error_line": role + ch({"content": "a"}) + b"event: error\ndata: {\"error\": {\"message\": \"boom\", \"code\": 500}}\n\n",
 "content_parts_list": role + ch({"content": [{"type": "text", "text": "a"}]}) + ch({}, "stop") + D,
 "negative_index": role + ch({"tool_calls": [{"index": -1, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "huge_index": role + ch({"tool_calls": [{"index": 10**9, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "bool_index": role + ch({"tool_calls": [{"index": True, "id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch({}, "tool_calls") + D,
 "choice_index_str": role + ch({"content": "a"}, idx="0") + ch({}, "stop") + D,
 "choice_index_huge": ch({"content": "a"}, idx=10**12) + ch({}, "stop") + D,
}
for k, v in C.items(): run("openai_chat", k, v)
R = {"id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress", "model": "gpt-5", "output": [], "usage": None}
U = {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 2}, "output_tokens": 7, "output_tokens_details": {"reasoning_tokens": 3}, "total_tokens": 12}
def ev(t, **kw): return sse({"type": t, **kw}, t)
MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
CALL = {"id": "fc_1", "type": "function_call", "status": "completed", "arguments": '{"a":1}', "call_id": "call_1", "name": "f"}
def done(out, **kw): return ev("response.completed", response=dict(R, status="completed", output=out, usage=U, **kw))
cr = ev("response.created", response=R)
RS = {
 "queued": ev("response.queued", response=dict(R, status="queued")) + cr + ev("response.output_item.added", output_index=0, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta="hi") + ev("response.output_item.done", output_index=0, item=MSG) + done([MSG]),
 "done_only_items": cr + ev("response.output_item.done", output_index=0, item=MSG) + ev("response.output_item.done", output_index=1, item=CALL) + done([MSG, CALL]),
 "completed_only": cr + done([MSG, CALL]),
 "args_only_in_done": cr + ev("response.output_item.added", output_index=0, item=dict(CALL, arguments="")) + ev("response.function_call_arguments.done", item_id="fc_1", output_index=0, arguments='{"a":1}') + ev("response.output_item.done", output_index=0, item=CALL) + done([CALL]),
 "text_done_differs": cr + ev("response.output_item.added", output_index=0, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta="h") + ev("response.output_text.done", item_id="msg_1", output_index=0, content_index=0, text="hi") + ev("response.output_item.done", output_index=0, item=MSG) + done([MSG]),
 "error_before_created": ev("error", code="rate_limit_exceeded", message="slow down", param=None),
 "error_nested": cr + ev("error", error={"type": "server_error", "code": "server_error", "message": "x"}),
 "incomplete_content_filter": cr + ev("response.incomplete", response=dict(R, status="incomplete", incomplete_details={"reason": "content_filter"}, output=[], usage=U)),
 "usage_details_null": cr + ev("response.completed", response=dict(R, status="completed", output=[MSG], usage={"input_tokens": 1, "output_tokens": 2, "total_tokens": 3, "input_tokens_details": None, "output_tokens_details": None})),
 "audio_deltas": cr + ev("response.audio.delta", delta="UklG") + ev("response.audio.transcript.delta", delta="hi") + ev("response.audio.done") + done([]),
 "mcp_failed": cr + ev("response.output_item.added", output_index=0, item={"id": "mcp_1", "type": "mcp_call", "name": "e", "server_label": "s", "arguments": ""}) + ev("response.mcp_call.failed", item_id="mcp_1", output_index=0) + ev("response.output_item.done", output_index=0, item={"id": "mcp_1", "type": "mcp_call", "name": "e", "server_label": "s", "arguments": "{}", "error": "boom"}) + done([]),
 "obfuscation_logprobs": cr + ev("response.output_item.added", output_index=0, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta="hi", obfuscation="abc", logprobs=[{"token": "hi", "logprob": -0.1, "top_logprobs": []}]) + ev("response.output_item.done", output_index=0, item=MSG) + done([MSG]),
 "two_content_parts": cr + ev("response.output_item.added", output_index=0, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta="a") + ev("response.refusal.delta", item_id="msg_1", output_index=0, content_index=1, delta="no") + ev("response.output_item.done", output_index=0, item=dict(MSG, content=[{"type": "output_text", "text": "a", "annotations": []}, {"type": "refusal", "refusal": "no"}])) + done([]),
 "failed_no_error": cr + ev("response.failed", response=dict(R, status="failed", error=None, output=[], usage=None)),
 "cancelled": cr + ev("response.completed", response=dict(R, status="cancelled", output=[], usage=U)),
 "delta_unknown_item": cr + ev("response.output_text.delta", item_id="nope", output_index=5, content_index=0, delta="x") + done([]),
 "reasoning_summary_no_added": cr + ev("response.reasoning_summary_text.delta", item_id="rs_x", output_index=0, summary_index=0, delta="t") + ev("response.output_item.done", output_index=0, item={"id": "rs_x", "type": "reasoning", "summary": [{"type": "summary_text", "text": "t"}]}) + done([]),
 "output_index_huge": cr + ev("response.output_item.added", output_index=10**9, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=10**9, content_index=0, delta="hi") + done([MSG]),
 "output_index_negative": cr + ev("response.output_item.added", output_index=-1, item=dict(MSG, content=[])) + ev("response.output_text.delta", item_id="msg_1", output_index=-1, content_index=0, delta="hi") + done([MSG]),
}
for k, v in RS.items(): run("openai", k, v)
print(n, "runs,", len(bad), "failing:", bad)
