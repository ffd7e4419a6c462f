"""F05: the Anthropic start usage is not carried when a ping (or a comment naming "data:") comes first.

rtfix21 (e08ca0c) writes the source's message_start usage in an Anthropic client's message_start,
read by HeadPeek from the stream's first `data` line. If that line is a ping's (`data: {"type":
"ping"}`) the peek stops there and the client's message_start says 0 input tokens: red team 21 F02
again for anthropic SDKs before 0.51, which read the input counts there only. The same happens
when a comment line holds "data:" (`: data: hi`), since the peek looks for the bytes anywhere.
"""

import json
import sys

import lmcodec as lc


def event(name: str, data: dict) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


body = b"".join([
    event("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [], "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": 9, "output_tokens": 1}}}),
    event("content_block_start", {"type": "content_block_start", "index": 0,
                                  "content_block": {"type": "text", "text": ""}}),
    event("content_block_delta", {"type": "content_block_delta", "index": 0,
                                  "delta": {"type": "text_delta", "text": "hello"}}),
    event("content_block_stop", {"type": "content_block_stop", "index": 0}),
    event("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn",
          "stop_sequence": None}, "usage": {"output_tokens": 5}}),
    event("message_stop", {"type": "message_stop"}),
])
PING = b'event: ping\ndata: {"type":"ping"}\n\n'

failed = False
for name, source in (("as sent", body), ("a ping first", PING + body), ("a comment first", b": data: hi\n\n" + body)):
    out = b"".join(lc.stream.translate("anthropic", "anthropic", [source]))
    start = next(line for line in out.split(b"\n") if line.startswith(b"data") and b"message_start" in line)
    usage = json.loads(start[5:])["message"]["usage"]
    print(f"{name}: the client's message_start usage {usage} (the backend's input_tokens: 9)")
    failed |= usage.get("input_tokens") != 9
sys.exit(1 if failed else 0)
