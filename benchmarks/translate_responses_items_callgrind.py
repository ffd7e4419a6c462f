"""Callgrind instructions of a Responses stream written to a Responses client (red team 32 F02/F03:
the events and the final response name the same items): ``streams_varied.varied("openai")`` (every
framing feature), fed one chunk per event, through ``lc.stream.translate("openai", "openai", ...)``
and through ``lc.stream.encode("openai", lc.stream.decode("openai", ...))``. The floor is msgspec's
untyped decode of the same bytes (``streams_varied_contestants.floor_runner``). Each stage runs once
to warm up, then (after a ``gc.collect()``) once between two ``os.getppid`` markers;
``PYTHONHASHSEED=0``. The tree measured is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_responses_items_callgrind.py
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

from callgrind_support import marked_dumps, total
from streams_varied import varied

STAGES = ("floor", "translate", "encode(decode)")


def inner() -> None:
    import lmcodec as lc
    import streams_varied_contestants as C

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    chunks = varied("openai").events
    floor = C.floor_runner("openai")

    def translated() -> int:
        return sum(len(out) for out in lc.stream.translate("openai", "openai", chunks, request=request))

    def reencoded() -> int:
        events = lc.stream.decode("openai", chunks, request=request)
        return sum(len(out) for out in lc.stream.encode("openai", events))

    runs: list[Callable[[], object]] = [lambda: floor(list(chunks)), translated, reencoded]
    for run in runs:
        run()  # warm-up
        gc.collect()
        os.getppid()
        run()
        os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner()
        return
    with marked_dumps(__file__, *argv) as dump:
        counts = {name: total(dump(2 + 2 * k)) for k, name in enumerate(STAGES)}
    chunks = len(varied("openai").events)
    print(f"varied Responses ({chunks} chunks), callgrind instructions:")
    for name, count in counts.items():
        print(f"  {name:15s} {count:>13,d}  {count / counts['floor']:.2f}x the floor")


if __name__ == "__main__":
    main(sys.argv[1:])
