"""Callgrind instructions of the translate rows red team 44's fixes touch (rtfix50): the varied
stream of each source dialect (``streams_varied.varied(src)``, every framing feature, fed one chunk
per event) through ``lc.stream.translate(src, dst, ...)``, for the pairs whose path changed:
Responses -> Responses and -> Chat (whole items, F01), Chat -> Responses and -> Chat (the legacy
``function_call``, F02; call ids, F03), Anthropic -> Responses and -> Chat (message_start's input
counts), Gemini -> Responses (call ids, F03). Each pair runs once to warm up, then (after a
``gc.collect()``) once between two ``os.getppid`` markers; ``PYTHONHASHSEED=0``. The tree measured
is the ``lmcodec`` on ``PYTHONPATH`` (run it on two trees to compare).

Run: python3 benchmarks/translate_provider_features_callgrind.py
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

from callgrind_support import marked_dumps, total
from streams_varied import varied

PAIRS = (
    ("openai", "openai"),
    ("openai", "openai_chat"),
    ("openai_chat", "openai"),
    ("openai_chat", "openai_chat"),
    ("anthropic", "openai"),
    ("anthropic", "openai_chat"),
    ("gemini", "openai"),
)


def inner() -> None:
    import lmcodec as lc

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

    def pair(src: str, dst: str) -> Callable[[], int]:
        chunks = varied(src).events
        return lambda: sum(len(out) for out in lc.stream.translate(src, dst, chunks, request=request))

    for run in [pair(src, dst) for src, dst in PAIRS]:
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
        counts = {pair: total(dump(2 + 2 * k)) for k, pair in enumerate(PAIRS)}
    print("varied streams through translate, callgrind instructions:")
    for (src, dst), count in counts.items():
        print(f"  {src:>11s} -> {dst:11s} {count:>13,d}")


if __name__ == "__main__":
    main(sys.argv[1:])
