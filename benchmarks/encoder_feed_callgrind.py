"""Callgrind instructions of ``lc.stream.Encoder``'s per-event entry points (red team 48 F04: the
refusal of every call after an EncodeError must add no per-event cost worth measuring).

Per dialect: an Encoder made and fed a start, 500 text deltas and an end one event at a time
(``feed``, then ``close``), and the same events through one ``feed_all``. Each stage runs once
to warm up, then (after a ``gc.collect()``) once between two ``os.getppid`` markers;
``PYTHONHASHSEED=0``. The tree measured is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/encoder_feed_callgrind.py
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

from callgrind_support import marked_dumps, total

DELTAS = 500
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def stages() -> list[tuple[str, Callable[[], object]]]:
    import lmcodec as lc
    from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, StreamStartEvent, TextDelta

    events = [
        StreamStartEvent(id="resp_1", model="m"),
        *(StreamDeltaEvent(delta=TextDelta(part_index=0, text=f"word{i} ")) for i in range(DELTAS)),
        StreamEndEvent(finish_reason="stop"),
    ]

    def fed(dialect: str) -> Callable[[], object]:
        def run() -> object:
            encoder = lc.stream.Encoder(dialect)  # type: ignore[arg-type]
            return [encoder.feed(event) for event in events], encoder.close()

        return run

    def fed_all(dialect: str) -> Callable[[], object]:
        def run() -> object:
            encoder = lc.stream.Encoder(dialect)  # type: ignore[arg-type]
            return encoder.feed_all(events), encoder.close()

        return run

    return [(f"{d}: feed x {len(events)}, close", fed(d)) for d in DIALECTS] + [
        (f"{d}: feed_all of {len(events)}, close", fed_all(d)) for d in DIALECTS
    ]


def _inner() -> None:
    todo = stages()
    for _, run in todo:
        run()
    gc.collect()
    os.getppid()
    for _, run in todo:
        run()
        os.getppid()


def main() -> None:
    names = [name for name, _ in stages()]
    with marked_dumps(__file__) as dump:
        for k, name in enumerate(names):
            count = total(dump(k + 2))
            print(f"{count:>12,d}  {count / (DELTAS + 2):8.0f} /event  {name}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        _inner()
    else:
        main()
