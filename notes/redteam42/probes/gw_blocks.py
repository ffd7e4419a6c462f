import lmcodec as lc, json
data = open("/work/wt/shared/corpus/lm15-contract/bodies/anthropic.streaming/2026-04-13T13-25-39Z.txt","rb").read()
chunks = [data[i:i+37] for i in range(0,len(data),37)]
req = lc.Request("claude-sonnet-4-5", [lc.Message.user("Hi!")])
events = lc.stream.decode("anthropic", iter(chunks), request=req)
response = lc.assemble(events, request=req)
print("assembled", response.text, response.id, type(response).__name__)
d = lc.stream.Decoder("anthropic"); evs = []
for c in chunks: evs += d.feed(c)
evs += d.close(); print("decoder", len(evs), d.stats)
body = lc.encode_response("anthropic", response)
print("decode_response", lc.decode_response("anthropic", body).text)
built = lc.build_request("anthropic", req, stream=True)
print(built.path, built.headers, built.body[:60], built.adaptations)
client_body = json.dumps({"model":"gpt-4o","messages":[{"role":"user","content":"Hi"}],"stream":True}).encode()
r2 = lc.decode_request("openai_chat", client_body); print("decode_request", r2.model, r2.messages)
t = lc.translate_request("openai_chat", "anthropic", client_body); print("translate_request", type(t).__name__, t.path, t.body[:80])
print("encode_response", lc.encode_response("openai_chat", response)[:80])
gbody = lc.encode_response("gemini", response)
print("translate_response", lc.translate_response("gemini", "openai_chat", gbody, request=req)[:80])
out = b""
for chunk in lc.stream.translate("anthropic", "openai_chat", iter(chunks), request=req):
    out += chunk
print("translate stream", out[:120])
enc = lc.stream.Encoder("gemini")
print("Encoder", [enc.feed(e) for e in evs][:2], enc.close())
# llm block
rec = lc.llm.from_turn(lc.Turn(request=req, response=response))
data2 = lc.llm.encode(rec); print("llm", data2[:80])
record = lc.llm.decode(data2); print(type(record).__name__, lc.llm.encode(record)==data2)
