"""translate_request with model= routing to another model of the same or another dialect: the reasoning and cap sent."""
import json
import lmcodec as lc
def show(src, dst, body, **kw):
    try:
        r = lc.translate_request(src, dst, json.dumps(body), **kw)
        print(f"--- {src}->{dst} {kw}:", r.body.decode()[:600])
        for a in r.adaptations: print("   note:", str(lc.to_builtins(a))[:250])
    except Exception as e:
        print(f"--- {src}->{dst} {kw}: {type(e).__name__}: {str(e)[:300]}")
b = {"model":"claude-sonnet-4-5","max_tokens":3000,"thinking":{"type":"enabled","budget_tokens":2000},"messages":[{"role":"user","content":"hi"}]}
for m in ("claude-sonnet-5","claude-opus-4-6","claude-3-haiku-20240307"):
    show("anthropic","anthropic",b, model=m)
b2 = {"model":"claude-opus-4-6","max_tokens":3000,"thinking":{"type":"adaptive"},"output_config":{"effort":"max"},"messages":[{"role":"user","content":"hi"}]}
show("anthropic","anthropic",b2, model="claude-sonnet-4-5")
show("anthropic","openai",b2, model="gpt-5")
g = {"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"thinkingConfig":{"thinkingBudget":0}}}
show("gemini","gemini",g, model="gemini-3-pro-preview")
show("gemini","gemini",g, model="models/gemini-2.5-flash")
g2 = {"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"thinkingConfig":{"thinkingLevel":"low"}}}
show("gemini","gemini",g2, model="gemini-2.5-flash")
show("gemini","anthropic",g2, model="claude-sonnet-4-5")
show("gemini","anthropic",g, model="claude-sonnet-5")
c = {"model":"gpt-5","messages":[{"role":"user","content":"hi"}],"reasoning_effort":"minimal"}
show("openai_chat","anthropic",c, model="claude-sonnet-5")
show("openai_chat","gemini",c, model="gemini-3-pro-preview")
c2 = {"model":"gpt-5","messages":[{"role":"user","content":"hi"}],"reasoning_effort":"none"}
show("openai_chat","gemini",c2, model="gemini-3-pro-preview")
show("openai_chat","anthropic",c2, model="claude-sonnet-5")
show("openai_chat","openai_chat",c2, model="o3")
