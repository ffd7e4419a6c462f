"""Anthropic tool_choice forms with disable_parallel_tool_use, and an is_error result with an image, to every dialect."""
import json, sys
import lmcodec as lc
def show(src, body, dsts=("openai","openai_chat","anthropic","gemini"), **kw):
    for d in dsts:
        try:
            r = lc.translate_request(src, d, json.dumps(body), **kw)
            print(f"--- {src}->{d}:", r.body.decode()[:1200])
            for a in r.adaptations:
                s=str(lc.to_builtins(a))
                if "max_tokens" in s: continue
                print("   note:", s[:260])
        except Exception as e:
            print(f"--- {src}->{d}: {type(e).__name__}: {e}")
T=[{"name":"w","input_schema":{"type":"object","properties":{"c":{"type":"string"}}}},{"name":"x","input_schema":{"type":"object","properties":{}}}]
print("##### A1 tool_choice tool + disable_parallel")
show("anthropic", {"model":"claude-sonnet-4-5","max_tokens":100,"tools":T,"tool_choice":{"type":"tool","name":"w","disable_parallel_tool_use":True},"messages":[{"role":"user","content":"hi"}]})
print("##### A2 tool_choice any + disable_parallel")
show("anthropic", {"model":"claude-sonnet-4-5","max_tokens":100,"tools":T,"tool_choice":{"type":"any","disable_parallel_tool_use":True},"messages":[{"role":"user","content":"hi"}]})
print("##### A3 tool_choice none w/ tools")
show("anthropic", {"model":"claude-sonnet-4-5","max_tokens":100,"tools":T,"tool_choice":{"type":"none"},"messages":[{"role":"user","content":"hi"}]})
print("##### A4 is_error result with list content incl. image")
show("anthropic", {"model":"claude-sonnet-4-5","max_tokens":100,"tools":T,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"text","text":"let me"},{"type":"tool_use","id":"toolu_1","name":"w","input":{"c":"A"}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","is_error":True,"content":[{"type":"text","text":"boom"},{"type":"image","source":{"type":"url","url":"https://x.test/a.png"}}]},{"type":"text","text":"and?"}]}]})
