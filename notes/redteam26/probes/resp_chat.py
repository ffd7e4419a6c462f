import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import compare, lc_parse, lm15_parse
P = "openai_chat"
def base(choices, **kw):
    b = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": choices,
         "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}}
    b.update(kw); return b
def ch(message, finish="stop", index=0, **kw):
    c = {"index": index, "message": message, "finish_reason": finish, "logprobs": None}; c.update(kw); return c
def m(**kw):
    d = {"role": "assistant", "content": "hi", "refusal": None}; d.update(kw); return d
lp = {"content": [{"token": "hi", "logprob": -0.1, "bytes": [104, 105], "top_logprobs": [{"token": "hi", "logprob": -0.1, "bytes": [104, 105]}, {"token": "yo", "logprob": -3.0, "bytes": None}]}], "refusal": None}
tc = lambda i="call_1", n="f", a='{"a":1}': {"id": i, "type": "function", "function": {"name": n, "arguments": a}}
cases = {
 "plain": base([ch(m())]),
 "refusal": base([ch(m(content=None, refusal="I can't"))]),
 "refusal_and_content": base([ch(m(content="a", refusal="b"))]),
 "audio": base([ch(m(content=None, audio={"id": "audio_1", "data": "UklGRg==", "expires_at": 9, "transcript": "hello"}))]),
 "audio_and_text": base([ch(m(content="t", audio={"id": "audio_1", "data": "UklGRg==", "expires_at": 9, "transcript": "hello"}))]),
 "function_call_legacy": base([ch(m(content=None, function_call={"name": "f", "arguments": "{\"x\":1}"}), finish="function_call")]),
 "tool_calls": base([ch(m(content=None, tool_calls=[tc()]), finish="tool_calls")]),
 "tool_calls_two": base([ch(m(content=None, tool_calls=[tc(), tc("call_2", "g", "{}")]), finish="tool_calls")]),
 "tool_calls_custom": base([ch(m(content=None, tool_calls=[{"id": "c", "type": "custom", "custom": {"name": "g", "input": "raw"}}]), finish="tool_calls")]),
 "tool_call_badjson": base([ch(m(content=None, tool_calls=[tc(a='{"a":')]), finish="tool_calls")]),
 "tool_call_empty_args": base([ch(m(content=None, tool_calls=[tc(a='')]), finish="tool_calls")]),
 "tool_call_noname": base([ch(m(content=None, tool_calls=[tc(n='')]), finish="tool_calls")]),
 "tool_call_noid": base([ch(m(content=None, tool_calls=[{"type": "function", "function": {"name": "f", "arguments": "{}"}}]), finish="tool_calls")]),
 "logprobs_bytes": base([ch(m(), logprobs=lp)]),
 "logprobs_refusal": base([ch(m(content=None, refusal="no"), logprobs={"content": None, "refusal": lp["content"]})]),
 "n2": base([ch(m(content="a")), ch(m(content="b"), index=1)]),
 "n2_same_index": base([ch(m(content="a")), ch(m(content="b"), index=0)]),
 "n1_index1": base([ch(m(content="a"), index=1)]),
 "no_choices": base([]),
 "finish_length": base([ch(m(), finish="length")]),
 "finish_content_filter": base([ch(m(content=None), finish="content_filter")]),
 "finish_null": base([ch(m(), finish=None)]),
 "annotations": base([ch(m(content="see x", annotations=[{"type": "url_citation", "url_citation": {"start_index": 4, "end_index": 5, "url": "https://x", "title": "X"}}]))]),
 "annotations_bad_idx": base([ch(m(content="see", annotations=[{"type": "url_citation", "url_citation": {"start_index": 10, "end_index": 50, "url": "https://x", "title": "X"}}]))]),
 "usage_details": base([ch(m())], usage={"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5, "prompt_tokens_details": {"cached_tokens": 1, "audio_tokens": 1}, "completion_tokens_details": {"reasoning_tokens": 1, "audio_tokens": 1, "accepted_prediction_tokens": 1, "rejected_prediction_tokens": 0}}),
 "usage_null": base([ch(m())], usage=None),
 "service_tier": base([ch(m())], service_tier="default", system_fingerprint="fp_1"),
 "reasoning_content": base([ch(m(reasoning_content="think"))]),
 "reasoning_field": base([ch(m(reasoning="think"))]),
 "reasoning_details": base([ch(m(reasoning_details=[{"type": "reasoning.text", "text": "t", "signature": "s"}]))]),
 "thinking_blocks": base([ch(m(thinking_blocks=[{"type": "thinking", "thinking": "t", "signature": "s"}]))]),
 "content_list": base([ch(m(content=[{"type": "text", "text": "a"}]))]),
 "content_empty": base([ch(m(content=""))]),
 "message_null": base([ch(None)]),
 "images_openrouter": base([ch(m(images=[{"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBO"}}]))]),
 "tool_calls_empty_list": base([ch(m(tool_calls=[]))]),
 "model_missing": {k: v for k, v in base([ch(m())]).items() if k != "model"},
 "error_body": {"error": {"message": "bad", "type": "invalid_request_error", "code": "x"}},
 "choices_missing": {"id": "x", "model": "m"},
 "tool_call_parallel_with_text": base([ch(m(content="let me", tool_calls=[tc()]), finish="tool_calls")]),
 "function_call_and_tool_calls": base([ch(m(content=None, function_call={"name": "f", "arguments": "{}"}, tool_calls=[tc()]), finish="tool_calls")]),
 "logprobs_top_bytes_null": base([ch(m(), logprobs={"content": [{"token": "hi", "logprob": -0.1, "bytes": None, "top_logprobs": []}]})]),
 "vllm_stop_reason": base([ch(m(), stop_reason=123)]),
 "prompt_logprobs": base([ch(m())], prompt_logprobs=[None, {"1": {"logprob": -1}}]),
}
bad = 0
for name, body in cases.items():
    d = compare(P, body)
    if d:
        bad += 1; print("MISMATCH", name)
        for x in d[:6]: print("   ", x[:400])
    a, b = lc_parse(P, body), lm15_parse(P, body)
    if isinstance(a, tuple) or isinstance(b, tuple):
        print("RAISED", name, a if isinstance(a, tuple) else "ok", "|", b if isinstance(b, tuple) else "ok")
print(bad, "of", len(cases))
