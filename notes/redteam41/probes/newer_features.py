import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import sse, check
from anthropic_features import start, bstart, delta, bstop, mdelta, mstop, text_block
import gemini_features as G
bad = []; n = 0
def run(p, name, body):
    global n; n += 1
    if check(p, body, name): bad.append((p, name))
A = {
 "stop_details_refusal": start() + text_block(0) + sse({"type": "message_delta", "delta": {"stop_reason": "refusal", "stop_sequence": None, "stop_details": {"type": "refusal", "category": "cyber", "explanation": "no"}}, "usage": {"output_tokens": 3}}) + mstop(),
 "usage_output_details": start() + text_block(0) + mdelta(usage={"output_tokens": 9, "output_tokens_details": {"thinking_tokens": 4}, "input_tokens": 3}) + mstop(),
 "usage_start_geo_speed": start({"input_tokens": 3, "output_tokens": 1, "inference_geo": "us", "speed": "fast", "output_tokens_details": {"thinking_tokens": 0}}) + text_block(0) + mdelta() + mstop(),
 "message_start_container_diag": sse({"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [], "container": {"id": "cnt", "expires_at": "x"}, "diagnostics": {"x": 1}, "stop_details": None, "usage": {"input_tokens": 1, "output_tokens": 1}}}) + text_block(0) + mdelta() + mstop(),
 "container_upload": start() + bstart(0, {"type": "container_upload", "file_id": "file_1"}) + bstop(0) + text_block(1) + mdelta() + mstop(),
 "tool_search_result": start() + bstart(0, {"type": "server_tool_use", "id": "srv_1", "name": "tool_search_tool_regex", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"query":"w"}'}) + bstop(0) + bstart(1, {"type": "tool_search_tool_result", "tool_use_id": "srv_1", "content": {"type": "tool_search_tool_search_result", "tool_references": [{"type": "tool_reference", "tool_name": "weather"}]}}) + bstop(1) + mdelta() + mstop(),
 "text_editor_result": start() + bstart(0, {"type": "server_tool_use", "id": "srv_2", "name": "text_editor_code_execution", "input": {}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"command":"view","path":"/a"}'}) + bstop(0) + bstart(1, {"type": "text_editor_code_execution_tool_result", "tool_use_id": "srv_2", "content": {"type": "text_editor_code_execution_view_result", "content": "x", "file_type": "text", "num_lines": 1, "start_line": 1, "total_lines": 1}}) + bstop(1) + mdelta() + mstop(),
 "tool_use_caller": start() + bstart(0, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "caller": {"type": "code_execution_20250825", "tool_id": "srv_9"}}) + delta(0, {"type": "input_json_delta", "partial_json": '{"a":1}'}) + bstop(0) + mdelta("tool_use") + mstop(),
 "tool_use_toolset": start() + bstart(0, {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "toolset_name": "mcp_x"}) + delta(0, {"type": "input_json_delta", "partial_json": '{}'}) + bstop(0) + mdelta("tool_use") + mstop(),
 "encrypted_code_exec": start() + bstart(0, {"type": "server_tool_use", "id": "srv_3", "name": "code_execution", "input": {}}) + bstop(0) + bstart(1, {"type": "code_execution_tool_result", "tool_use_id": "srv_3", "content": {"type": "encrypted_code_execution_result", "encrypted_stdout": "EqX", "stderr": "", "return_code": 0, "content": []}}) + bstop(1) + mdelta() + mstop(),
 "web_fetch_error": start() + bstart(0, {"type": "server_tool_use", "id": "srv_4", "name": "web_fetch", "input": {}}) + bstop(0) + bstart(1, {"type": "web_fetch_tool_result", "tool_use_id": "srv_4", "content": {"type": "web_fetch_tool_result_error", "error_code": "url_not_accessible"}}) + bstop(1) + mdelta() + mstop(),
 "thinking_prefilled": start() + bstart(0, {"type": "thinking", "thinking": "pre ", "signature": "S0"}) + delta(0, {"type": "thinking_delta", "thinking": "more"}) + bstop(0) + text_block(1) + mdelta() + mstop(),
 "text_citations_list_at_start": start() + bstart(0, {"type": "text", "text": "", "citations": []}) + delta(0, {"type": "text_delta", "text": "x"}) + bstop(0) + mdelta() + mstop(),
 "citation_then_no_text": start() + bstart(0, {"type": "text", "text": ""}) + delta(0, {"type": "citations_delta", "citation": {"type": "web_search_result_location", "cited_text": "c", "url": "u", "title": "t", "encrypted_index": "E"}}) + bstop(0) + mdelta() + mstop(),
 "message_delta_twice": start() + text_block(0) + mdelta("max_tokens", usage={"output_tokens": 3}) + mdelta("end_turn", usage={"output_tokens": 4}) + mstop(),
 "message_start_content_nonempty": sse({"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "c", "content": [{"type": "text", "text": "pre"}], "usage": {"input_tokens": 1, "output_tokens": 1}}}) + text_block(0) + mdelta() + mstop(),
}
for k, v in A.items(): run("anthropic", k, v)
ch, UM = G.chunk, G.UM
GM = {
 "tool_call_part": [ch([{"toolCall": {"id": "tc1", "toolType": "GOOGLE_SEARCH", "args": {"q": "x"}}}]), ch([{"toolResponse": {"id": "tc1", "toolType": "GOOGLE_SEARCH", "response": {"r": 1}}}]), ch([{"text": "ok"}], "STOP", UM)],
 "part_metadata": [ch([{"text": "a", "partMetadata": {"k": "v"}}], "STOP", UM)],
 "media_resolution": [ch([{"inlineData": {"mimeType": "image/png", "data": "iVBO"}, "mediaResolution": {"level": "MEDIA_RESOLUTION_HIGH"}}], "STOP", UM)],
 "partial_args": [ch([{"functionCall": {"name": "f", "partialArgs": [{"jsonPath": "$.a", "stringValue": "x"}], "willContinue": True}}]), ch([{"functionCall": {"name": "f", "partialArgs": [{"jsonPath": "$.a", "stringValue": "y"}], "willContinue": False}}]), ch([], "STOP", UM)],
 "fc_args_missing": [ch([{"functionCall": {"name": "f"}}], "STOP", UM)],
 "fc_empty_then_text_same_chunk": [ch([{"functionCall": {"name": "f", "args": {}}}, {"text": "after"}], "STOP", UM)],
 "thought_sig_on_empty_text_final": [ch([{"text": "a"}]), ch([{"text": "", "thoughtSignature": "CiQ"}], "STOP", UM)],
 "inline_data_thought": [ch([{"inlineData": {"mimeType": "image/png", "data": "iVBO"}, "thought": True}]), ch([{"text": "a"}], "STOP", UM)],
 "usage_traffic_type": [ch([{"text": "a"}], "STOP", dict(UM, trafficType="ON_DEMAND", responseTokenCount=3, toolUsePromptTokensDetails=[{"modality": "TEXT", "tokenCount": 1}]))],
 "create_time": [dict(ch([{"text": "a"}], "STOP", UM), createTime="2026-01-01T00:00:00Z")],
 "finish_image_safety": [ch([], "IMAGE_SAFETY", UM)],
 "finish_unexpected_tool_call": [ch([], "UNEXPECTED_TOOL_CALL", UM)],
 "finish_no_image": [ch([], "NO_IMAGE", UM)],
 "finish_too_many_tool_calls": [ch([], "TOO_MANY_TOOL_CALLS", UM)],
 "finish_unspecified": [ch([{"text": "a"}], "FINISH_REASON_UNSPECIFIED", UM)],
 "finish_language": [ch([{"text": "a"}], "LANGUAGE", UM)],
 "finish_spii": [ch([{"text": "a"}], "SPII", UM)],
 "finish_blocklist": [ch([{"text": "a"}], "BLOCKLIST", UM)],
 "finish_recitation": [ch([{"text": "a"}], "RECITATION", UM)],
 "finish_prohibited": [ch([{"text": "a"}], "PROHIBITED_CONTENT", UM)],
 "finish_malformed_response": [ch([{"text": "a"}], "MALFORMED_RESPONSE", UM)],
 "prompt_feedback_jailbreak": [{"promptFeedback": {"blockReason": "JAILBREAK"}, "usageMetadata": UM}],
 "prompt_feedback_model_armor": [{"promptFeedback": {"blockReason": "MODEL_ARMOR", "blockReasonMessage": "x"}}],
 "prompt_feedback_not_blocked": [dict(ch([{"text": "a"}], "STOP", UM), promptFeedback={"safetyRatings": []})],
}
for k, v in GM.items(): run("gemini", k, b"".join(sse(c) for c in v))
print(n, "runs,", len(bad), "failing:", bad)
