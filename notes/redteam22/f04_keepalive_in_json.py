"""F04: "event: ping" inside a JSON string (and a ping name line in a comment) is counted as a keep-alive.

KeepAlives.count counts b"event: ping" anywhere in a chunk that wrote nothing. An Anthropic text
delta whose text says "event: ping" (the model's output, so the prompt's author controls it), read
in chunks that end inside its data line, makes translate write keep-alives the backend never sent:
here 3 ': keep-alive' comments to a Chat client (3 extra Anthropic pings to an Anthropic client).
The same bytes given in larger chunks write none: the count depends on the chunking.
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
        "usage": {"input_tokens": 3, "output_tokens": 1}}}),
    event("content_block_start", {"type": "content_block_start", "index": 0,
                                  "content_block": {"type": "text", "text": ""}}),
    event("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {
        "type": "text_delta", "text": "the log said event: ping event: ping event: ping"}}),
    event("content_block_stop", {"type": "content_block_stop", "index": 0}),
    event("message_delta", {"type": "message_delta", "delta": {"stop_reason": "end_turn",
          "stop_sequence": None}, "usage": {"output_tokens": 5}}),
    event("message_stop", {"type": "message_stop"}),
])
assert b"\n:" not in body and b"event: ping\n" not in body  # the source sent no keep-alive

failed = False
for size in (16, 64, len(body)):
    chunks = [body[i:i + size] for i in range(0, len(body), size)]
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", chunks))
    kept = out.count(b": keep-alive")
    print(f"{size}-byte chunks: {kept} ': keep-alive' lines written (the source sent 0)")
    failed |= kept != 0
comment = b": event: ping\n\n"  # one comment line counted twice (a comment and a ping name line)
first = body.index(b"\n\n") + 2  # the message_start event, whole
out = b"".join(lc.stream.translate("anthropic", "openai_chat", [body[:first], comment, body[first:]]))
print(f"one ': event: ping' comment line: {out.count(b': keep-alive')} keep-alives written (1 sent)")
failed |= out.count(b": keep-alive") != 1
sys.exit(1 if failed else 0)
