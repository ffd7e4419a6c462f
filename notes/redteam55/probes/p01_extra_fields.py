import sys, traceback
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc, msgspec

class MyText(lc.TextPart):
    note: str = "x"
class MyCall(lc.ToolCallPart):
    trace_id: str = "t"
class MyMsg(lc.Message):
    meta: int = 0
class MyPlain(lc.TextPart):
    pass

def run(label, f):
    try:
        out = f()
        print(label, "OK", repr(out)[:200])
    except lc.LmcodecError if hasattr(lc,"LmcodecError") else Exception as e:
        print(label, "ERR", type(e).__module__, type(e).__name__, str(e)[:200])

t = MyText(text="hi")
c = MyCall(id="c1", name="f", input={"a": 1})
print(type(t), t)
req = lc.Request(model="m", messages=(lc.Message.user("q"), lc.Message(role="assistant", parts=(t, c)), lc.Message.tool({"c1": "r"}) if hasattr(lc.Message,'tool') else lc.Message(role="tool", parts=(lc.tool_result("c1", "r"),))))
for p in ("openai", "openai_chat", "anthropic", "gemini"):
    run("build "+p, lambda: lc.build_request(p, req))
resp = lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=(t, c)), finish_reason="tool_call")
for p in ("openai", "openai_chat", "anthropic", "gemini"):
    run("encode_response "+p, lambda: lc.encode_response(p, resp))
run("encode", lambda: lc.encode(req))
run("encode resp", lambda: lc.encode(resp))
