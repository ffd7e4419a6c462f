import sys, traceback
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
from lmcodec.wire._exact import as_exact
class MyText(lc.TextPart):
    note: str = "x"
t = MyText(text="hi")
try:
    print(as_exact(t))
except Exception:
    traceback.print_exc()
req = lc.Request(model="m", messages=(lc.Message.user("q"), lc.Message(role="assistant", parts=(t,))))
print(lc.build_request("openai", req).body)
print(lc.build_request("openai_chat", req).body)
