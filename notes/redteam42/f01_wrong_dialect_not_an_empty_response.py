"""F01: the README says a stream read as the wrong dialect, with a request given, "is an empty
Response, not an error" and that "its frames are skipped as unknown (Decoder.stats.unknown)".

For a plain one-answer stream of each dialect (written here by lc.stream.encode: no corpus needed)
read as each of the other three with a request, most pairs raise (StreamAssemblyError or
StreamDecodeError: as lm15 1.5.0 does, checked on the corpus streams) and many count no unknown
frame. Exits 1 while the README claims an empty Response and some pair raises; 0 once the README
says what happens (or every pair gives an empty Response)."""

from __future__ import annotations

import sys
from pathlib import Path

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[2]
CLAIM = "with a request given the\nresult is an empty Response, not an error"

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
req = lc.Request("m", [lc.Message.user("hi")])
events = [
    lc.StreamStartEvent(id="r1", model="m"),
    lc.StreamDeltaEvent(lc.TextDelta("Hello")),
    lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1)),
]
raised = []
no_unknown = []
for src in DIALECTS:
    body = b"".join(lc.stream.encode(src, events))
    assert lc.assemble(lc.stream.decode(src, [body], request=req), request=req).text == "Hello"
    for asked in DIALECTS:
        if asked == src:
            continue
        decoder = lc.stream.Decoder(asked, request=req)
        try:
            lc.assemble(decoder.feed(body) + decoder.close(), request=req)
        except lc.LmcodecError as exc:
            raised.append(f"{src} read as {asked}: {type(exc).__name__}: {str(exc)[:70]}")
        if decoder.stats.unknown == 0:
            no_unknown.append(f"{src} read as {asked}")

readme = (ROOT / "README.md").read_text("utf-8")
claims = " ".join(CLAIM.split()) in " ".join(readme.split())
print(f"{len(raised)} of 12 pairs raise; {len(no_unknown)} of 12 count no unknown frame")
for line in raised:
    print("  ", line)
if claims and raised:
    print("README still says: an empty Response, not an error")
    sys.exit(1)
sys.exit(0)
