"""F02: translate of a Responses stream (reasoning, a text, an empty text part, a function call) to
a Gemini client: the call is written at position 0 of a new chunk, the thought's position, so
lmcodec's and lm15's Gemini reading put the call before the text (thinking, call, text) where
``decode`` + ``assemble`` of the source read thinking, text, call.

Exit 1 while the translated stream reads in another order than the source; 0 once fixed.
"""
from __future__ import annotations

import sys

from _h import lc

d = lc.StreamDeltaEvent
events = [
    lc.StreamStartEvent(id="resp_1", model="gpt-x"),
    d(delta=lc.ThinkingDelta(text="a", part_index=0)),
    d(delta=lc.TextDelta(text="Let me look.", part_index=1)),
    d(delta=lc.TextDelta(text="", part_index=2)),  # an empty output_text (a second message item)
    d(delta=lc.ToolCallDelta(input='{"q": 1}', part_index=3, id="call_1", name="search")),
    lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2)),
]
source = b"".join(lc.stream.encode("openai", events))


def kinds(response: lc.Response) -> list[str]:
    return [type(p).__name__ for p in response.message.parts]


want = kinds(lc.assemble(lc.stream.decode("openai", [source])))
bad = 0
for name, chunks in (("whole", [source]), ("per event", [e + b"\n\n" for e in source.split(b"\n\n") if e]),
                     ("1 byte", [source[i:i + 1] for i in range(len(source))])):
    out = b"".join(lc.stream.translate("openai", "gemini", chunks))
    got = kinds(lc.assemble(lc.stream.decode("gemini", [out])))
    print(f"{name}: source {want} -> gemini client {got}")
    bad += got != want
print("FAIL" if bad else "ok")
sys.exit(1 if bad else 0)
