import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check, lc, lcs, REQUEST, cut_findings

UM = {"promptTokenCount": 5, "candidatesTokenCount": 7, "totalTokenCount": 20, "thoughtsTokenCount": 8, "cachedContentTokenCount": 2,
      "toolUsePromptTokenCount": 1, "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 5}], "candidatesTokensDetails": [{"modality": "TEXT", "tokenCount": 7}],
      "cacheTokensDetails": [{"modality": "TEXT", "tokenCount": 2}]}
def chunk(parts=None, finish=None, usage=None, role="model", extra_cand=None, **extra):
    cand = {"content": {"parts": parts or [], "role": role}, "index": 0}
    if finish: cand["finishReason"] = finish
    if extra_cand: cand.update(extra_cand)
    c = {"candidates": [cand], "modelVersion": "gemini-2.5-pro", "responseId": "resp_g1"}
    if usage is not None: c["usageMetadata"] = usage
    c.update(extra)
    return c
CH = {
    "text": [chunk([{"text": "héllo "}]), chunk([{"text": "wörld ✓"}], "STOP", UM)],
    "thought": [chunk([{"text": "plan", "thought": True}]), chunk([{"text": "answer", "thoughtSignature": "CiQB"}]), chunk([{"text": ""}], "STOP", UM)],
    "thought_sig_alone": [chunk([{"text": "a"}]), chunk([{"thoughtSignature": "CiQB"}]), chunk([], "STOP", UM)],
    "code_exec": [chunk([{"executableCode": {"language": "PYTHON", "code": "print(1)"}}]), chunk([{"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}}]), chunk([{"text": "done"}], "STOP", UM)],
    "grounding": [chunk([{"text": "sunny"}]), chunk([{"text": "."}], "STOP", UM, extra_cand={"groundingMetadata": {"webSearchQueries": ["weather"], "searchEntryPoint": {"renderedContent": "<div/>"}, "groundingChunks": [{"web": {"uri": "https://x", "title": "x.com"}}], "groundingSupports": [{"segment": {"startIndex": 0, "endIndex": 5, "text": "sunny"}, "groundingChunkIndices": [0], "confidenceScores": [0.9]}]}})],
    "url_context": [chunk([{"text": "a"}], "STOP", UM, extra_cand={"urlContextMetadata": {"urlMetadata": [{"retrievedUrl": "https://x", "urlRetrievalStatus": "URL_RETRIEVAL_STATUS_SUCCESS"}]}})],
    "inline_data": [chunk([{"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}]), chunk([{"text": "img"}], "STOP", UM)],
    "file_data": [chunk([{"fileData": {"mimeType": "video/mp4", "fileUri": "gs://b/v.mp4"}}]), chunk([], "STOP", UM)],
    "fc_no_id": [chunk([{"functionCall": {"name": "f", "args": {"a": "é"}}}]), chunk([], "STOP", UM)],
    "fc_with_id": [chunk([{"functionCall": {"id": "fc_1", "name": "f", "args": {}}}, {"functionCall": {"id": "fc_2", "name": "g", "args": {"b": [1]}}}], "STOP", UM)],
    "fc_sig": [chunk([{"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "CiQB"}], "STOP", UM)],
    "fc_same_name_twice": [chunk([{"functionCall": {"name": "f", "args": {"a": 1}}}]), chunk([{"functionCall": {"name": "f", "args": {"a": 2}}}], "STOP", UM)],
    "prompt_blocked": [{"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": [{"category": "HARM_CATEGORY_HARASSMENT", "probability": "HIGH"}]}, "usageMetadata": {"promptTokenCount": 5, "totalTokenCount": 5}, "modelVersion": "gemini-2.5-pro", "responseId": "r"}],
    "prompt_blocked_other": [{"promptFeedback": {"blockReason": "PROHIBITED_CONTENT"}, "modelVersion": "m"}],
    "safety_stop": [chunk([{"text": "a"}]), chunk([], "SAFETY", UM, extra_cand={"safetyRatings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "probability": "HIGH", "blocked": True}]})],
    "max_tokens": [chunk([{"text": "a"}], "MAX_TOKENS", UM)],
    "malformed_fc": [chunk([], "MALFORMED_FUNCTION_CALL", UM, extra_cand={"finishMessage": "Malformed function call: ..."})],
    "usage_every_chunk": [chunk([{"text": "a"}], usage={"promptTokenCount": 5, "totalTokenCount": 5}), chunk([{"text": "b"}], usage={"promptTokenCount": 5, "candidatesTokenCount": 1, "totalTokenCount": 6}), chunk([], "STOP", UM)],
    "usage_no_candidates_tokens": [chunk([{"text": "a"}], "STOP", {"promptTokenCount": 5, "totalTokenCount": 5})],
    "usage_after_finish": [chunk([{"text": "a"}], "STOP"), {"usageMetadata": UM, "modelVersion": "m"}],
    "no_role": [chunk([{"text": "a"}], role=None), chunk([], "STOP", UM)],
    "empty_content": [{"candidates": [{"content": {}, "finishReason": "STOP", "index": 0}], "usageMetadata": UM}],
    "no_content": [{"candidates": [{"finishReason": "STOP", "index": 0}], "usageMetadata": UM}],
    "two_candidates": [{"candidates": [{"content": {"parts": [{"text": "a"}], "role": "model"}, "index": 0}, {"content": {"parts": [{"text": "b"}], "role": "model"}, "index": 1}]}, chunk([], "STOP", UM)],
    "citation_metadata": [chunk([{"text": "a"}], "STOP", UM, extra_cand={"citationMetadata": {"citations": [{"startIndex": 0, "endIndex": 1, "uri": "https://x"}]}})],
    "avg_logprobs": [chunk([{"text": "a"}], "STOP", UM, extra_cand={"avgLogprobs": -0.5, "logprobsResult": {"topCandidates": [], "chosenCandidates": []}})],
    "function_response_in_model": [chunk([{"functionResponse": {"name": "f", "response": {"x": 1}}}], "STOP", UM)],
    "video_metadata": [chunk([{"text": "a", "videoMetadata": {"startOffset": "1s"}}], "STOP", UM)],
    "error_mid": [chunk([{"text": "a"}]), {"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}}],
}
if __name__ == "__main__":
    bad = []
    for name, chunks in CH.items():
        body = b"".join(sse(c) for c in chunks)
        if check("gemini", body, name):
            bad.append(name)
    # JSON-array framing: read must equal the SSE reading of the same chunks
    def events(body):
        try:
            return [lc.to_builtins(e) for e in lcs.decode("gemini", [body], request=REQUEST)]
        except lc.LmcodecError as exc:
            return ("raised", type(exc).__name__)
        except Exception as exc:
            return ("ESCAPED", type(exc).__name__, str(exc)[:200])
    arr_bad = []
    for name, chunks in CH.items():
        ref = events(b"".join(sse(c) for c in chunks))
        forms = {
            "compact": json.dumps(chunks, separators=(",", ":")).encode(),
            "pretty": json.dumps(chunks, indent=2).encode(),
            "crlf_pretty": json.dumps(chunks, indent=2).encode().replace(b"\n", b"\r\n"),
            "google_style": b"[" + b"\n,\r\n".join(json.dumps(c, indent=2).encode() for c in chunks) + b"]",
            "odd_ws": b" \t\r\n[ \n" + b" ,\n\t ".join(json.dumps(c).encode() for c in chunks) + b"\n ]\n ",
            "bom": b"\xef\xbb\xbf" + json.dumps(chunks).encode(),
        }
        for form, body in forms.items():
            got = events(body)
            f = [] if got == ref else [f"array {form}: differs from SSE: {str(got)[:300]} vs {str(ref)[:300]}"]
            f += cut_findings("gemini", body, seeds=8)
            if f:
                arr_bad.append((name, form)); print("FAIL gemini array", name, form); [print("   ", x[:500]) for x in f]
    print(len(CH), "SSE cases,", len(bad), "failing:", bad)
    print(len(CH) * 6, "array runs,", len(arr_bad), "failing:", arr_bad)
