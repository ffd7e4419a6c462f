import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
body = {"id":"msg_1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"hi"}],
 "stop_reason":"end_turn","stop_sequence":None,"usage":{"input_tokens":10,"output_tokens":2,"cache_creation_input_tokens":100,"cache_read_input_tokens":50}}
src = json.dumps(body).encode()
ref = lc.decode_response("anthropic", src).usage
print("anthropic read", ref)
for dst in ("openai", "openai_chat", "gemini", "anthropic"):
    out = lc.translate_response("anthropic", dst, src)
    u = json.loads(out).get("usage") or json.loads(out).get("usageMetadata")
    back = lc.decode_response(dst, out).usage
    print(dst, json.dumps(u)[:300]); print("   read back:", back)
