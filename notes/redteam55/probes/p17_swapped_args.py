import sys
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
req = lc.Request(model="gpt-4.1", messages=(lc.Message.user("q"),))
resp = lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=(lc.TextPart(text="a"),)), finish_reason="stop", usage=lc.Usage())
body = lc.encode_response("openai", resp)
class P(str): pass
calls = {
    "encode_response(resp, 'openai')": lambda: lc.encode_response(resp, "openai"),
    "encode_response('openai', req)": lambda: lc.encode_response("openai", req),
    "encode_response('openai', body)": lambda: lc.encode_response("openai", body),
    "encode_response(P('openai'), resp)": lambda: lc.encode_response(P("openai"), resp),
    "encode_response('OpenAI', resp)": lambda: lc.encode_response("OpenAI", resp),
    "encode_response(None, resp)": lambda: lc.encode_response(None, resp),
    "encode_response('x'*10**6, resp)": lambda: lc.encode_response("x" * 10**6, resp),
    "build_request(req, 'openai')": lambda: lc.build_request(req, "openai"),
    "decode_response(body, 'openai')": lambda: lc.decode_response(body, "openai"),
    "translate_response('openai', body, 'anthropic')": lambda: lc.translate_response("openai", body, "anthropic"),
    "translate_response(body, 'openai', 'anthropic')": lambda: lc.translate_response(body, "openai", "anthropic"),
    "stream.Encoder(resp)": lambda: lc.stream.Encoder(resp),
    "stream.decode([b''], 'openai')": lambda: list(lc.stream.decode([b""], "openai")),
    "stream.translate('openai', [body], 'anthropic')": lambda: list(lc.stream.translate("openai", [body], "anthropic")),
    "translate_request(body, 'openai', 'anthropic')": lambda: lc.translate_request(body, "openai", "anthropic"),
    "decode_request(body, 'openai')": lambda: lc.decode_request(body, "openai"),
    "encode_response('openai', resp, 'x')": lambda: lc.encode_response("openai", resp, "x"),
    "encode_response(provider=resp, response='openai')": lambda: lc.encode_response(provider=resp, response="openai"),
}
bare = 0
for name, f in calls.items():
    try:
        f(); print("OK?", name)
    except lc.LmcodecError as e:
        print("lc ", name, type(e).__name__, str(e)[:130])
    except Exception as e:
        bare += 1; print("BARE", name, type(e).__name__, str(e)[:130])
print("bare", bare, "of", len(calls))
