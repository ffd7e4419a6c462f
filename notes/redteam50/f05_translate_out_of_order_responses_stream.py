"""F05 (MEDIUM): ``lc.stream.translate`` of an OpenAI Responses stream whose finished items come
before their deltas (an ``output_item.done``, or a ``response.completed`` carrying output, ahead of
the ``output_text.delta`` of the same text: events out of order, or two streams spliced) answers a
dst client otherwise than ``lc.stream.decode`` + ``lc.assemble`` of the same bytes, and otherwise
for another chunking of the same bytes:

- done-before-delta: decode+assemble ``['stream']``; translate (to any dialect, openai itself too)
  ``['streamstream']``: the text twice (fuzz.py translate case 24 of seed 50: whole ``['stream']``,
  1-byte chunks ``['streamstream']``).
- completed-before-delta: decode+assemble ``['bg']``; translate ``['Hello', 'bg']`` in one chunk,
  ``['Hellobg']`` in per-event chunks (fuzz.py case 59: two parts or one merged, by chunking).

A gateway's client gets text the model did not send, depending on how the network cut the bytes.
Should: translate answers what decode + assemble answers, for every chunking (the rule the decode
side holds: 0 chunking differences in 19,230 stream + 9,615 decoder + 5,769 adecode cases).

Exits 1 while any chunking's translated answer differs from decode + assemble, 0 once none does."""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
ITEM = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
        "content": [{"type": "output_text", "annotations": [], "text": "stream"}]}
DONE_FIRST = [
    {"type": "response.output_item.done", "item": ITEM, "output_index": 0},
    {"type": "response.created", "response": {"id": "resp_1", "object": "response", "status": "in_progress",
                                              "model": "gpt-4.1-mini", "output": []}},
    {"type": "response.output_text.delta", "content_index": 0, "delta": "stream", "item_id": "msg_1",
     "output_index": 0},
    {"type": "response.completed", "response": {"id": "resp_1", "object": "response", "status": "completed",
                                                "model": "gpt-4.1-mini", "output": [],
                                                "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}},
]
OTHER = dict(ITEM, id="msg_0", content=[{"type": "output_text", "annotations": [], "text": "Hello"}])
COMPLETED_FIRST = [
    {"type": "response.created", "response": {"id": "resp_1", "object": "response", "status": "in_progress",
                                              "model": "gpt-4.1-mini", "output": []}},
    {"type": "response.completed", "response": {"id": "resp_0", "object": "response", "status": "completed",
                                                "model": "gpt-4.1-mini", "output": [OTHER],
                                                "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}},
    {"type": "response.output_item.added", "item": dict(ITEM, content=[], status="in_progress"), "output_index": 0},
    {"type": "response.output_text.delta", "content_index": 0, "delta": "bg", "item_id": "msg_1", "output_index": 0},
    {"type": "response.output_item.done", "item": dict(ITEM, content=[{"type": "output_text", "annotations": [],
                                                                       "text": "bg"}]), "output_index": 0},
    DONE_FIRST[-1],
]


def texts(response: lc.Response) -> list[str]:
    return [getattr(p, "text", "?") for p in response.message.parts]


def answer(dialect: str, chunks: list[bytes]) -> object:
    try:
        return texts(lc.assemble(lc.stream.decode(dialect, chunks, request=REQUEST), request=REQUEST))
    except lc.LmcodecError as exc:
        return type(exc).__name__


def main() -> int:
    bad = 0
    for name, events in (("done-before-delta", DONE_FIRST), ("completed-before-delta", COMPLETED_FIRST)):
        frames = [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]
        data = b"".join(frames)
        expected = answer("openai", [data])
        print(f"{name}: decode + assemble {expected}")
        for dst in ("openai", "anthropic", "openai_chat", "gemini"):
            row = []
            for cut, chunks in (("whole", [data]), ("per event", frames),
                                ("1 byte", [data[i:i + 1] for i in range(len(data))])):
                got = answer(dst, [b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))])
                bad += got != expected
                row.append(f"{cut}: {got}")
            print(f"  translate -> {dst:11} " + "; ".join(row))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
