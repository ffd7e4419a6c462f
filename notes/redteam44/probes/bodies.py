"""Whole bodies of current provider features: decode_response, encode_response to every dialect
(same dialect too), translate_response; each output read by the destination SDK's client and
decoded back; compared with the source's Response (text, thinking, calls, signatures, citations)."""
from __future__ import annotations

import json
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _bodies import REQUEST, lc, sdk_body, view  # noqa: E402

WIRES = ["openai", "openai_chat", "anthropic", "gemini"]
AU = {"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}


def amsg(content, stop="end_turn", usage=AU, **kw):
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x", "content": content,
            "stop_reason": stop, "stop_sequence": None, "usage": usage, **kw}


SRV = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}}
WSR = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": [{"type": "web_search_result", "title": "T", "url": "https://x", "encrypted_content": "E", "page_age": None}]}
CIT = {
    "char": {"type": "char_location", "cited_text": "a", "document_index": 0, "document_title": "D", "start_char_index": 0, "end_char_index": 1, "file_id": None},
    "page": {"type": "page_location", "cited_text": "a", "document_index": 0, "document_title": None, "start_page_number": 1, "end_page_number": 2, "file_id": None},
    "block": {"type": "content_block_location", "cited_text": "a", "document_index": 1, "document_title": "D", "start_block_index": 0, "end_block_index": 1, "file_id": None},
    "search": {"type": "search_result_location", "cited_text": "a", "search_result_index": 0, "source": "s", "title": "t", "start_block_index": 0, "end_block_index": 1},
    "web": {"type": "web_search_result_location", "cited_text": "a", "url": "https://u", "title": "U", "encrypted_index": "E"},
}
A = {
    "text": amsg([{"type": "text", "text": "héllo ✓", "citations": None}]),
    "thinking_sig": amsg([{"type": "thinking", "thinking": "hmm", "signature": "EqQBsig"}, {"type": "text", "text": "hi"}]),
    "redacted": amsg([{"type": "redacted_thinking", "data": "EmwKred"}, {"type": "text", "text": "hi"}]),
    "tool_use": amsg([{"type": "text", "text": "calling"}, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {"a": [1, "é"]}}], "tool_use"),
    "server_tool": amsg([SRV, WSR, {"type": "text", "text": "sunny", "citations": [CIT["web"]]}],
                        usage=dict(AU, server_tool_use={"web_search_requests": 1})),
    "pause_turn": amsg([SRV], "pause_turn"),
    "refusal": amsg([{"type": "text", "text": "no"}], "refusal"),
    "max_tokens": amsg([{"type": "text", "text": "cut"}], "max_tokens"),
    "stop_sequence": amsg([{"type": "text", "text": "x"}], "stop_sequence", stop_sequence="END"),
    "cache_usage": amsg([{"type": "text", "text": "x"}], usage={"input_tokens": 3, "output_tokens": 5, "cache_creation_input_tokens": 4, "cache_read_input_tokens": 6}),
    **{f"citation_{k}": amsg([{"type": "text", "text": "A ", "citations": None}, {"type": "text", "text": "claim", "citations": [c]}]) for k, c in CIT.items()},
}
RU = {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 2}, "output_tokens": 7, "output_tokens_details": {"reasoning_tokens": 3}, "total_tokens": 12}


def resp(output, status="completed", **kw):
    return {"id": "resp_1", "object": "response", "created_at": 1, "status": status, "error": None, "incomplete_details": None,
            "model": "gpt-5", "output": output, "usage": RU, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], **kw}


def rmsg(*content, mid="msg_1"):
    return {"id": mid, "type": "message", "status": "completed", "role": "assistant", "content": list(content)}


def otext(t, ann=()):
    return {"type": "output_text", "text": t, "annotations": list(ann), "logprobs": []}


REAS = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "thought"}], "encrypted_content": "gAAAAenc"}
FC = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f", "arguments": '{"a":1}'}
O = {
    "text": resp([rmsg(otext("héllo ✓"))]),
    "reasoning_call": resp([REAS, rmsg(otext("x")), FC]),
    "refusal": resp([rmsg({"type": "refusal", "refusal": "I can't"})]),
    "url_citation": resp([rmsg(otext("see x", [{"type": "url_citation", "start_index": 4, "end_index": 5, "url": "https://x", "title": "X"}]))]),
    "file_citation": resp([rmsg(otext("see x", [{"type": "file_citation", "file_id": "file_1", "filename": "a.txt", "index": 4}]))]),
    "web_search_call": resp([{"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}, rmsg(otext("sunny"))]),
    "incomplete": resp([rmsg(otext("cut"))], "incomplete", incomplete_details={"reason": "max_output_tokens"}),
    "incomplete_filter": resp([rmsg(otext("cut"))], "incomplete", incomplete_details={"reason": "content_filter"}),
    "two_calls": resp([FC, dict(FC, id="fc_2", call_id="call_2", name="g", arguments='{"b":[1,2]}')]),
}
CU = {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12, "prompt_tokens_details": {"cached_tokens": 2}, "completion_tokens_details": {"reasoning_tokens": 3}}


def chat(message, finish="stop", **kw):
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "refusal": None, **message}, "logprobs": None, "finish_reason": finish}], "usage": CU, **kw}


