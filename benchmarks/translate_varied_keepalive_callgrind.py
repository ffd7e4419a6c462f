"""Callgrind instructions of keep-alive counting on the long varied streams (issue #13): each source's
``streams_varied.varied`` stream (every framing feature; a keep-alive comment block rides the next
event in one chunk) fed one chunk per event to ``lc.stream.translate`` into its own dialect, with
the count as the tree has it and with it taken out (``translate_keepalive_callgrind.keep_alives_off``:
the counting framer frames as the plain one). Each stage runs once to warm up, then (after a
``gc.collect()``) once between two ``os.getppid`` markers; ``PYTHONHASHSEED=0``. The tree measured
is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_varied_keepalive_callgrind.py
"""

from __future__ import annotations

import gc
import os
import sys

from callgrind_support import marked_dumps, total
from streams_varied import PROVIDERS, varied
from translate_keepalive_callgrind import keep_alives_off

STAGES = ("counted", "count taken out")


def inner() -> None:
    import lmcodec as lc

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    streams = {src: varied(src).events for src in PROVIDERS}

    def run() -> int:
        return sum(
            len(out)
            for src, chunks in streams.items()
            for out in lc.stream.translate(src, src, chunks, request=request)
        )

    for name in STAGES:
        switch = keep_alives_off()
        if name != "counted":
            switch.__enter__()
        run()  # warm-up
        gc.collect()
        os.getppid()
        run()
        os.getppid()
        if name != "counted":
            switch.__exit__(None, None, None)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner()
        return
    print(f"{sum(len(varied(src).events) for src in PROVIDERS)} chunks")
    with marked_dumps(__file__, *argv) as dump:
        for k, name in enumerate(STAGES):
            print(f"{name}: {total(dump(2 * k + 2)) / 1e6:.2f} M instructions")


if __name__ == "__main__":
    main(sys.argv[1:])
