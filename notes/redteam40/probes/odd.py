import enum, msgspec, lmcodec as lc
class S(str): pass
class E(str, enum.Enum):
    M = "gpt-4o"
req = lc.Request(model='gpt-4o', messages=(lc.Message(role='user', parts=(lc.TextPart(text='hi'),)),))
resp = lc.Response(id='r', model='gpt-4o', message=lc.Message(role='assistant', parts=(lc.TextPart(text='yo'),)), finish_reason='stop', usage=lc.Usage())
body = b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}\n\ndata: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-4o","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
for name, m in [("str", "gpt-4o"), ("strsub", S("gpt-4o")), ("enum", E.M)]:
    r = msgspec.structs.replace(req, model=m)
    rs = msgspec.structs.replace(resp, model=m)
    for what, f in [
        ("build_request", lambda: lc.build_request("openai_chat", r)),
        ("encode_response", lambda: lc.encode_response("openai_chat", rs)),
        ("decode req=", lambda: lc.assemble(lc.stream.decode("openai_chat", [body], request=r), request=r).model),
        ("translate req=", lambda: b"".join(lc.stream.translate("openai_chat", "anthropic", [body], request=r))[:80]),
        ("llm from_turn", lambda: lc.llm.from_turn(lc.Turn(request=r, response=rs)) and "ok"),
    ]:
        try:
            out = f()
            print(name, what, "OK", str(out)[:80])
        except Exception as e:
            print(name, what, type(e).__name__, str(e)[:120])
