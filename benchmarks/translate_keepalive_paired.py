"""Interleaved CPU time of keep-alive pass-through (red team 21 F04, issue #13) on the long varied
streams (``streams_varied.varied``: every framing and content feature, keep-alive comment blocks
riding the events; ``generate``: the plain LF stream), fed one chunk per event to
``lc.stream.translate`` for every ordered pair of dialects.

Each round runs, for every pair, in turn: the floor (msgspec's untyped decode of each event's
``data``), translate as the tree has it, and translate with the keep-alive count taken out
(``translate_keepalive_callgrind.keep_alives_off``); GC off while timing. Printed: per pair and
stream, the median over rounds of the per-round ratios translate / floor and translate / (count
taken out), and the median of the latter over all pairs. The tree measured is the ``lmcodec`` on
``PYTHONPATH``.

Run: python3 benchmarks/translate_keepalive_paired.py [ROUNDS]
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import msgspec

from streams_varied import PROVIDERS, generate, varied
from translate_keepalive_callgrind import keep_alives_off

_untyped = msgspec.json.Decoder().decode


def floor(chunks: tuple[bytes, ...]) -> int:
    """Each event's data (its data lines joined) decoded untyped: the least a translator does."""
    n = 0
    for chunk in chunks:
        for event in chunk.replace(b"\r\n", b"\n").split(b"\n\n"):
            data = b"\n".join(line[5:] for line in event.split(b"\n") if line.startswith(b"data:")).strip()
            if data.startswith(b"{"):
                _untyped(data)
                n += 1
    return n


def _timed(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main(rounds: int) -> None:
    import lmcodec as lc

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    streams = {
        (src, kind): make(src).events
        for src in PROVIDERS
        for kind, make in (("varied", varied), ("plain", generate))
    }

    def translate(src: str, dst: str, chunks: tuple[bytes, ...]) -> int:
        return sum(map(len, lc.stream.translate(src, dst, chunks, request=request)))

    def translate_off(src: str, dst: str, chunks: tuple[bytes, ...]) -> int:
        with keep_alives_off():
            return translate(src, dst, chunks)

    ratios: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
    gc.disable()
    for _ in range(rounds):
        for (src, kind), chunks in streams.items():
            for dst in PROVIDERS:
                base = _timed(partial(floor, chunks))
                on = _timed(partial(translate, src, dst, chunks))
                off = _timed(partial(translate_off, src, dst, chunks))
                ratios.setdefault((src, dst, kind), []).append((on / base, on / off))
        gc.collect()
    gc.enable()
    print("| pair | stream | translate / floor | translate / count taken out |")
    print("| --- | --- | ---: | ---: |")
    overall: dict[str, list[float]] = {"varied": [], "plain": []}
    for (src, dst, kind), rows in sorted(ratios.items()):
        floor_ratio = statistics.median(r[0] for r in rows)
        off_ratio = statistics.median(r[1] for r in rows)
        overall[kind].append(off_ratio)
        print(f"| {src} -> {dst} | {kind} | {floor_ratio:.2f}x | {off_ratio:.3f} |")
    for kind, values in overall.items():
        print(
            f"median over the 16 pairs, {kind}: translate / count taken out = {statistics.median(values):.3f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
