"""F01: translate from Gemini of a stream whose chunks carry an empty thought part before the text
(the position filler lmcodec's own Gemini writer puts in every chunk after a thinking slot): every
chunk opens a new thinking block and a new text block for an Anthropic or Responses client, where
``decode`` + ``assemble`` of the same bytes give one thinking part and one text part.

Exit 1 while translate answers otherwise than decode + assemble; 0 once fixed.
"""
from __future__ import annotations

import sys

from _h import lc

d = lc.StreamDeltaEvent
events = [
    lc.StreamStartEvent(id="r1", model="gemini-x"),
    d(delta=lc.ThinkingDelta(text="plan", part_index=0)),
    d(delta=lc.TextDelta(text="Hel", part_index=1)),
    d(delta=lc.TextDelta(text="lo, ", part_index=1)),
    d(delta=lc.TextDelta(text="world", part_index=1)),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=2)),
]
source = b"".join(lc.stream.encode("gemini", events))  # chunks 2..n hold {"text":"","thought":true}
assert b'{"text":"","thought":true}' in source, source


def shape(response: lc.Response) -> list[tuple[str, str]]:
    return [(type(p).__name__, getattr(p, "text", "")) for p in response.message.parts]


want = shape(lc.assemble(lc.stream.decode("gemini", [source])))
print("decode + assemble:", want)
bad = 0
for dst in ("anthropic", "openai", "openai_chat", "gemini"):
    for name, chunks in (("whole", [source]), ("per event", [e + b"\r\n\r\n" for e in source.split(b"\r\n\r\n") if e])):
        out = b"".join(lc.stream.translate("gemini", dst, chunks))
        got = shape(lc.assemble(lc.stream.decode(dst, [out])))
        if got != want:
            bad += 1
            print(f"gemini -> {dst} ({name}): {got}")
# what the anthropic SDK's accumulator gives the client
try:
    sys.path.insert(0, __import__("_h").ROOT)

    out = b"".join(lc.stream.translate("gemini", "anthropic", [source]))
    import anthropic
    import httpx2

    client = anthropic.Anthropic(api_key="k", max_retries=0, http_client=httpx2.Client(transport=httpx2.MockTransport(
        lambda r: httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=out))))
    with client.messages.stream(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}]) as s:
        message = s.get_final_message()
    print("anthropic SDK content blocks:", [(b.type, getattr(b, "text", getattr(b, "thinking", None)), getattr(b, "signature", None)) for b in message.content])
except ImportError as exc:
    print("(anthropic SDK view skipped:", exc, ")")
print("FAIL" if bad else "ok", f"{bad} translations differ from decode + assemble")
sys.exit(1 if bad else 0)
