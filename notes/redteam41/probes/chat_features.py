import sys, os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check

def ch(delta=None, finish=None, idx=0, usage=None, choices=None, **extra):
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o", "system_fingerprint": "fp_1",
         "choices": choices if choices is not None else [{"index": idx, "delta": delta or {}, "logprobs": None, "finish_reason": finish}]}
    if usage is not None: c["usage"] = usage
    c.update(extra)
    return sse(c)
U = {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12, "prompt_tokens_details": {"cached_tokens": 2, "audio_tokens": 0},
     "completion_tokens_details": {"reasoning_tokens": 3, "audio_tokens": 0, "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}}
DONE = b"data: [DONE]\n\n"
role = ch({"role": "assistant", "content": "", "refusal": None})
def text(t="héllo ✓"): return ch({"content": t})
cases = {
    "plain": role + text() + ch(finish="stop") + ch(choices=[], usage=U) + DONE,
    "refusal": role + ch({"refusal": "I can"}) + ch({"refusal": "'t ✓"}) + ch(finish="stop") + DONE,
    "refusal_and_content": role + ch({"content": "a", "refusal": "b"}) + ch(finish="stop") + DONE,
    "audio": role + ch({"audio": {"id": "audio_1", "data": "UklG", "transcript": "hi", "expires_at": 9}}) + ch({"audio": {"data": "RgAA", "transcript": " there"}}) + ch(finish="stop") + DONE,
    "legacy_function_call": role + ch({"function_call": {"name": "f", "arguments": ""}}) + ch({"function_call": {"arguments": '{"a":1}'}}) + ch(finish="function_call") + DONE,
    "tool_calls": role + ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}]}) + ch({"tool_calls": [{"index": 0, "function": {"arguments": '{"a":'}}]}) + ch({"tool_calls": [{"index": 0, "function": {"arguments": '1}'}}]}) + ch(finish="tool_calls") + DONE,
    "tool_calls_gap": role + ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch({"tool_calls": [{"index": 3, "id": "call_2", "type": "function", "function": {"name": "g", "arguments": "{}"}}]}) + ch(finish="tool_calls") + DONE,
    "tool_calls_id_repeated": role + ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}]}) + ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"arguments": '{"a":1}'}}]}) + ch(finish="tool_calls") + DONE,
    "tool_calls_same_id_two_index": role + ch({"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch({"tool_calls": [{"index": 1, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch(finish="tool_calls") + DONE,
    "tool_calls_two_in_one_chunk": role + ch({"tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}, {"index": 1, "id": "c2", "type": "function", "function": {"name": "g", "arguments": "{\"b\":2}"}}]}) + ch(finish="tool_calls") + DONE,
    "tool_calls_no_index": role + ch({"tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + ch(finish="tool_calls") + DONE,
    "n2": ch(choices=[{"index": 0, "delta": {"role": "assistant", "content": "a"}, "finish_reason": None}, {"index": 1, "delta": {"role": "assistant", "content": "b"}, "finish_reason": None}]) + ch(choices=[{"index": 1, "delta": {"content": "B"}, "finish_reason": "stop"}, {"index": 0, "delta": {"content": "A"}, "finish_reason": "stop"}]) + DONE,
    "n2_only_second": ch({"role": "assistant", "content": "b"}, idx=1) + ch(finish="stop", idx=1) + DONE,
    "usage_only_first": ch(choices=[], usage=U) + role + text() + ch(finish="stop") + DONE,
    "usage_null_chunks": role + ch({"content": "a"}, usage=None) + sse({"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": "b"}, "finish_reason": None}], "usage": None}) + ch(finish="stop") + DONE,
    "done_spaced": role + text() + ch(finish="stop") + b"data:[DONE]\n\n",
    "done_trailing_space": role + text() + ch(finish="stop") + b"data: [DONE] \n\n",
    "done_crlf": (role + text() + ch(finish="stop") + DONE).replace(b"\n", b"\r\n"),
    "done_lower": role + text() + ch(finish="stop") + b"data: [done]\n\n",
    "no_done": role + text() + ch(finish="stop"),
    "error_object": role + text() + sse({"error": {"message": "Rate limit", "type": "rate_limit_error", "param": None, "code": "rate_limit_exceeded"}}),
    "error_object_first": sse({"error": {"message": "bad", "type": "invalid_request_error", "code": None}}),
    "content_filter": role + text() + ch(finish="content_filter") + DONE,
    "length": role + text() + ch(finish="length") + DONE,
    "reasoning_content": role + ch({"reasoning_content": "think"}) + text() + ch(finish="stop") + DONE,
    "annotations": role + text() + ch({"annotations": [{"type": "url_citation", "url_citation": {"url": "https://x", "title": "X", "start_index": 0, "end_index": 2}}]}) + ch(finish="stop") + DONE,
    "logprobs": role + ch(choices=[{"index": 0, "delta": {"content": "a"}, "logprobs": {"content": [{"token": "a", "logprob": -0.1, "bytes": [97], "top_logprobs": []}], "refusal": None}, "finish_reason": None}]) + ch(finish="stop") + DONE,
    "obfuscation": role + ch({"content": "a"}, obfuscation="xyz") + ch(finish="stop") + DONE,
    "service_tier": role + ch({"content": "a"}, service_tier="default") + ch(finish="stop") + DONE,
    "comment_keepalive": b": OPENROUTER PROCESSING\n\n" + role + text() + ch(finish="stop") + DONE,
    "tool_then_text": role + ch({"tool_calls": [{"index": 0, "id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}) + text("after") + ch(finish="tool_calls") + DONE,
    "text_after_finish": role + text() + ch(finish="stop") + text("late") + DONE,
}
bad = [n for n, b in cases.items() if check("openai_chat", b, n)]
print(len(cases), "cases,", len(bad), "failing:", bad)