C = {
    "text": chat({"content": "héllo ✓"}),
    "tool_calls": chat({"tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}},
                                        {"id": "call_2", "type": "function", "function": {"name": "g", "arguments": "{}"}}]}, "tool_calls"),
    "refusal": chat({"refusal": "I can't"}),
    "annotations": chat({"content": "see x", "annotations": [{"type": "url_citation", "url_citation": {"start_index": 4, "end_index": 5, "url": "https://x", "title": "X"}}]}),
    "length": chat({"content": "cut"}, "length"),
    "content_filter": chat({"content": ""}, "content_filter"),
    "reasoning_content": chat({"content": "x", "reasoning_content": "thought"}),
}
GU = {"promptTokenCount": 5, "candidatesTokenCount": 7, "totalTokenCount": 15, "thoughtsTokenCount": 3}


def gem(parts, finish="STOP", **kw):
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0, **kw}],
            "usageMetadata": GU, "modelVersion": "gemini-2.5-flash", "responseId": "r1"}


G = {
    "text": gem([{"text": "héllo ✓"}]),
    "thought_sig": gem([{"text": "hmm", "thought": True}, {"text": "hi", "thoughtSignature": "c2lnMQ=="}]),
    "fc_sig": gem([{"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "c2lnMg=="}]),
    "fc_ids": gem([{"functionCall": {"id": "c1", "name": "f", "args": {}}}, {"functionCall": {"id": "c2", "name": "g", "args": {"b": 2}}}]),
    "code_exec": gem([{"executableCode": {"language": "PYTHON", "code": "print(1)"}}, {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}}, {"text": "one"}]),
    "grounding": gem([{"text": "sunny"}], groundingMetadata={"webSearchQueries": ["q"], "groundingChunks": [{"web": {"uri": "https://x", "title": "X"}}],
                                                          "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 5, "text": "sunny"}, "groundingChunkIndices": [0]}]}),
    "max_tokens": gem([{"text": "cut"}], "MAX_TOKENS"),
    "inline_data": gem([{"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}]),
    "file_data": gem([{"fileData": {"mimeType": "image/png", "fileUri": "gs://b/x.png"}}]),
}
SOURCES = {"anthropic": A, "openai": O, "openai_chat": C, "gemini": G}


def compare(want, got, where):
    return [f"{where} {k}: {got[k]!r:.160} != {want[k]!r:.160}" for k in want if got.get(k) != want[k]]


def run_one(src, name, body, dst, how):
    try:
        R = lc.decode_response(src, body, request=REQUEST)
    except lc.LmcodecError as e:
        R = e
    try:
        if how == "encode":
            if not isinstance(R, lc.Response):
                return [f"src {type(R).__name__}: {str(R)[:120]}"]
            out = lc.encode_response(dst, R, usage_from=src)
        else:
            out = lc.translate_response(src, dst, body, request=REQUEST)
    except lc.LmcodecError as e:
        return [f"lc-error {type(e).__name__}: {str(e)[:200]}"]
    except Exception as e:
        return [f"BARE {type(e).__name__}: {e}"]
    f = []
    try:
        s = sdk_body(dst, out)
    except Exception as e:
        return [f"SDK-RAISED {type(e).__name__}: {str(e)[:200]}"]
    if isinstance(R, lc.Response):
        want = view(R)
        f += compare(want, s, "sdk")
        try:
            back = lc.decode_response(dst, out, request=REQUEST)
            f += compare(want, view(back), "back")
            if back.finish_reason != R.finish_reason:
                f.append(f"back finish {back.finish_reason} != {R.finish_reason}")
            if src == dst and lc.to_builtins(back.message) != lc.to_builtins(R.message):
                f.append(f"back message differs (same dialect): {lc.to_builtins(back.message)!s:.300} vs {lc.to_builtins(R.message)!s:.300}")
        except lc.LmcodecError as e:
            f.append(f"back {type(e).__name__}: {str(e)[:150]}")
    f.append(f"[sdk finish {s['finish']} usage {s['usage']}]") if f else None
    return f


if __name__ == "__main__":
    tally = Counter()
    for how in ("encode", "translate"):
        for src, bodies in SOURCES.items():
            for name, b in bodies.items():
                body = json.dumps(b).encode()
                for dst in WIRES:
                    f = run_one(src, name, body, dst, how)
                    tally[(how, "ok" if not f else "diff")] += 1
                    if f:
                        print(f"{how:9} {src:11} -> {dst:11} {name}: " + " | ".join(f))
    print(dict(tally))
