"""Where a far literal (1e400) in an untyped position is refused: an lc error naming its place."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
F = "1e400"
bodies = {
 "openai_chat": '{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":{"type":"number","maximum":%s}}}}}]}' % F,
 "openai": '{"model":"m","input":"hi","tools":[{"type":"function","name":"f","parameters":{"type":"object","maximum":%s}}]}' % F,
 "anthropic": '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":{"type":"object","maximum":%s}}]}' % F,
 "gemini": '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"object","maximum":%s}}]}]}' % F,
}
calls = {
 "openai_chat": '{"model":"m","messages":[{"role":"user","content":"hi"},{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{\\"a\\":%s}"}}]},{"role":"tool","tool_call_id":"c","content":"r"}]}' % F,
 "anthropic": '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"c","name":"f","input":{"a":%s}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"c","content":"r"}]}]}' % F,
 "gemini": '{"contents":[{"role":"user","parts":[{"text":"hi"}]},{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":%s}}}]}]}' % F,
 "openai": '{"model":"m","input":[{"role":"user","content":"hi"},{"type":"function_call","call_id":"c","name":"f","arguments":"{\\"a\\":%s}"},{"type":"function_call_output","call_id":"c","output":"r"}]}' % F,
}
for kind, table in (("schema", bodies), ("call", calls)):
    for d, b in table.items():
        for fn in ("decode_request", "translate_request"):
            try:
                (lc.decode_request(d, b.encode()) if fn == "decode_request" else lc.translate_request(d, "anthropic" if d != "anthropic" else "openai", b.encode()))
                r = "read"
            except lc.LmcodecError as e:
                r = f"{type(e).__name__}: {str(e)[:140]}"
            except Exception as e:
                r = f"BARE {type(e).__name__}: {e}"
            print(kind, d, fn, "->", r)
