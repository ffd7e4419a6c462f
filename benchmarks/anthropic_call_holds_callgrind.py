"""Callgrind instructions of the Anthropic stream writer's call input holds (red team 37 F03).

``lc.stream.translate`` from Chat Completions and from Responses to an Anthropic client, and
``lc.stream.encode("anthropic", ...)`` of the same streams' decoded events, each source being
``streams_varied.varied(src)`` fed one chunk per event (its calls' arguments are objects: the
common stream, which the holds must leave as it was). Each stage runs once to warm up, then (after
``gc.collect()``) once between two ``os.getppid`` markers; ``PYTHONHASHSEED=0``. The tree measured
is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/anthropic_call_holds_callgrind.py
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable

from callgrind_support import marked_dumps, total
from streams_varied import varied

SOURCES = ("openai_chat", "openai")
PATHS = ("translate", "encode")


def inner() -> None:
    import lmcodec as lc

    def run(src: str, path: str) -> Callable[[], int]:
        chunks = varied(src).events
        if path == "translate":
            return lambda: sum(len(out) for out in lc.stream.translate(src, "anthropic", chunks))
        events = list(lc.stream.decode(src, chunks))
        return lambda: sum(len(out) for out in lc.stream.encode("anthropic", events))

    for src in SOURCES:
        for path in PATHS:
            stage = run(src, path)
            stage()  # warm-up
            gc.collect()
            os.getppid()
            stage()
            os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner()
        return
    with marked_dumps(__file__, *argv) as dump:
        k = 0
        for src in SOURCES:
            for path in PATHS:
                k += 2
                n = len(varied(src).events)
                print(f"{src} ({n} chunks) -> anthropic, {path}: {total(dump(k)):,} instructions")


if __name__ == "__main__":
    main(sys.argv[1:])
