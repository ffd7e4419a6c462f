"""F03 (LOW): a user's subclass whose class lives in a module named ``lmcodec.<something>`` (a
plugin or vendored extension package under the ``lmcodec.`` namespace, a class made with
``__module__`` set so) is taken for lmcodec's own class: ``wire/_exact.subclassed`` and
``as_exact`` / ``exact_class`` tell lmcodec's classes by ``__module__.startswith("lmcodec.")``.
So the writers' miss branches leave it as it is: ``build_request("anthropic")`` writes the
subclassed call as an empty text block and its result as another, ``build_request("gemini")``
writes ``{"text": ""}`` for both, ``encode_response("openai")`` writes no output, and
``lc.llm.from_turn`` recurses until a bare ``RecursionError`` (it converts ``as_exact(turn)``,
which is the same turn, again and again).

Exit 1 while any of these answers otherwise than for the lmcodec classes; 0 once fixed (e.g. a
frozenset of lmcodec's wire classes, ``type(value) in WIRE_CLASSES``, instead of the module test).
"""
from __future__ import annotations

import re
import sys

from _h import lc, outcome


class PluginCall(lc.ToolCallPart):
    pass


PluginCall.__module__ = "lmcodec.contrib.tracing"


def request(call: type) -> lc.Request:
    return lc.Request(model="gpt-4.1", messages=(
        lc.Message.user("q"),
        lc.Message(role="assistant", parts=(call(id="call_1", name="get", input={"q": "x"}),)),
        lc.Message(role="tool", parts=(lc.ToolResultPart(id="call_1", name="get", content=(lc.TextPart(text="r"),)),)),
    ))


def response(call: type) -> lc.Response:
    return lc.Response(id="r1", model="gpt-4.1", finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2),
                       message=lc.Message(role="assistant", parts=(call(id="call_1", name="get", input={"q": "x"}),)))


MINTED = re.compile(rb'[_-][0-9a-zA-Z]{20,}"|"created(_at)?":[0-9]+')
ENTRIES = {
    "build_request anthropic": lambda c: lc.build_request("anthropic", request(c)).body,
    "build_request gemini": lambda c: lc.build_request("gemini", request(c)).body,
    "encode_response openai": lambda c: MINTED.sub(b"#", lc.encode_response("openai", response(c))),
    "lc.llm.from_turn": lambda c: repr(lc.llm.from_turn(lc.Turn(request=request(c), response=response(c)))),
}
bad = 0
for name, write in ENTRIES.items():
    want, got = outcome(lambda: write(lc.ToolCallPart)), outcome(lambda: write(PluginCall))
    bad += got != want
    print(("ok   " if got == want else "DIFF ") + name + ("" if got == want else f": {str(got)[:200]}"))
sys.exit(1 if bad else 0)
