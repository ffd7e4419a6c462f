"""F04 (LOW, subclass27's own left item, reproduced): ``build_request("gemini")`` of a request
whose unnamed tool result comes before the call it answers, when that call is a user's subclass:
``lc.ProviderError`` "needs a function name ... no preceding assistant tool_call with that id",
where the same request of lmcodec's ToolCallPart builds (the name found by ``_call_names``, which
keeps ``type(p) is ToolCallPart`` only). The Gemini builder's miss branch (which rebuilds the
request as lmcodec classes) is met only at the call, after the result already failed.

Exit 1 while the subclassed call's request is refused where the plain one builds; 0 once equal.
"""
from __future__ import annotations

import sys

from _h import lc, outcome


class MyCall(lc.ToolCallPart):
    pass


def body(call: type) -> object:
    request = lc.Request(model="gemini-2.5-flash", messages=(
        lc.Message.user("q"),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="c1", content=(lc.TextPart(text="r"),)),)),
        lc.Message(role="assistant", parts=(call(id="c1", name="get", input={}),)),
    ))
    return outcome(lambda: lc.build_request("gemini", request).body)


want, got = body(lc.ToolCallPart), body(MyCall)
print("ToolCallPart:", want)
print("MyCall:      ", got)
sys.exit(0 if got == want else 1)
