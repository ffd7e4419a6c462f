"""Each odd key of a client's body, one at a time, toward each other dialect: is it in the
destination body, or noted? Prints keys neither sent (by a marker value) nor noted."""
import json
import lmcodec as lc

MARK = "zq_marker"
BASE = {
 "openai": {"model": "gpt-5", "input": "hi"},
 "openai_chat": {"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}]},
 "anthropic": {"model": "claude", "max_tokens": 10, "messages": [{"role": "user", "content": "hi"}]},
 "gemini": {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
}
KEYS = {
 "openai": {"previous_response_id": "resp_" + MARK, "prompt_cache_key": MARK, "text": {"verbosity": "low"}, "reasoning": {"effort": "low", "summary": "auto"},
            "max_tool_calls": 3, "truncation": "auto", "background": True, "conversation": "conv_" + MARK, "prompt": {"id": "pmpt_" + MARK},
            "service_tier": "flex", "metadata": {"k": MARK}, "user": MARK, "safety_identifier": MARK, "top_logprobs": 2, "instructions": MARK,
            "include": ["file_search_call.results"], "stream_options": {"include_obfuscation": False}, "prompt_cache_retention": "24h", "temperature": 0.5, "top_p": 0.9,
            "max_output_tokens": 77, "parallel_tool_calls": False, "store": True, "tool_choice": "none", "context_management": [{"type": "compaction"}]},
 "openai_chat": {"n": 2, "seed": 7, "logit_bias": {"50256": -100}, "modalities": ["text"], "prediction": {"type": "content", "content": MARK},
                 "web_search_options": {}, "stream_options": {"include_usage": True}, "response_format": {"type": "json_object"}, "verbosity": "low",
                 "reasoning_effort": "low", "functions": [{"name": "f_" + MARK, "parameters": {"type": "object"}}], "function_call": "auto",
                 "presence_penalty": 0.5, "frequency_penalty": 0.5, "stop": [MARK], "max_tokens": 55, "max_completion_tokens": 66, "service_tier": "flex",
                 "prompt_cache_key": MARK, "store": True, "metadata": {"k": MARK}, "user": MARK, "logprobs": True, "top_logprobs": 3, "audio": {"voice": "alloy", "format": "mp3"}},
 "anthropic": {"top_k": 5, "stop_sequences": [MARK], "container": "cont_" + MARK, "mcp_servers": [{"type": "url", "url": "http://x/" + MARK, "name": "m"}],
               "service_tier": "standard_only", "thinking": {"type": "enabled", "budget_tokens": 1024}, "context_management": {"edits": [{"type": "clear_tool_uses_20250919"}]},
               "metadata": {"user_id": MARK}, "temperature": 0.3, "top_p": 0.8, "system": MARK, "tool_choice": {"type": "none"}},
 "gemini": {"safetySettings": [{"category": "HARM_CATEGORY_HARASSMENT", "threshold": "BLOCK_NONE"}], "cachedContent": "cachedContents/" + MARK, "labels": {"k": MARK},
            "generationConfig": {"candidateCount": 2}, "generationConfig.seed": {"seed": 9}, "generationConfig.responseMimeType": {"responseMimeType": "application/json"},
            "generationConfig.stopSequences": {"stopSequences": [MARK]}, "generationConfig.topK": {"topK": 3}, "generationConfig.mediaResolution": {"mediaResolution": "MEDIA_RESOLUTION_LOW"},
            "generationConfig.thinkingConfig": {"thinkingConfig": {"thinkingBudget": 100, "includeThoughts": True}}, "generationConfig.presencePenalty": {"presencePenalty": 0.4},
            "generationConfig.responseModalities": {"responseModalities": ["TEXT"]}, "systemInstruction": {"parts": [{"text": MARK}]}, "toolConfig": {"functionCallingConfig": {"mode": "NONE"}}},
}
for src, keys in KEYS.items():
    for key, value in keys.items():
        body = dict(BASE[src])
        if key.startswith("generationConfig."):
            body["generationConfig"] = value; key_name = key
        else:
            body[key] = value; key_name = key
        for dst in BASE:
            if dst == src: continue
            try:
                built = lc.translate_request(src, dst, json.dumps(body), model="m-1")
            except lc.LmcodecError as e:
                print(f"{src}.{key_name} -> {dst}: REFUSED {type(e).__name__}: {str(e)[:120]}"); continue
            notes = [a for a in built.adaptations if a.field != "config.max_tokens" or "max" in key_name]
            short = [f"{a.field} {a.action}" for a in notes]
            sent = json.loads(built.body)
            sent_wo = {k: v for k, v in sent.items() if k not in ("model", "messages", "input", "contents", "max_tokens", "stream")}
            print(f"{src}.{key_name} -> {dst}: sent {json.dumps(sent_wo)[:150]} | notes {short}")
