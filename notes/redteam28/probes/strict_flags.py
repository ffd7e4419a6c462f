"""Strict flags across dialects (rtfix29a F01): Chat and Responses sources with null, "true", 1, false, duplicates, hosted tools, strict only in text.format, an escaped key; Anthropic sources likewise. Prints each translation's tools and notes."""
import json, lmcodec as lc
P={"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":False}
def chat(tools, **kw):
    return {"model":"gpt-4o","messages":[{"role":"user","content":"hi"}],"tools":tools, **kw}
def fn(name, **kw):
    return {"type":"function","function":{"name":name,"parameters":P, **kw}}
cases = {
 "chat custom first": chat([{"type":"custom","custom":{"name":"c"}}, fn("f", strict=True), fn("g")]),
 "chat strict null": chat([fn("f", strict=None)]),
 "chat strict 'true'": chat([fn("f", strict="true")]),
 "chat strict 1": chat([fn("f", strict=1)]),
 "chat strict false": chat([fn("f", strict=False)]),
}
for name, body in cases.items():
    for dst in ("anthropic","openai","gemini","openai_chat"):
        try:
            out = lc.translate_request("openai_chat", dst, json.dumps(body).encode())
            b = json.loads(out.body)
            print(name, "->", dst, json.dumps(b.get("tools"))[:300], [(a.field,a.action) for a in out.adaptations])
        except lc.LmcodecError as e:
            print(name, "->", dst, type(e).__name__, str(e)[:150])
        except Exception as e:
            print(name, "->", dst, "ESCAPE", type(e).__name__, e)
P={"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":False}
def resp(tools, **kw):
    return {"model":"gpt-5","input":"hi","tools":tools, **kw}
def rfn(name, **kw):
    return {"type":"function","name":name,"parameters":P, **kw}
def anth(tools, **kw):
    return {"model":"claude-sonnet-4-5","max_tokens":100,"messages":[{"role":"user","content":"hi"}],"tools":tools, **kw}
def afn(name, **kw):
    return {"name":name,"input_schema":P, **kw}
cases = {
 "resp strict 'true'": ("openai", resp([rfn("f", strict="true")])),
 "resp strict 1": ("openai", resp([rfn("f", strict=1)])),
 "resp strict null": ("openai", resp([rfn("f", strict=None)])),
 "resp dup names": ("openai", resp([rfn("f", strict=True), rfn("f", strict=False)])),
 "resp dup names2": ("openai", resp([rfn("f", strict=False), rfn("f", strict=True)])),
 "resp hosted+fn": ("openai", resp([{"type":"web_search_preview"}, rfn("f", strict=True), rfn("g", strict=False), rfn("h")])),
 "resp strict in text.format only": ("openai", resp([rfn("f")], text={"format":{"type":"json_schema","name":"x","schema":P,"strict":True}})),
 "resp escaped strict key": ("openai", None),
 "anth strict 'true'": ("anthropic", anth([afn("f", strict="true")])),
 "anth strict 1": ("anthropic", anth([afn("f", strict=1)])),
 "anth strict null": ("anthropic", anth([afn("f", strict=None)])),
 "anth strict false": ("anthropic", anth([afn("f", strict=False)])),
 "anth dup": ("anthropic", anth([afn("f", strict=True), afn("f")])),
 "anth typed custom strict": ("anthropic", anth([{"type":"custom", **afn("f", strict=True)}])),
}
for name, (src, body) in cases.items():
    if body is None:
        raw = json.dumps(resp([rfn("f", strict=True)])).replace('"strict"', '"str\\u0069ct"').encode()
    else:
        raw = json.dumps(body).encode()
    for dst in ("anthropic","openai","gemini","openai_chat"):
        try:
            out = lc.translate_request(src, dst, raw)
            b = json.loads(out.body)
            t = b.get("tools")
            if dst=="openai_chat": t=[(x.get("function",{}).get("name"), x.get("function",{}).get("strict","-")) for x in t or []]
            elif dst=="openai": t=[(x.get("name"), x.get("strict","-")) for x in t or []]
            elif dst=="anthropic": t=[(x.get("name"), x.get("strict","-")) for x in t or []]
            else: t=json.dumps(t)[:80]
            print(f"{name:32} -> {dst:12}", t, [(a.field,a.action,str(a.asked)[:40]) for a in out.adaptations if 'tool' in a.field])
        except lc.LmcodecError as e:
            print(f"{name:32} -> {dst:12}", type(e).__name__, str(e)[:120])
        except Exception as e:
            print(f"{name:32} -> {dst:12}", "ESCAPE", type(e).__name__, e)
