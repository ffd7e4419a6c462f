"""openai SDK Chat bodies through decode_request + build_request (Chat -> Chat): same, changed form, or refused at a path."""
import json, sys
sys.path.insert(0, "notes/redteam43")
import lmcodec as lc
from _sdk import chat_body, responses_body, anthropic_body, gemini_body
def rt(p, body, label):
    raw = json.dumps(body)
    try:
        req = lc.decode_request(p, raw)
    except lc.LmcodecError as e:
        print(f"[{label}] decode refused: {type(e).__name__}: {str(e)[:200]}"); return
    except Exception as e:
        print(f"[{label}] decode BARE {type(e).__name__}: {e}"); return
    try:
        out = json.loads(lc.build_request(p, req, stream=bool(body.get("stream"))).body)
    except Exception as e:
        print(f"[{label}] build {type(e).__name__}: {str(e)[:200]}"); return
    if out == body:
        print(f"[{label}] same")
    else:
        print(f"[{label}] DIFF\n  in : {json.dumps(body)[:700]}\n  out: {json.dumps(out)[:700]}")
M=[{"role":"user","content":"hi"}]
T=[{"type":"function","function":{"name":"w","parameters":{"type":"object","properties":{}}}}]
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","name":"alice","content":"hi"},{"role":"assistant","name":"bot","content":"yo"},{"role":"user","content":"x"}]), "chat name")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, functions=[{"name":"w","parameters":{"type":"object","properties":{}}}], function_call="auto"), "chat legacy functions")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"hi"},{"role":"assistant","content":None,"function_call":{"name":"w","arguments":"{}"}},{"role":"function","name":"w","content":"r"}]), "chat legacy function msgs")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, max_tokens=50), "chat max_tokens")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, logit_bias={"50256": -100}), "chat logit_bias")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, prediction={"type":"content","content":"abc"}), "chat prediction")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, web_search_options={"search_context_size":"low"}), "chat web_search_options")
rt("openai_chat", chat_body(model="gpt-5", messages=M, verbosity="low", reasoning_effort="minimal"), "chat verbosity")
rt("openai_chat", chat_body(model="gpt-5", messages=M, prompt_cache_key="k", prompt_cache_retention="24h"), "chat prompt cache")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, stream=True, stream_options={"include_usage":True,"include_obfuscation":False}), "chat stream opts")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, stream=True), "chat stream no opts")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, tools=T, tool_choice={"type":"allowed_tools","allowed_tools":{"mode":"auto","tools":[{"type":"function","function":{"name":"w"}}]}}), "chat allowed_tools")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"text","text":"a"},{"type":"refusal","refusal":"no"}]}]), "chat asst parts")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"system","content":[{"type":"text","text":"s1"},{"type":"text","text":"s2"}]},{"role":"user","content":"q"}]), "chat system parts")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, temperature=0, top_p=1, n=1, seed=0, stop="END"), "chat stop str")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, metadata={"a":"b"}, store=True, service_tier="priority"), "chat metadata")
rt("openai_chat", chat_body(model="gpt-4o", messages=M, tools=[{"type":"function","function":{"name":"w","description":"d","parameters":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":False},"strict":True}}], parallel_tool_calls=False, tool_choice="none"), "chat strict tool")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":[{"type":"image_url","image_url":{"url":"https://x/a.png","detail":"high"}},{"type":"text","text":"?"}]}]), "chat image detail")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":[{"type":"file","file":{"file_id":"file-abc"}}]}]), "chat file id")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"q"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"w","arguments":"{\"a\": 1}"}}]},{"role":"tool","tool_call_id":"c1","content":"r"}]), "chat args spacing")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"q"},{"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"w","arguments":""}}]},{"role":"tool","tool_call_id":"c1","content":"r"}]), "chat empty args")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"q"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"w","arguments":"not json"}}]},{"role":"tool","tool_call_id":"c1","content":"r"}]), "chat bad args")
rt("openai_chat", chat_body(model="gpt-4o", messages=[{"role":"user","content":"q"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"w","arguments":"[1,2]"}}]},{"role":"tool","tool_call_id":"c1","content":"r"}]), "chat array args")
