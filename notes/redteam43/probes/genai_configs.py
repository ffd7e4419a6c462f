"""google-genai configs captured offline, Gemini -> Gemini and toward Chat and Anthropic: values back, notes."""
import json, sys
sys.path.insert(0, "notes/redteam43")
import lmcodec as lc
from _sdk import gemini_body
from google.genai import types as gt
def rt(cfg, label, contents="hi"):
    try:
        body = gemini_body(contents=contents, config=cfg)
    except Exception as e:
        print(f"[{label}] sdk {type(e).__name__}: {str(e)[:120]}"); return
    raw = json.dumps(body)
    try:
        out = json.loads(lc.translate_request("gemini","gemini", raw).body)
        print(f"[{label}] gem->gem", "same" if out == body else f"DIFF\n  in : {raw[:500]}\n  out: {json.dumps(out)[:500]}")
    except Exception as e:
        print(f"[{label}] gem->gem {type(e).__name__}: {str(e)[:200]}")
    for d in ("openai_chat","anthropic"):
        try:
            r = lc.translate_request("gemini", d, raw, model="m")
            notes = [(a.field, a.action) for a in r.adaptations if a.field != "config.max_tokens"]
            print(f"   ->{d}: {r.body.decode()[:260]} notes={notes}")
        except Exception as e:
            print(f"   ->{d}: {type(e).__name__}: {str(e)[:160]}")
rt(gt.GenerateContentConfig(system_instruction=["be terse", "in French"]), "system list")
rt(gt.GenerateContentConfig(response_mime_type="application/json", response_json_schema={"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}), "response_json_schema")
rt(gt.GenerateContentConfig(response_mime_type="text/x.enum", response_schema={"type":"STRING","enum":["a","b"]}), "enum mime")
rt(gt.GenerateContentConfig(thinking_config=gt.ThinkingConfig(include_thoughts=True, thinking_budget=1024)), "thinking include")
rt(gt.GenerateContentConfig(tools=[gt.Tool(function_declarations=[gt.FunctionDeclaration(name="w", parameters={"type":"OBJECT","properties":{"c":{"type":"STRING","nullable":True}}})])], tool_config=gt.ToolConfig(function_calling_config=gt.FunctionCallingConfig(mode="VALIDATED"))), "validated mode")
rt(gt.GenerateContentConfig(tools=[gt.Tool(function_declarations=[gt.FunctionDeclaration(name="w", parameters={"type":"OBJECT","properties":{"c":{"type":"STRING"}}})])], tool_config=gt.ToolConfig(function_calling_config=gt.FunctionCallingConfig(mode="ANY", allowed_function_names=["w"]))), "any allowed")
rt(gt.GenerateContentConfig(stop_sequences=["a","b","c","d","e","f"], temperature=0.2, top_k=3, seed=7, presence_penalty=0.1, frequency_penalty=0.2), "sampling")
rt(gt.GenerateContentConfig(response_modalities=["TEXT"], media_resolution="MEDIA_RESOLUTION_LOW"), "modalities")
rt(gt.GenerateContentConfig(safety_settings=[gt.SafetySetting(category="HARM_CATEGORY_HARASSMENT", threshold="BLOCK_NONE")], labels={"a":"b"}), "safety labels")
rt(None, "inline audio", contents=[gt.Content(role="user", parts=[gt.Part(text="listen"), gt.Part.from_bytes(data=b"RIFF0000WAVE", mime_type="audio/wav")])])
rt(None, "file uri pdf", contents=[gt.Content(role="user", parts=[gt.Part(text="read"), gt.Part.from_uri(file_uri="https://generativelanguage.googleapis.com/v1beta/files/abc", mime_type="application/pdf")])])
rt(None, "video meta", contents=[gt.Content(role="user", parts=[gt.Part(file_data=gt.FileData(file_uri="https://youtu.be/x", mime_type="video/mp4"), video_metadata=gt.VideoMetadata(start_offset="1s", end_offset="5s"))])])
rt(None, "thought text replay", contents=[gt.Content(role="user", parts=[gt.Part(text="q")]), gt.Content(role="model", parts=[gt.Part(text="hmm", thought=True, thought_signature=b"sig"), gt.Part(text="answer")]), gt.Content(role="user", parts=[gt.Part(text="more")])])
