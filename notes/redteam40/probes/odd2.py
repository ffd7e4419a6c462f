import msgspec, lmcodec as lc
class S(str): pass
req = lc.Request(model='gemini-2.0', messages=(lc.Message(role='user', parts=(lc.TextPart(text=S('hi')),)),))
resp = lc.Response(id='r', model='gemini-2.0', message=lc.Message(role='assistant', parts=(lc.TextPart(text=S('yo')),)), finish_reason='stop', usage=lc.Usage())
gb = b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"finishReason":"STOP"}]}\n\n'
r2 = msgspec.structs.replace(req, model=S('gemini-2.0'))
for what, f in [
    ("build_request text S", lambda: lc.build_request("gemini", req)),
    ("encode_response text S", lambda: lc.encode_response("anthropic", resp)),
    ("gemini decode model S, no modelVersion", lambda: lc.assemble(lc.stream.decode("gemini", [gb], request=r2), request=r2).model),
    ("gemini decode model S, per event", lambda: lc.assemble(lc.stream.decode("gemini", [gb[:30], gb[30:]], request=r2), request=r2).model),
    ("gemini translate model S", lambda: b"".join(lc.stream.translate("gemini", "openai", [gb], request=r2))[:100]),
]:
    try:
        print(what, "OK", str(f())[:100])
    except Exception as e:
        print(what, type(e).__name__, str(e)[:150])
