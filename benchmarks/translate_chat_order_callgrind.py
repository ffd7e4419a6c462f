"""Callgrind instructions of ``lc.stream.translate`` from Chat Completions to a Responses and an
Anthropic client (red team 32 F01: a Chat source goes through ``PartsInOrderSink``, so text after
a call, or reasoning after text, opens a new block or item).

The source is ``streams_varied.varied("openai_chat")`` fed one chunk per event. Each client is
measured with the tree's sink and with the plain ``WriterSink`` swapped in for it (the sink before
the change, in the same process). The floor is msgspec's untyped decode of the same bytes
(``streams_varied_contestants.floor_runner``). Each stage runs once to warm up, then (after a
``gc.collect()``) once between two ``os.getppid`` markers; ``PYTHONHASHSEED=0``. The tree measured
is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_chat_order_callgrind.py
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable

from callgrind_support import marked_dumps, total
from streams_varied import varied

DESTINATIONS = ("openai", "anthropic")
SINKS = ("in order", "plain sink")


def inner() -> None:
    import lmcodec as lc
    import streams_varied_contestants as C
    from lmcodec.stream._writer_sink import WriterSink

    translate_module = importlib.import_module("lmcodec.stream.translate")
    in_order = translate_module.PartsInOrderSink
    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    chunks = varied("openai_chat").events
    floor = C.floor_runner("openai_chat")

    def translated(dst: str) -> Callable[[], int]:
        return lambda: sum(
            len(out) for out in lc.stream.translate("openai_chat", dst, chunks, request=request)
        )

    def measure(run: Callable[[], object]) -> None:
        run()  # warm-up
        gc.collect()
        os.getppid()
        run()
        os.getppid()

    measure(lambda: floor(list(chunks)))
    for dst in DESTINATIONS:
        for sink in SINKS:
            translate_module.PartsInOrderSink = in_order if sink == "in order" else WriterSink
            measure(translated(dst))
    translate_module.PartsInOrderSink = in_order


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner()
        return
    with marked_dumps(__file__, *argv) as dump:
        floor = total(dump(2))
        n = len(varied("openai_chat").events)
        print(f"varied openai_chat ({n} chunks): floor {floor:,} instructions")
        k = 2
        for dst in DESTINATIONS:
            counts = []
            for sink in SINKS:
                k += 2
                counts.append(total(dump(k)))
                ratio = counts[-1] / floor
                print(f"  -> {dst:9s} {sink:10s} {counts[-1]:,} instructions, {ratio:.2f}x the floor")
            print(f"  -> {dst:9s} in order / plain: {counts[0] / counts[1] - 1:+.2%}")


if __name__ == "__main__":
    main(sys.argv[1:])
