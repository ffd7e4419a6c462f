import os, sys, json; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
from tests.providers.sdk_readers import sdk_gemini
def g(parts, finish=None, usage=True):
    c = {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}], "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    if finish: c["candidates"][0]["finishReason"] = finish
    if usage: c["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 4, "totalTokenCount": 7}
    return ("data: " + json.dumps(c) + "\r\n\r\n").encode()
fc = lambda name, args, **kw: {"functionCall": dict({"name": name, "args": args}, **kw)}
shapes = {
 "interleaved": g([{"text": "a"}, fc("f", {"x": 1}), {"text": "b"}, fc("g", {"y": 2})], "STOP"),
 "thought_then_calls": g([{"text": "think", "thought": True}, fc("f", {"x": 1}, id="c1"), fc("f", {"x": 1}, id="c1")], "STOP"),
 "same_id_two_chunks": g([fc("f", {"x": 1}, id="c1")]) + g([fc("g", {"x": 2}, id="c1")], "STOP"),
 "sig_call": g([{"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "c2ln"}, fc("f", {})], "STOP"),
 "empty_args_none": g([{"functionCall": {"name": "f"}}], "STOP"),
 "args_surrogate_key": g([fc("f", {"\ud800": "\udfff"})], "STOP"),
 "text_call_text_chunks": g([{"text": "a"}]) + g([fc("f", {"x": "é\u2028"})]) + g([{"text": "b"}], "STOP"),
 "name_odd": g([fc("", {"x": 1})], "STOP"),
 "args_list": g([{"functionCall": {"name": "f", "args": [1, 2]}}], "STOP"),
}
for name, body in shapes.items():
    try:
        src = sdk_gemini(body)
        print(f"== {name}: SDK src text={src['text']!r} calls={[(n,a) for _,n,a in src['tool_calls']]}")
    except Exception as e:
        print(f"== {name}: SDK src raises {type(e).__name__}: {str(e)[:100]}")
    for dst in ("openai", "openai_chat", "anthropic"):
        try:
            outw = b"".join(lc.stream.translate("gemini", dst, [body], request=REQUEST))
            parts = [body[i:i+7] for i in range(0, len(body), 7)]
            oute = b"".join(lc.stream.translate("gemini", dst, parts, request=REQUEST))
        except Exception as e:
            print(f"   {dst:11} translate raises {type(e).__module__}.{type(e).__name__}: {str(e)[:150]}"); continue
        try:
            a, b = READ[dst](outw), READ[dst](oute)
            same = (a["text"], a["tool_calls"]) == (b["text"], b["tool_calls"])
            print(f"   {dst:11} text={a['text']!r} calls={[(i,n,x) for i,n,x in a['tool_calls']]} fin={a['finish_reason']} cut-same={same}")
        except Exception as e:
            print(f"   {dst:11} client SDK raises {type(e).__name__}: {str(e)[:150]}")
