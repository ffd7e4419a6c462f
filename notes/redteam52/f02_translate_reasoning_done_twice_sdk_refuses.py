"""F02 (MEDIUM): ``lc.stream.translate("openai", "openai", ...)`` of a Responses stream in which a
reasoning item's ``output_item.done`` comes twice (a repeated event; or done, added, done) writes
the reasoning item twice under one id: the openai SDK, which reads the source stream (one
reasoning item, summary 'think'), raises ``RuntimeError: Response snapshot has conflicting output
identities`` on translate's output, at every chunking. rtfix58 drops a second done of a message or
a function_call (the item handed on whole stands for it); a reasoning item's is mapped again.
Also on 238314e.

Should: the client's SDK reads translate's output as it reads the source: one reasoning item.
Exits 1 while the SDK refuses translate's output (or reads another number of reasoning items), 0
once it reads what it reads of the source.
Run: /work/venv/bin/python notes/redteam52/f02_translate_reasoning_done_twice_sdk_refuses.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import CREATED, chunkings, completed, frame, sdk_responses, translated  # noqa: E402

ITEM = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "think"}],
        "encrypted_content": "ENC"}
ADDED = {"type": "response.output_item.added", "output_index": 0, "item": ITEM}
DONE = {"type": "response.output_item.done", "output_index": 0, "item": ITEM}
SHAPES = {
    "added, done, done": [CREATED, ADDED, DONE, DONE, completed([ITEM])],
    "done, added, done": [CREATED, DONE, ADDED, DONE, completed([ITEM])],
}


def reasoning(response: object) -> object:
    if isinstance(response, Exception):
        return f"{type(response).__name__}: {response}"
    return [(o.id, [s.text for s in o.summary]) for o in response.output if o.type == "reasoning"]


def main() -> int:
    bad = 0
    for name, events in SHAPES.items():
        frames = [frame(e) for e in events]
        source = reasoning(sdk_responses(b"".join(frames)))
        print(f"{name}: the SDK reads the source as {source}")
        for cut, chunks in chunkings(frames).items():
            got = reasoning(sdk_responses(translated("openai", "openai", chunks)))
            bad += got != source
            print(f"    translate {cut:9} the SDK reads {got}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
