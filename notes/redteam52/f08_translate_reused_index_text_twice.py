"""F08 (LOW): ``lc.stream.translate`` from a Responses stream that reuses an ``output_index``: a
message 'hi' streamed at index 0 (added, deltas, done), then a function_call added and done at
index 0 again, then ``response.completed`` listing both. ``decode`` + ``assemble`` reads 'hi'
once and the call; translate writes 'hi' twice at every chunking: to openai_chat 'hihi', to
openai, anthropic and gemini 'hi', the call, 'hi' (the completed-only pass reads the message as
never streamed: its index now names the call). The openai SDK refuses the source ("Duplicate
response output index 0"): hostile input, but the gateway's client gets text the model did not
send. Also on 238314e.

Should: the text once (as decode + assemble), or the stream refused in-band.
Exits 1 while a client reads the text twice, 0 once not.
Run: /work/venv/bin/python notes/redteam52/f08_translate_reused_index_text_twice.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import CREATED, DIALECTS, answer, chunkings, completed, frame, translated  # noqa: E402

MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
CALL = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f",
        "arguments": '{"a":1}'}
EVENTS = [
    CREATED,
    {"type": "response.output_item.added", "output_index": 0, "item": dict(MSG, content=[], status="in_progress")},
    {"type": "response.content_part.added", "item_id": "msg_1", "output_index": 0, "content_index": 0,
     "part": {"type": "output_text", "text": "", "annotations": []}},
    {"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": "hi"},
    {"type": "response.output_item.done", "output_index": 0, "item": MSG},
    {"type": "response.output_item.added", "output_index": 0, "item": dict(CALL, arguments="")},
    {"type": "response.output_item.done", "output_index": 0, "item": CALL},
    completed([MSG, CALL]),
]


def text_of(view: object) -> str:
    return "".join(p[1] for p in view if p[0] == "text") if isinstance(view, tuple) else str(view)


def main() -> int:
    frames = [frame(e) for e in EVENTS]
    expected = text_of(answer("openai", [b"".join(frames)]))
    print(f"decode + assemble: {expected!r}")
    bad = 0
    for dst in DIALECTS:
        got = {cut: text_of(answer(dst, [translated("openai", dst, ch)])) for cut, ch in chunkings(frames).items()}
        bad += any(v != expected for v in got.values())
        print(f"    -> {dst:11} {got}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
