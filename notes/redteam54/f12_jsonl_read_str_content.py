"""F12: `lc.jsonl.read(text, lc.Turn)` with the log's content as a str (bytes content is read as
data, a str is taken for a path): `OSError: [Errno 36] File name too long` (or FileNotFoundError),
whose message is the whole content, 1,000,000+ characters for a 1 MB log, and no word that a str is
a path. Exits 1 while the error is not an lc error or text saying to pass bytes, or is over 1,000
characters."""
import sys

import lmcodec as lc

req = lc.Request("m", [lc.Message.user("x" * 1000)])
resp = lc.Response(message=lc.Message.assistant("y"), model="m", finish_reason="stop", usage=lc.Usage(), id="r")
content = b"".join(lc.encode(lc.Turn(request=req, response=resp)) + b"\n" for _ in range(1000)).decode()
bad = 0
for name, text in (("1 MB of JSONL as str", content), ("one short line as str", content[:200])):
    try:
        n = sum(1 for _ in lc.jsonl.read(text, lc.Turn))
        print(f"{name}: read {n} records")
    except Exception as e:
        msg = str(e)
        hint = "bytes" in msg or "path" in msg.lower()
        print(f"{name}: {type(e).__module__}.{type(e).__name__}, {len(msg):,} characters, hint: {hint}")
        bad += (not hint) or len(msg) > 1000
sys.exit(1 if bad else 0)
