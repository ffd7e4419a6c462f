"""F03 (LOW): ``lc.stream.translate("openai", "openai", ...)`` of a Responses stream in which a
reasoning item's ``output_item.done`` (summary 'think', encrypted_content) comes before its
``reasoning_summary_text.delta`` (events out of order, rtfix58's F05 shape for a reasoning item)
writes two reasoning items: the source's (summary empty) and a second under a made-up id whose
encrypted_content is lmcodec's own ``lmcodec.thinking.v1:`` carriage, the summary 'think' there.
The openai SDK reads one reasoning item (rs_1, 'think') from the source and two from translate's
output, at every chunking; a client replaying its output sends a reasoning item nobody made.
``decode`` + ``assemble`` reads one thinking part 'think'; the openai_chat, anthropic and gemini
clients get one. Also on 238314e.

Should: one reasoning item (rs_1, its encrypted_content, its summary), as the SDK reads the source.
Exits 1 while the SDK reads another list of reasoning items from translate's output than from the
source, 0 once the same.
Run: /work/venv/bin/python notes/redteam52/f03_translate_reasoning_done_before_summary.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import CREATED, chunkings, completed, frame, sdk_responses, translated  # noqa: E402

ITEM = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "think"}],
        "encrypted_content": "ENC"}
EVENTS = [
    CREATED,
    {"type": "response.output_item.done", "output_index": 0, "item": ITEM},
    {"type": "response.reasoning_summary_text.delta", "item_id": "rs_1", "output_index": 0, "summary_index": 0,
     "delta": "think"},
    completed([ITEM]),
]


def reasoning(response: object) -> object:
    if isinstance(response, Exception):
        return f"{type(response).__name__}: {response}"
    return [([s.text for s in o.summary], (o.encrypted_content or "")[:20])
            for o in response.output if o.type == "reasoning"]


def main() -> int:
    frames = [frame(e) for e in EVENTS]
    source = reasoning(sdk_responses(b"".join(frames)))
    print(f"the SDK reads the source as {source}")
    bad = 0
    for cut, chunks in chunkings(frames).items():
        got = reasoning(sdk_responses(translated("openai", "openai", chunks)))
        bad += got != source
        print(f"    translate {cut:9} the SDK reads {got}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
