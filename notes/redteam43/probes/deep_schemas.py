"""Schemas nested 100-480 deep (properties, items, anyOf) in tools, response formats and call arguments, every pair: only lc errors."""
import json, sys
import lmcodec as lc
def nest_schema(d, key="properties"):
    s = {"type":"string"}
    for i in range(d):
        s = {"type":"object","properties":{"a":s}}
    return s
def nest_items(d):
    s = {"type":"string"}
    for i in range(d):
        s = {"type":"array","items":s}
    return s
def nest_anyof(d):
    s = {"type":"string"}
    for i in range(d):
        s = {"anyOf":[s,{"type":"null"}]}
    return s
bodies = {}
for name, f in (("props", nest_schema), ("items", nest_items), ("anyOf", nest_anyof)):
  for d in (100, 300, 450, 480):
    bodies[("gemini", name, d, "tool")] = {"contents":[{"role":"user","parts":[{"text":"q"}]}],"tools":[{"functionDeclarations":[{"name":"w","parameters":f(d)}]}]}
    bodies[("gemini", name, d, "rs")] = {"contents":[{"role":"user","parts":[{"text":"q"}]}],"generationConfig":{"responseMimeType":"application/json","responseSchema":f(d)}}
    bodies[("anthropic", name, d, "tool")] = {"model":"m","max_tokens":5,"messages":[{"role":"user","content":"q"}],"tools":[{"name":"w","input_schema":f(d)}]}
    bodies[("openai_chat", name, d, "rf")] = {"model":"m","messages":[{"role":"user","content":"q"}],"response_format":{"type":"json_schema","json_schema":{"name":"o","schema":f(d)}}}
    bodies[("openai", name, d, "tool")] = {"model":"m","input":"q","tools":[{"type":"function","name":"w","parameters":f(d)}]}
    bodies[("openai_chat", name, d, "args")] = {"model":"m","messages":[{"role":"user","content":"q"},{"role":"assistant","tool_calls":[{"id":"c1","type":"function","function":{"name":"w","arguments":json.dumps(f(d))}}]},{"role":"tool","tool_call_id":"c1","content":"ok"}]}
bad = 0
for (src, name, d, where), body in bodies.items():
    for dst in ("openai","openai_chat","anthropic","gemini"):
        try:
            lc.translate_request(src, dst, json.dumps(body), model="m")
            out="ok"
        except lc.LmcodecError as e:
            out = "lc " + type(e).__name__ + ": " + str(e)[:100]
        except BaseException as e:
            out = "BARE " + type(e).__name__ + ": " + str(e)[:100]; bad += 1
        if out != "ok": print(src, name, d, where, dst, out)
print("bare", bad)
