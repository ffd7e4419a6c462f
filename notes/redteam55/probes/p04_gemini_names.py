import sys; sys.path.insert(0,"/work/wt/redteam55/src")
import lmcodec as lc
class MyCall(lc.ToolCallPart): pass
def req(C):
    return lc.Request(model="gemini-2.5-flash", messages=(
        lc.Message.user("q"),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="c1", content=(lc.TextPart(text="r"),)),)),
        lc.Message(role="assistant", parts=(C(id="c1", name="get", input={}),)),
    ))
for C in (lc.ToolCallPart, MyCall):
    try: print(C.__name__, lc.build_request("gemini", req(C)).body)
    except Exception as e: print(C.__name__, type(e).__name__, e)
