import sys
sys.path.insert(0, "notes/redteam38/probes")
exec(open("notes/redteam38/probes/p02_decode.py").read().split("C = [")[0].replace("LEN = True", "LEN = False"))
C = [
 ("Part", '{"type":"text","type":"text","text":"a"}'),
 ("Message", '{"role":"user","parts":[{"type":"tool_call","id":"i","name":"n","input":{}}],"role":"assistant"}'),
 ("Message", '{"role":"assistant","parts":[{"type":"tool_call","id":"i","name":"n","input":{}}],"role":"user"}'),
 ("Message", '{"role":"user","parts":[{"type":"text","text":"a"}],"parts":[]}'),
 ("Message", '{"role":"user","parts":[],"parts":[{"type":"text","text":"a"}]}'),
 ("Part", '{"type":"image","media_type":"image/png","url":"u","url":null}'),
 ("Part", '{"type":"image","media_type":"image/png","url":null,"url":"u"}'),
 ("Part", '{"type":"image","media_type":"image/png","url":"u","data":"AAAA","data":null}'),
 ("Part", '{"type":"tool_result","id":"x","content":[],"is_error":true,"is_error":false}'),
 ("Usage", '{"input_tokens":-1,"input_tokens":1}'),
 ("Usage", '{"input_tokens":1,"input_tokens":-1}'),
 ("Usage", '{"input_tokens":"a","input_tokens":1}'),
 ("Config", '{"temperature":5,"temperature":0.5}'),
 ("Config", '{"temperature":0.5,"temperature":5}'),
 ("Config", '{"stop":["a"],"stop":"b"}'),
 ("Config", '{"tool_choice":{"mode":"none"},"tool_choice":{"mode":"auto","allowed":["f"]}}'),
 ("Config", '{"reasoning":{"effort":"high","effort":"bogus"}}'),
 ("Config", '{"reasoning":{"effort":"bogus","effort":"high"}}'),
 ("Response", '{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"a"}]},"finish_reason":"bogus","finish_reason":"stop"}'),
 ("Response", '{"model":"m","message":{"role":"user","parts":[{"type":"text","text":"a"}]},"finish_reason":"stop","message":{"role":"assistant","parts":[{"type":"text","text":"a"}]}}'),
 ("Response", '{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"a"}]},"finish_reason":"stop","usage":{"input_tokens":1},"usage":5}'),
 ("Response", '{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"a"}]},"finish_reason":"stop","usage":5,"usage":{"input_tokens":1}}'),
 ("Request", '{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"a"}]}],"config":{"seed":1},"config":{"seed":2}}'),
 ("Request", '{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"a"}]}],"system":"x","system":""}'),
 ("Request", '{"model":"m","messages":[],"messages":[{"role":"user","parts":[{"type":"text","text":"a"}]}]}'),
 ("Delta", '{"type":"text","part_index":-1,"part_index":0,"text":"a"}'),
 ("StreamEvent", '{"type":"end","finish_reason":"stop","finish_reason":"bogus"}'),
 ("StreamEvent", '{"type":"error","error":{"code":"bogus","code":"rate_limit","message":"m"}}'),
 ("Tool", '{"type":"function","name":"f","parameters":{},"parameters":null}'),
 ("Tool", '{"type":"function","name":"","name":"f"}'),
]
for L in (False, True):
    LEN = L
    print("lenient", L)
    for k, t in C: cmp(k, t)
