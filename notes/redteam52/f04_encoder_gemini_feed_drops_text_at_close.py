"""F04 (MEDIUM): ``Encoder("gemini")`` (the writer's ``feed``, the lead's fast path c4a5fca3) of a
text delta, a tool call's first fragment (input '', as Chat's and Anthropic's first call frame
reads), and a text delta of the first part again, then ``close()`` without an end event (a stream
cut: the upstream broke, the gateway closes): the last text 'a' is written as '' in close's
chunk. ``feed_event`` (the general way, the fast path's reference) and 238314e's ``feed`` write
'a'; with an end event, or an input of '{}', both write 'a'. ``write_text`` (translate's face)
writes '' too. tests/providers/test_write_fast_paths.py's ops never close without an end.

Should: feed byte-equal to feed_event after every call, close included (the text kept).
Exits 1 while feed's bytes differ from feed_event's, 0 once equal.
Run: /work/venv/bin/python notes/redteam52/f04_encoder_gemini_feed_drops_text_at_close.py
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402
from lmcodec.providers import WRITERS  # noqa: E402

EVENTS = [
    lc.StreamDeltaEvent(delta=lc.TextDelta(text="X", part_index=0)),
    lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="", part_index=1, id="c1", name="f")),
    lc.StreamDeltaEvent(delta=lc.TextDelta(text="a", part_index=0)),
]


def written(method: str) -> bytes:
    writer = WRITERS["gemini"]()
    out = b"".join(getattr(writer, method)(e) for e in EVENTS)
    return out + writer.close()


def texts(body: bytes) -> list[str]:
    return [p["text"] for line in body.split(b"\r\n\r\n") if line.startswith(b"data: ")
            for c in json.loads(line[6:]).get("candidates", []) for p in c["content"]["parts"] if "text" in p]


def main() -> int:
    fast, general = written("feed"), written("feed_event")
    print("feed      ", texts(fast))
    print("feed_event", texts(general))
    return 1 if fast != general else 0


if __name__ == "__main__":
    sys.exit(main())
