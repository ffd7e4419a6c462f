"""F06 (MEDIUM, rtfix60's unindexed added beside rtfix59's done-before-added): translate from
Responses of a stream where an item's ``output_item.done`` (output_index 2, never added) is
followed by an ``output_item.added`` of the same item id *without* ``output_index``, then
``response.completed``: given whole (one chunk, one batch) every client reads the message's text
as '' (or nothing); cut per event, per byte or at random it reads 'ab'. The answer depends on the
chunking, and the whole-body reading loses the text the per-event reading keeps (and the openai
SDK keeps: its final response is response.completed's, holding 'ab').

The batch path records the unindexed added's identity (``_added_unindexed``) before it maps the
done that came first, so the done is taken for an added item's (lm15's mapping, whose deltas
never came) instead of an item that came only whole, as when the frames arrive one at a time
(red team 52 F01's fix reads an *indexed* added's head only after mapping the frames before it).

Exit 1 while any client's reading depends on the chunking; 0 once every chunking reads alike.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "redteam52"))
from _h import answer, chunkings, frame, translated  # noqa: E402  (red team 52's helpers: src, frames, chunkings)

MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "ab", "annotations": []}]}
R = {"id": "resp_1", "object": "response", "model": "m", "created_at": 1}
events = [
    {"type": "response.created", "response": dict(R, status="in_progress", output=[])},
    {"type": "response.output_item.done", "output_index": 2, "item": MSG},
    {"type": "response.output_item.added", "item": dict(MSG, content=[])},  # no output_index
    {"type": "response.completed", "response": dict(R, status="completed", output=[MSG],
                                                    usage={"input_tokens": 1, "output_tokens": 1, "total_tokens": 2})},
]
frames = [frame(e) for e in events]
print("source, decode + assemble:", answer("openai", [b"".join(frames)]))
bad = 0
for dst in ("openai", "openai_chat", "anthropic", "gemini"):
    got = {cut: answer(dst, [translated("openai", dst, chunks)]) for cut, chunks in chunkings(frames).items()}
    same = len({json.dumps(v, default=repr) for v in got.values()}) == 1
    bad += not same
    print(f"openai -> {dst}: " + ("same at every chunking " + str(got["whole"]) if same else str(got)))
sys.exit(1 if bad else 0)
