"""F02: arguments swapped (`lc.encode_response(response, "openai_chat")`, `lc.build_request(req,
"openai")`, `lc.stream.decode(body, ...)`): the "unknown provider" error quotes the whole value,
2 MB for a 2 MB answer. Exits 1 while any message is over 1,000 characters."""
import sys

import lmcodec as lc

big = "x" * 2_000_000
resp = lc.Response(message=lc.Message.assistant(big), model="m", finish_reason="stop", usage=lc.Usage(), id="r")
req = lc.Request("m", [lc.Message.user(big)])
calls = {
    "lc.encode_response(response, 'openai_chat')": lambda: lc.encode_response(resp, "openai_chat"),  # type: ignore[arg-type]
    "lc.build_request(request, 'openai')": lambda: lc.build_request(req, "openai"),  # type: ignore[arg-type]
    "lc.decode_response(body, 'anthropic')": lambda: lc.decode_response(big.encode(), "anthropic"),  # type: ignore[arg-type]
    "lc.stream.decode(body, [chunk])": lambda: list(lc.stream.decode(big.encode(), [b""])),  # type: ignore[arg-type]
}
bad = 0
for name, f in calls.items():
    try:
        f()
        print(name, "did not raise")
    except lc.LmcodecError as e:
        n = len(str(e))
        print(f"{name}: {type(e).__name__}, {n:,} characters: {str(e)[:70]!r}...")
        bad += n > 1000
sys.exit(1 if bad else 0)
