"""F03: translate of a Responses stream whose ``response.output_item.added`` has no
``output_index`` (absent or null; a Responses-compatible server that leaves it out): the message's
text is written twice to a Chat or Anthropic client, where ``decode`` + ``assemble`` of the same
bytes read it once.

Exit 1 while translate answers otherwise than decode + assemble; 0 once fixed.
"""
from __future__ import annotations

import json
import sys

from _h import lc

frames = [
    {"type": "response.created", "response": {"id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress",
                                              "model": "gpt-x", "output": [], "usage": None}},
    {"type": "response.output_item.added", "item": {"id": "msg_1", "type": "message", "status": "in_progress",
                                                    "role": "assistant", "content": []}},  # no output_index
    {"type": "response.content_part.added", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "annotations": [], "text": ""}},
    {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": "Hello!"},
    {"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0, "content_index": 0, "text": "Hello!"},
    {"type": "response.content_part.done", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "annotations": [], "text": "Hello!"}},
    {"type": "response.output_item.done", "output_index": 0, "item": {
        "id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
        "content": [{"type": "output_text", "annotations": [], "text": "Hello!"}]}},
    {"type": "response.completed", "response": {
        "id": "resp_1", "object": "response", "created_at": 1, "status": "completed", "model": "gpt-x",
        "output": [{"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
                    "content": [{"type": "output_text", "annotations": [], "text": "Hello!"}]}],
        "usage": {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5}}},
]
source = b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)


def text(response: lc.Response) -> str:
    return "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart))


want = text(lc.assemble(lc.stream.decode("openai", [source])))
print("decode + assemble:", repr(want))
bad = 0
for dst in ("openai_chat", "anthropic", "gemini", "openai"):
    out = b"".join(lc.stream.translate("openai", dst, [source]))
    got = text(lc.assemble(lc.stream.decode(dst, [out])))
    print(f"openai -> {dst}: {got!r}")
    bad += got != want
print("FAIL" if bad else "ok")
sys.exit(1 if bad else 0)
