import json
import llm.parts as P
import lmcodec as lc

def cmp(kind, d):
    fn = {"Part": P.Part.from_dict, "Message": P.Message.from_dict}[kind]
    try:
        o = fn(json.loads(d)); a = ("ok", json.dumps(o.to_dict(), ensure_ascii=False, separators=(",", ":")))
    except Exception as e:
        a = ("err", type(e).__name__, str(e)[:80])
    try:
        o = lc.llm.decode(d.encode(), getattr(lc.llm, kind)); b = ("ok", lc.llm.encode(o).decode())
    except lc.LmcodecError as e:
        b = ("err", type(e).__name__, str(e)[:80])
    except Exception as e:
        b = ("BARE", type(e).__name__, str(e)[:80])
    if a[0] != b[0] or (a[0] == "ok" and a[1] != b[1]) or b[0] == "BARE":
        print("DIFF", kind, d, "\n  llm:", a, "\n  lc: ", b)

C = [
 ("Part", '{"type":"text","text":"a"}'),
 ("Part", '{"type":"text","text":5}'),
 ("Part", '{"type":"text","text":null}'),
 ("Part", '{"type":"text"}'),
 ("Part", '{"type":"text","text":"a","provider_metadata":{}}'),
 ("Part", '{"type":"text","text":"a","provider_metadata":null}'),
 ("Part", '{"type":"text","text":"a","provider_metadata":{"x":{"b":1,"a":2}}}'),
 ("Part", '{"type":"text","text":"a","provider_metadata":[1]}'),
 ("Part", '{"type":"text","text":"a","bogus":1}'),
 ("Part", '{"type":"reasoning","text":"","redacted":true}'),
 ("Part", '{"type":"reasoning","text":"","redacted":1}'),
 ("Part", '{"type":"reasoning","text":"","redacted":0}'),
 ("Part", '{"type":"reasoning","text":"","redacted":"yes"}'),
 ("Part", '{"type":"reasoning","text":"","redacted":null}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":"x"}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":null}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":[1,2]}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{},"tool_call_id":""}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{},"tool_call_id":null}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{},"tool_call_id":5}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{},"server_executed":false}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{},"server_executed":"x"}'),
 ("Part", '{"type":"tool_call","name":5,"arguments":{}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":1e400}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":NaN}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":123456789012345678901234567890}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":1.0}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":-0.0}}'),
 ("Part", '{"type":"tool_call","name":"f","arguments":{"a":1E400}}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o"}'),
 ("Part", '{"type":"tool_result","name":"f","output":5}'),
 ("Part", '{"type":"tool_result","name":"f","output":null}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","exception":""}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","exception":null}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[{}]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[null]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":null}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[{"type":"image/png","content":"AAAA"}]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[{"content":"not base64!"}]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[{"content":"QQ"}]}'),
 ("Part", '{"type":"tool_result","name":"f","output":"o","attachments":[{"content":""}]}'),
 ("Part", '{"type":"attachment"}'),
 ("Part", '{"type":"attachment","attachment":{}}'),
 ("Part", '{"type":"attachment","attachment":null}'),
 ("Part", '{"type":"attachment","attachment":{"url":"u","path":"p"}}'),
 ("Part", '{"type":"attachment","attachment":{"url":""}}'),
 ("Part", '{"type":"attachment","attachment":{"content":"AAAA","url":"u"}}'),
 ("Part", '{"type":"attachment","attachment":{"type":null,"url":"u"}}'),
 ("Part", '{"type":"attachment","attachment":{"content":"QUJD\\n"}}'),
 ("Part", '{"type":"attachment","attachment":{"content":"QUJD===="}}'),
 ("Part", '{"type":"attachment","attachment":5}'),
 ("Part", '{"type":"bogus"}'),
 ("Part", '{"text":"a"}'),
 ("Message", '{"role":"user"}'),
 ("Message", '{"role":"user","parts":[]}'),
 ("Message", '{"role":"bogus","parts":[]}'),
 ("Message", '{"role":5,"parts":[]}'),
 ("Message", '{"role":"user","parts":null}'),
 ("Message", '{"role":"user","parts":"ab"}'),
 ("Message", '{"role":"user","parts":{}}'),
 ("Message", '{"role":"user","parts":[],"provider_metadata":{}}'),
 ("Message", '{"parts":[]}'),
]
for k, d in C: cmp(k, d)
