import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import compare, lc_parse, lm15_parse
P = "gemini"
def base(cands, **kw):
    b = {"candidates": cands, "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5}, "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    b.update(kw); return b
def c(parts, finish="STOP", index=0, **kw):
    d = {"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": index}; d.update(kw); return d
T = lambda t="hi", **kw: {"text": t, **kw}
gm = {"webSearchQueries": ["q"], "groundingChunks": [{"web": {"uri": "https://w", "title": "W"}}], "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 2, "text": "hi"}, "groundingChunkIndices": [0], "confidenceScores": [0.9]}], "searchEntryPoint": {"renderedContent": "<div/>"}}
cases = {
 "plain": base([c([T()])]),
 "exec_code": base([c([{"executableCode": {"language": "PYTHON", "code": "print(1)"}}, {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}}, T("done")])]),
 "exec_code_only": base([c([{"executableCode": {"language": "PYTHON", "code": "print(1)"}}])]),
 "inline_image": base([c([{"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}])]),
 "inline_audio": base([c([{"inlineData": {"mimeType": "audio/wav", "data": "UklGRg=="}}])]),
 "inline_pdf": base([c([{"inlineData": {"mimeType": "application/pdf", "data": "JVBERg=="}}])]),
 "inline_urlsafe": base([c([{"inlineData": {"mimeType": "image/png", "data": "-_-_"}}])]),
 "file_data": base([c([{"fileData": {"mimeType": "image/png", "fileUri": "gs://b/x.png"}}])]),
 "file_data_video": base([c([{"fileData": {"mimeType": "video/mp4", "fileUri": "https://x/v.mp4"}}])]),
 "thought": base([c([{"text": "think", "thought": True}, T()])]),
 "thought_sig": base([c([{"text": "think", "thought": True, "thoughtSignature": "U0lH"}, T("a", thoughtSignature="U0lH2")])]),
 "thought_sig_call": base([c([{"functionCall": {"name": "f", "args": {"a": 1}}, "thoughtSignature": "U0lH"}])]),
 "call_with_id": base([c([{"functionCall": {"id": "fc1", "name": "f", "args": {}}}])]),
 "call_no_args": base([c([{"functionCall": {"name": "f"}}])]),
 "call_noname": base([c([{"functionCall": {"name": "", "args": {}}}])]),
 "call_partial_args": base([c([{"functionCall": {"name": "f", "partialArgs": [{"jsonPath": "$.a", "stringValue": "x"}], "willContinue": False}}])]),
 "two_calls": base([c([{"functionCall": {"name": "f", "args": {}}}, {"functionCall": {"name": "g", "args": {}}}])]),
 "grounding": base([c([T()], groundingMetadata=gm)]),
 "grounding_maps": base([c([T()], groundingMetadata={"groundingChunks": [{"maps": {"uri": "https://m", "title": "M", "placeId": "p"}}], "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 2, "text": "hi"}, "groundingChunkIndices": [0]}]})]),
 "grounding_retrieved": base([c([T()], groundingMetadata={"groundingChunks": [{"retrievedContext": {"uri": "gs://r", "title": "R", "text": "t"}}], "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 2, "text": "hi"}, "groundingChunkIndices": [0]}]})]),
 "grounding_bad_index": base([c([T()], groundingMetadata={"groundingChunks": [], "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 2, "text": "hi"}, "groundingChunkIndices": [3]}]})]),
 "grounding_no_segment_text": base([c([T()], groundingMetadata={"groundingChunks": [{"web": {"uri": "https://w", "title": "W"}}], "groundingSupports": [{"segment": {"endIndex": 2}, "groundingChunkIndices": [0]}]})]),
 "url_context": base([c([T()], urlContextMetadata={"urlMetadata": [{"retrievedUrl": "https://u", "urlRetrievalStatus": "URL_RETRIEVAL_STATUS_SUCCESS"}]})]),
 "citation_meta": base([c([T("abcdef")], citationMetadata={"citations": [{"startIndex": 0, "endIndex": 3, "uri": "https://c", "title": "C", "license": "mit", "publicationDate": {"year": 2020, "month": 1, "day": 1}}]})]),
 "citation_meta_citationSources": base([c([T("abcdef")], citationMetadata={"citationSources": [{"startIndex": 0, "endIndex": 3, "uri": "https://c"}]})]),
 "two_cands": base([c([T("a")]), c([T("b")], index=1)]),
 "prompt_blocked": {"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "probability": "HIGH"}]}, "usageMetadata": {"promptTokenCount": 3, "totalTokenCount": 3}, "modelVersion": "gemini-2.5-flash"},
 "prompt_blocked_other": {"promptFeedback": {"blockReason": "OTHER"}, "modelVersion": "g"},
 "prompt_blocked_msg": {"promptFeedback": {"blockReason": "PROHIBITED_CONTENT", "blockReasonMessage": "nope"}},
 "prompt_feedback_no_block": base([c([T()])], promptFeedback={"safetyRatings": []}),
 "finish_safety": base([c([], finish="SAFETY", safetyRatings=[{"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH", "blocked": True}])]),
 "finish_safety_nocontent": base([{"finishReason": "SAFETY", "index": 0}]),
 "finish_recitation": base([c([T("a")], finish="RECITATION")]),
 "finish_max": base([c([T("a")], finish="MAX_TOKENS")]),
 "finish_malformed": base([{"finishReason": "MALFORMED_FUNCTION_CALL", "finishMessage": "Malformed function call: x", "index": 0}]),
 "finish_unexpected_tool": base([{"finishReason": "UNEXPECTED_TOOL_CALL", "index": 0}]),
 "finish_blocklist": base([c([], finish="BLOCKLIST")]),
 "finish_prohibited": base([c([], finish="PROHIBITED_CONTENT")]),
 "finish_spii": base([c([], finish="SPII")]),
 "finish_image_safety": base([c([], finish="IMAGE_SAFETY")]),
 "finish_language": base([c([], finish="LANGUAGE")]),
 "finish_other": base([c([T("a")], finish="OTHER")]),
 "finish_too_many_tool_calls": base([c([], finish="TOO_MANY_TOOL_CALLS")]),
 "finish_no_image": base([c([], finish="NO_IMAGE")]),
 "finish_missing": base([{"content": {"role": "model", "parts": [T()]}, "index": 0}]),
 "no_candidates": {"usageMetadata": {"promptTokenCount": 3, "totalTokenCount": 3}, "modelVersion": "g"},
 "usage_full": base([c([T()])], usageMetadata={"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 9, "thoughtsTokenCount": 4, "cachedContentTokenCount": 1, "toolUsePromptTokenCount": 2, "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 2}, {"modality": "AUDIO", "tokenCount": 1}], "candidatesTokensDetails": [{"modality": "AUDIO", "tokenCount": 2}], "cacheTokensDetails": [{"modality": "TEXT", "tokenCount": 1}]}),
 "avg_logprobs": base([c([T()], avgLogprobs=-0.3)]),
 "logprobs_result": base([c([T()], logprobsResult={"topCandidates": [{"candidates": [{"token": "hi", "logProbability": -0.1}, {"token": "yo", "logProbability": -2.0}]}], "chosenCandidates": [{"token": "hi", "logProbability": -0.1}]})]),
 "empty_parts": base([c([])]),
 "content_no_parts": base([{"content": {"role": "model"}, "finishReason": "MAX_TOKENS", "index": 0}]),
 "text_empty": base([c([T("")])]),
 "part_video_metadata": base([c([{"fileData": {"mimeType": "video/mp4", "fileUri": "gs://v"}, "videoMetadata": {"startOffset": "1s"}}])]),
 "function_response_in_output": base([c([{"functionResponse": {"name": "f", "response": {"x": 1}}}])]),
 "model_status": base([c([T()])], modelStatus={"modelStage": "STABLE"}),
 "create_time": base([c([T()])], createTime="2026-01-01T00:00:00Z"),
 "error_env": {"error": {"code": 429, "message": "quota", "status": "RESOURCE_EXHAUSTED"}},
 "thought_false": base([c([{"text": "x", "thought": False}])]),
 "thought_only_sig": base([c([{"thoughtSignature": "U0lH"}, T()])]),
 "tool_call_server": base([c([{"toolCall": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}}, {"toolResponse": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "response": {"r": 1}}}, T()])]),
 "media_resolution_part": base([c([{"inlineData": {"mimeType": "image/png", "data": "iVBO"}, "mediaResolution": {"level": "MEDIA_RESOLUTION_HIGH"}}])]),
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
