"""Shared helpers of the red team 25 reproducers: interleaved CPU-time ratios against a floor.

Each contestant runs once per round, in rotating order, GC off; the figure is the median over
rounds of (lmcodec's time / the floor's time in the same round). The first round is a warm-up.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Iterable
from typing import Any

import msgspec

_decode = msgspec.json.decode
_encode = msgspec.json.encode


def interleave(contestants: dict[str, Callable[[], Any]], rounds: int = 7) -> dict[str, list[float]]:
    order = list(contestants)
    times: dict[str, list[float]] = {k: [] for k in order}
    for r in range(rounds + 1):
        gc.collect()
        gc.disable()
        try:
            for name in order[r % len(order) :] + order[: r % len(order)]:
                t0 = time.process_time()
                contestants[name]()
                if r:
                    times[name].append(time.process_time() - t0)
        finally:
            gc.enable()
    return times


def ratio(times: dict[str, list[float]], a: str, b: str) -> float:
    return statistics.median(x / y for x, y in zip(times[a], times[b], strict=True))


def ms(times: dict[str, list[float]], name: str) -> float:
    return statistics.median(times[name]) * 1e3


def sse_floor(chunks: Iterable[bytes]) -> list[Any]:
    """The stream floor: the body (joined) split on blank lines, each event's data decoded untyped."""
    body = b"".join(chunks)
    if b"\r" in body:
        body = body.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    out = []
    for block in body.split(b"\n\n"):
        data = [line[5:] for line in block.split(b"\n") if line.startswith(b"data:")]
        if data:
            raw = b"\n".join(data)
            if raw.strip() != b"[DONE]":
                out.append(_decode(raw))
    return out


def request_floor(body: bytes) -> bytes:
    """The request floor: untyped decode + encode of the body."""
    return _encode(_decode(body))


def chunked(body: bytes, size: int) -> list[bytes]:
    return [body[i : i + size] for i in range(0, len(body), size)]


def sse(data: Any, event: str | None = None) -> bytes:
    head = f"event: {event}\n".encode() if event else b""
    return head + b"data: " + _encode(data) + b"\n\n"
