"""F06: HeadPeek (rtfix22 a37df10) skips the BOM only when the first chunk holds all three of its
bytes; a UTF-8 BOM cut by the first chunk boundary makes the first line ``\\xef\\xbb\\xbfdata:...``
"not a data line", so the head is read from the *second* event: lc.stream.translate of a Chat
stream to Anthropic names its message_start with the second chunk's id and model. 58c3527 read the
first data line at any cut. Exits 1 while the bug is there.
"""

import sys

import msgspec

import lmcodec as lc

ev1 = (
    b'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-first",'
    b'"choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n'
)
ev2 = (
    b'data: {"id":"chatcmpl-2","object":"chat.completion.chunk","created":1,"model":"gpt-second",'
    b'"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'
)
body = b"\xef\xbb\xbf" + ev1 + ev2 + b"data: [DONE]\n\n"


def start_of(chunks: list[bytes]) -> tuple[str, str]:
    out = b"".join(lc.stream.translate("openai_chat", "anthropic", chunks))
    for line in out.split(b"\n"):
        if line.startswith(b"data:"):
            event = msgspec.json.decode(line[5:])
            if event.get("type") == "message_start":
                return event["message"]["id"], event["message"]["model"]
    return ("?", "?")


whole = start_of([body])
failed = False
for cut in (1, 2):
    got = start_of([body[:cut], body[cut:]])
    print(f"BOM cut after byte {cut}: message_start id/model {got}; whole body: {whole}")
    failed |= got != whole
if failed:
    print("FAIL: a BOM split across the first chunks names the stream after its second event")
    sys.exit(1)
print("ok")
