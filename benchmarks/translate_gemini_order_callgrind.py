"""Callgrind instructions of ``lc.stream.translate`` from Gemini to a Responses and an Anthropic
client (red team 30 F01: a part at a slot the writer moved past joins the open block or item of
its kind, else opens a new one).

Two sources, each fed one chunk per event: ``streams_varied.varied("gemini")`` (every framing
feature, one part a chunk) and ``two_texts``, the same number of chunks each holding two text parts
(the shape F01 reordered: every chunk's first part is at a slot the writer has moved past). The
floor is msgspec's untyped decode of the same bytes (``streams_varied_contestants.floor_runner``).
Each stage runs once to warm up, then (after a ``gc.collect()``) once between two ``os.getppid``
markers; ``PYTHONHASHSEED=0``. The tree measured is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_gemini_order_callgrind.py
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Callable
from typing import Any

from callgrind_support import marked_dumps, total
from streams_varied import varied

DESTINATIONS = ("openai", "anthropic")
SOURCES = ("varied", "two_texts")


def two_texts(n: int) -> tuple[bytes, ...]:
    """``n`` Gemini chunks of two text parts each, the last with the finish and usage."""
    chunks = []
    for k in range(n):
        candidate: dict[str, Any] = {
            "content": {"role": "model", "parts": [{"text": f"word{k} "}, {"text": f"more{k} "}]}
        }
        payload: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash"}
        if k == n - 1:
            candidate["finishReason"] = "STOP"
            usage = {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 9}
            payload["usageMetadata"] = usage
        chunks.append(b"data: " + json.dumps(payload, separators=(",", ":")).encode() + b"\r\n\r\n")
    return tuple(chunks)


def _sources() -> dict[str, tuple[bytes, ...]]:
    events = varied("gemini").events
    return {"varied": events, "two_texts": two_texts(len(events))}


def inner() -> None:
    import lmcodec as lc
    import streams_varied_contestants as C

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    floor = C.floor_runner("gemini")

    def translated(dst: str, chunks: tuple[bytes, ...]) -> Callable[[], int]:
        return lambda: sum(len(out) for out in lc.stream.translate("gemini", dst, chunks, request=request))

    for chunks in _sources().values():
        floor_run: Callable[[], object] = lambda chunks=chunks: floor(list(chunks))  # noqa: E731
        runs = [floor_run, *(translated(dst, chunks) for dst in DESTINATIONS)]
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
        k = 2
        for name, chunks in _sources().items():
            floor = total(dump(k))
            print(f"{name} ({len(chunks)} chunks): floor {floor / 1e6:.2f} M instructions")
            for dst in DESTINATIONS:
                k += 2
                count = total(dump(k))
                print(f"  -> {dst:9s} {count / 1e6:.2f} M instructions, {count / floor:.2f}x the floor")
            k += 2


if __name__ == "__main__":
    main(sys.argv[1:])
