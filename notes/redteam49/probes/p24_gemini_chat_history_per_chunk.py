"""A google-genai streaming chat's history: one model Content per streamed chunk. Two id-less
calls streamed in two chunks, then their two functionResponses, translated to Anthropic/Responses."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
body = {"contents": [
    {"role": "user", "parts": [{"text": "weather in Paris and time in Rome?"}]},
    {"role": "model", "parts": [{"functionCall": {"name": "weather", "args": {"city": "Paris"}}}]},
    {"role": "model", "parts": [{"functionCall": {"name": "time", "args": {"city": "Rome"}}}]},
    {"role": "user", "parts": [{"functionResponse": {"name": "weather", "response": {"result": "20C"}}},
                               {"functionResponse": {"name": "time", "response": {"result": "noon"}}}]}],
    "tools": [{"functionDeclarations": [{"name": "weather", "parameters": {"type": "object"}}, {"name": "time", "parameters": {"type": "object"}}]}]}
req = lc.decode_request("gemini", json.dumps(body).encode())
print("canonical:", [(m.role, [(type(p).__name__, p.id, getattr(p, "name", None)) for p in m.parts if hasattr(p, "id")]) for m in req.messages])
for dst in ("anthropic", "openai", "openai_chat"):
    try:
        b = json.loads(lc.translate_request("gemini", dst, json.dumps(body).encode()).body)
    except lc.LmcodecError as e:
        print(dst, "refused:", e); continue
    if dst == "anthropic":
        seq = [(c["type"], c.get("id") or c.get("tool_use_id"), c.get("name") or str(c.get("content"))[:40]) for m in b["messages"] if isinstance(m["content"], list) for c in m["content"] if c["type"] in ("tool_use", "tool_result")]
    elif dst == "openai":
        seq = [(i["type"], i["call_id"], i.get("name") or i.get("output")[:40] if isinstance(i.get("output"), str) else i.get("name")) for i in b["input"] if i.get("call_id")]
    else:
        seq = []
        for m in b["messages"]:
            for c in m.get("tool_calls") or []: seq.append(("call", c["id"], c["function"]["name"]))
            if m["role"] == "tool": seq.append(("tool", m["tool_call_id"], str(m["content"])[:40]))
    print(dst, seq)
