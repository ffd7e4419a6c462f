import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
body = {"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[
  {"type":"thinking","thinking":"a","signature":"s1"},
  {"type":"tool_use","id":"toolu_1","name":"f","input":{"x":1}},
  {"type":"thinking","thinking":"b","signature":"s2"},
  {"type":"text","text":"done"}],
 "stop_reason":"tool_use","stop_sequence":None,"usage":{"input_tokens":1,"output_tokens":2}}
out = json.loads(lc.translate_response("anthropic","openai_chat", json.dumps(body).encode()))
msg = out["choices"][0]["message"]
print(json.dumps(msg)[:600])
req = {"model":"gpt","messages":[{"role":"user","content":"hi"}, {k:v for k,v in msg.items() if v is not None},
   {"role":"tool","tool_call_id":msg["tool_calls"][0]["id"],"content":"r"}]}
try:
    pr = lc.translate_request("openai_chat","anthropic", json.dumps(req).encode())
    print(json.dumps(pr.body if hasattr(pr,'body') else pr)[:800])
except Exception as e:
    print("ERR", type(e).__name__, e)
