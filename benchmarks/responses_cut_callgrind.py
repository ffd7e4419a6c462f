"""Instructions of the Responses writers alone on a cut answer (a ``length`` end): the stream
writer fed a start, two text deltas and the end, and ``encode_response`` of the same answer, N times
after three warm-up runs. Run under callgrind with N = 0 and N = 1000; the difference over 1000 is
one answer's instructions (benchmarks/NOTES.md, "Leftovers 13").

Run: PYTHONHASHSEED=0 valgrind --tool=callgrind python3 benchmarks/responses_cut_callgrind.py N
"""

from __future__ import annotations

import sys

import lmcodec as lc
from lmcodec.providers.openai.write import StreamWriter

events = [
    lc.StreamStartEvent(id="resp_1", model="m"),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text="Once upon")),
    lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text=" a time")),
    lc.StreamEndEvent(
        finish_reason="length", usage=lc.Usage(input_tokens=5, output_tokens=8, total_tokens=13)
    ),
]
response = lc.Response(
    id="resp_1",
    model="m",
    message=lc.Message.assistant("Once upon a time"),
    finish_reason="length",
    usage=lc.Usage(input_tokens=5, output_tokens=8, total_tokens=13),
)


def run() -> None:
    w = StreamWriter()
    for e in events:
        w.feed(e)
    lc.encode_response("openai", response)


if __name__ == "__main__":
    for _ in range(3):
        run()
    for _ in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        run()
