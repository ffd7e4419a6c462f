"""F13: a whole (non-streamed) JSON body given to the stream reader, and an SSE body given to
`decode_response`, the two-way mix-up a new user makes first: `lc.stream.decode("anthropic",
[body])` yields nothing, silently, and `lc.assemble` of it says "Stream ended without an end
event" with no word that the input held no SSE frame; `lc.decode_response("anthropic", sse)` says
"not JSON" without naming the stream reader. (`lmcodec assemble` tells both apart.) Exits 1 while
neither message points at the other call."""
import sys

import lmcodec as lc
from _h import capture

body = capture("anthropic.basic_text").read_bytes()
sse = capture("anthropic.streaming").read_bytes()
bad = 0
events = list(lc.stream.decode("anthropic", [body]))
print("stream.decode(JSON body):", events)
try:
    lc.assemble(lc.stream.decode("anthropic", [body]))
except lc.LmcodecError as e:
    print(f"assemble: {type(e).__name__}: {e}")
    bad += "decode_response" not in str(e)
try:
    lc.decode_response("anthropic", sse)
except lc.LmcodecError as e:
    print(f"decode_response(SSE): {type(e).__name__}: {str(e)[:160]}...")
    bad += "stream" not in str(e).split("Body starts")[0]
sys.exit(1 if bad else 0)
