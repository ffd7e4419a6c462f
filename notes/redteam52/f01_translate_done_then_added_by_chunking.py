"""F01 (HIGH): ``lc.stream.translate`` from a Responses stream in which an item's
``output_item.done`` comes before an ``output_item.added`` of the same index (events out of order,
the shape rtfix58 set out to decide per item "at every chunking"): the client's answer depends on
how the network cut the bytes. A message 'yes' (output_text) or a refusal 'no', done then added
then completed: whole, the text is lost (''); one chunk per event, 1-byte or random chunks, it is
written. The same to openai, anthropic and gemini clients; openai_chat reads '' for the refusal at
every chunking. (done, done and done alone are the same at every chunking.) Also on 238314e.

Should: one answer at every chunking (the openai SDK reads the completed response's item; decode +
assemble reads '' (lm15 reads deltas only); either, but the same for every chunking).
Exits 1 while any client's answer differs between chunkings, 0 once none does.
Run: /work/venv/bin/python notes/redteam52/f01_translate_done_then_added_by_chunking.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import CREATED, DIALECTS, answer, chunkings, completed, frame, translated  # noqa: E402

TEXT = {"id": "msg_9", "type": "message", "status": "completed", "role": "assistant",
        "content": [{"type": "output_text", "text": "yes", "annotations": []}]}
REFUSAL = dict(TEXT, content=[{"type": "refusal", "refusal": "no"}])


def events(item: dict) -> list[dict]:
    return [
        CREATED,
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        completed([item]),
    ]


def main() -> int:
    bad = 0
    for name, item in (("text", TEXT), ("refusal", REFUSAL)):
        frames = [frame(e) for e in events(item)]
        for dst in DIALECTS:
            got = {cut: answer(dst, [translated("openai", dst, ch)]) for cut, ch in chunkings(frames).items()}
            differs = len({repr(v) for v in got.values()}) > 1
            bad += differs
            print(f"{name:7} -> {dst:11} {'DIFFERS' if differs else 'same   '} {got}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
