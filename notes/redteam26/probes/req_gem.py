import sys, json
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent.parent))
from _common import same_dialect, silent_losses, DIALECTS, lc
from _sdk import gemini_body
from google.genai import types as t
C = "hello there"
fd = t.FunctionDeclaration(name="get_weather", description="weather desc", parameters=t.Schema(type="OBJECT", properties={"city": t.Schema(type="STRING")}, required=["city"]))
fdj = t.FunctionDeclaration(name="get_weather", description="weather desc", parameters_json_schema={"type": "object", "properties": {"city": {"type": "string"}}})
tool = t.Tool(function_declarations=[fd])
cases = {
 "safety": dict(contents=C, config=t.GenerateContentConfig(safety_settings=[t.SafetySetting(category="HARM_CATEGORY_HATE_SPEECH", threshold="BLOCK_ONLY_HIGH")])),
 "sys_parts": dict(contents=C, config=t.GenerateContentConfig(system_instruction=t.Content(parts=[t.Part(text="sys one"), t.Part(text="sys two")]))),
 "sys_str": dict(contents=C, config=t.GenerateContentConfig(system_instruction="be terse")),
 "mode_any": dict(contents=C, config=t.GenerateContentConfig(tools=[tool], tool_config=t.ToolConfig(function_calling_config=t.FunctionCallingConfig(mode="ANY")))),
 "mode_any_names": dict(contents=C, config=t.GenerateContentConfig(tools=[tool], tool_config=t.ToolConfig(function_calling_config=t.FunctionCallingConfig(mode="ANY", allowed_function_names=["get_weather"])))),
 "mode_none": dict(contents=C, config=t.GenerateContentConfig(tools=[tool], tool_config=t.ToolConfig(function_calling_config=t.FunctionCallingConfig(mode="NONE")))),
 "mode_validated": dict(contents=C, config=t.GenerateContentConfig(tools=[tool], tool_config=t.ToolConfig(function_calling_config=t.FunctionCallingConfig(mode="VALIDATED")))),
 "retrieval_config": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(google_maps=t.GoogleMaps())], tool_config=t.ToolConfig(retrieval_config=t.RetrievalConfig(lat_lng=t.LatLng(latitude=48.8, longitude=2.3), language_code="fr")))),
 "response_schema": dict(contents=C, config=t.GenerateContentConfig(response_mime_type="application/json", response_schema=t.Schema(type="OBJECT", properties={"a": t.Schema(type="STRING", enum=["x1", "y1"])}, property_ordering=["a"]))),
 "response_json_schema": dict(contents=C, config=t.GenerateContentConfig(response_mime_type="application/json", response_json_schema={"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]})),
 "response_enum": dict(contents=C, config=t.GenerateContentConfig(response_mime_type="text/x.enum", response_schema=t.Schema(type="STRING", enum=["red1", "blue1"]))),
 "mime_only": dict(contents=C, config=t.GenerateContentConfig(response_mime_type="application/json")),
 "thinking_budget": dict(contents=C, config=t.GenerateContentConfig(thinking_config=t.ThinkingConfig(thinking_budget=2048, include_thoughts=True))),
 "thinking_zero": dict(contents=C, config=t.GenerateContentConfig(thinking_config=t.ThinkingConfig(thinking_budget=0))),
 "thinking_level": dict(contents=C, config=t.GenerateContentConfig(thinking_config=t.ThinkingConfig(thinking_level="LOW"))),
 "cached": dict(contents=C, config=t.GenerateContentConfig(cached_content="cachedContents/abc")),
 "labels": dict(contents=C, config=t.GenerateContentConfig(labels={"team": "blue1"})),
 "sampling": dict(contents=C, config=t.GenerateContentConfig(temperature=0.2, top_p=0.9, top_k=40, candidate_count=1, max_output_tokens=300, stop_sequences=["ENDX"], seed=5, presence_penalty=0.1, frequency_penalty=0.2)),
 "candidate_count2": dict(contents=C, config=t.GenerateContentConfig(candidate_count=2)),
 "logprobs": dict(contents=C, config=t.GenerateContentConfig(response_logprobs=True, logprobs=3)),
 "modalities": dict(contents=C, config=t.GenerateContentConfig(response_modalities=["TEXT", "IMAGE"])),
 "speech": dict(contents=C, config=t.GenerateContentConfig(response_modalities=["AUDIO"], speech_config=t.SpeechConfig(voice_config=t.VoiceConfig(prebuilt_voice_config=t.PrebuiltVoiceConfig(voice_name="Kore"))))),
 "media_resolution": dict(contents=C, config=t.GenerateContentConfig(media_resolution="MEDIA_RESOLUTION_LOW")),
 "image_config": dict(contents=C, config=t.GenerateContentConfig(image_config=t.ImageConfig(aspect_ratio="16:9"))),
 "google_search": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(google_search=t.GoogleSearch())])),
 "url_context": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(url_context=t.UrlContext())])),
 "code_execution": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(code_execution=t.ToolCodeExecution())])),
 "json_schema_tool": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(function_declarations=[fdj])])),
 "fn_response_schema": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(function_declarations=[t.FunctionDeclaration(name="f1", parameters_json_schema={"type": "object"}, response_json_schema={"type": "string"})])])),
 "fn_behavior": dict(contents=C, config=t.GenerateContentConfig(tools=[t.Tool(function_declarations=[t.FunctionDeclaration(name="f1", behavior="NON_BLOCKING")])])),
 "call_loop": dict(contents=[t.Content(role="user", parts=[t.Part(text="w?")]), t.Content(role="model", parts=[t.Part(function_call=t.FunctionCall(name="get_weather", args={"city": "P"}, id="fc_9"))]), t.Content(role="user", parts=[t.Part(function_response=t.FunctionResponse(name="get_weather", id="fc_9", response={"output": "sunny1"}))])], config=t.GenerateContentConfig(tools=[tool])),
 "fn_response_parts": dict(contents=[t.Content(role="user", parts=[t.Part(text="w?")]), t.Content(role="model", parts=[t.Part(function_call=t.FunctionCall(name="get_weather", args={"city": "P"}))]), t.Content(role="user", parts=[t.Part(function_response=t.FunctionResponse(name="get_weather", response={"output": "see image"}, parts=[t.FunctionResponsePart(inline_data=t.FunctionResponseBlob(mime_type="image/png", data=b"\x89PNG"))]))])], config=t.GenerateContentConfig(tools=[tool])),
 "fn_response_will_continue": dict(contents=[t.Content(role="user", parts=[t.Part(text="w?")]), t.Content(role="model", parts=[t.Part(function_call=t.FunctionCall(name="get_weather", args={"city": "P"}))]), t.Content(role="user", parts=[t.Part(function_response=t.FunctionResponse(name="get_weather", response={"output": "x"}, will_continue=True, scheduling="SILENT"))])], config=t.GenerateContentConfig(tools=[tool])),
 "inline_data": dict(contents=[t.Content(role="user", parts=[t.Part(text="look"), t.Part(inline_data=t.Blob(mime_type="image/png", data=b"\x89PNG", display_name="pic.png"))])]),
 "file_data_display": dict(contents=[t.Content(role="user", parts=[t.Part(text="look"), t.Part(file_data=t.FileData(mime_type="application/pdf", file_uri="gs://b/a.pdf", display_name="a.pdf"))])]),
 "part_media_res": dict(contents=[t.Content(role="user", parts=[t.Part(text="look"), t.Part(inline_data=t.Blob(mime_type="image/png", data=b"\x89PNG"), media_resolution=t.PartMediaResolution(level="MEDIA_RESOLUTION_HIGH"))])]),
 "model_text_sig": dict(contents=[t.Content(role="user", parts=[t.Part(text="q")]), t.Content(role="model", parts=[t.Part(text="prior ans", thought_signature=b"sig1")]), t.Content(role="user", parts=[t.Part(text="q2")])]),
 "model_thought_sig": dict(contents=[t.Content(role="user", parts=[t.Part(text="q")]), t.Content(role="model", parts=[t.Part(text="my thought", thought=True, thought_signature=b"sig1"), t.Part(text="ans")]), t.Content(role="user", parts=[t.Part(text="q2")])]),
 "exec_code_replay": dict(contents=[t.Content(role="user", parts=[t.Part(text="q")]), t.Content(role="model", parts=[t.Part(executable_code=t.ExecutableCode(language="PYTHON", code="print(1)")), t.Part(code_execution_result=t.CodeExecutionResult(outcome="OUTCOME_OK", output="1")), t.Part(text="ans")]), t.Content(role="user", parts=[t.Part(text="q2")])]),
 "user_no_role": dict(contents=[{"parts": [{"text": "no role"}]}]),
 "routing": dict(contents=C, config=t.GenerateContentConfig(routing_config=t.GenerationConfigRoutingConfig(auto_mode=t.GenerationConfigRoutingConfigAutoRoutingMode(model_routing_preference="PRIORITIZE_COST")))),
 "audio_timestamp": dict(contents=C, config=t.GenerateContentConfig(audio_timestamp=True)),
 "enable_enhanced_civic": dict(contents=C, config=t.GenerateContentConfig(enable_enhanced_civic_answers=True)),
 "service_tier": dict(contents=C, config=t.GenerateContentConfig(service_tier="flex")) if "service_tier" in t.GenerateContentConfig.model_fields else None,
}
for name, params in cases.items():
    if params is None: continue
    try:
        body = gemini_body(**params)
    except Exception as exc:
        print(f"{name:28s} SDK refused: {exc!r}"[:200]); continue
    kind, info = same_dialect("gemini", body)
    print(f"{name:28s} same: {kind} {('OK' if not info else info[:4]) if kind=='built' else info}")
    for dst in DIALECTS:
        if dst == "gemini": continue
        lost = silent_losses("gemini", dst, body)
        if lost: print(f"     -> {dst}: {lost}")
