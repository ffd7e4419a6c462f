"""Callgrind instructions of keep-alive pass-through (red team 21 F04, issue #13): the corpus streams
fed one chunk per event to ``lc.stream.translate``, and to the paths that want no keep-alives.

The workload of benchmarks/NOTES.md "Red team 21 fixes": the 31 SSE streams of the lm15 contract
corpus, each cut at its SSE events (one chunk per event: 299 chunks, 1,196 for the four
destinations), translated to each of the four dialects; then each stream given whole (one chunk
in a list: the framer-less cut of ``stream._whole``), to each dialect. Beside it, over the same chunks, the
decoders that count no keep-alive: ``list(lc.stream.decode(src, chunks))``, a ``Decoder`` fed
chunk by chunk, and ``lc.assemble(lc.stream.decode(...))``. Each stage runs once to warm up, then
(after a ``gc.collect()``) once between two ``os.getppid`` markers (one callgrind dump each);
``PYTHONHASHSEED=0``.

``--no-keep-alives`` measures translate with the count taken out of the process (what remains of
the cost): at 58c3527 ``KeepAlives.count`` returns 0 at once; on a tree with the counting framers
their ``feed_data`` is the plain framer's, so nothing is left to count. The tree measured is the
``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_keepalive_callgrind.py [--no-keep-alives]
"""

from __future__ import annotations

import gc
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

BODIES = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "lm15-contract" / "bodies"
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
STAGES = ("translate", "translate whole", "decode", "Decoder", "assemble")
_EVENT_END = re.compile(rb"(?:\r\n\r\n|\n\n|\r\r)")


def corpus_streams() -> list[tuple[str, list[bytes]]]:
    """Every SSE body of the corpus (as benchmarks/test_bench_translate.py reads them), cut at its events."""
    out = []
    for src in DIALECTS:
        for path in sorted(BODIES.glob(f"{src}.*/*")):
            body = path.read_bytes()
            if body.startswith((b"event:", b"data:")):
                ends = [m.end() for m in _EVENT_END.finditer(body)]
                edges = [0, *ends] if not ends or ends[-1] == len(body) else [0, *ends, len(body)]
                out.append((src, [body[a:b] for a, b in pairwise(edges)]))
    return out


@contextmanager
def keep_alives_off() -> Iterator[None]:
    """Take the keep-alive count out of translate while the block runs (see the module's docstring)."""
    import lmcodec.stream._keepalive as keepalive

    owner: Any = getattr(keepalive, "KeepAlives", None)  # 58c3527: the per-chunk scan
    if owner is not None:
        name, off = "count", lambda self, chunk, wanted: 0
    else:
        from lmcodec.framing._sse_keepalive import KeepAliveSSEDecoder
        from lmcodec.framing.sse import SSEDecoder

        owner, name, off = KeepAliveSSEDecoder, "feed_data", SSEDecoder.feed_data
    on = owner.__dict__[name]
    setattr(owner, name, off)
    try:
        yield
    finally:
        setattr(owner, name, on)


def stages(streams: list[tuple[str, list[bytes]]]) -> dict[str, Callable[[], Any]]:
    import lmcodec as lc

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

    def translate() -> int:
        return sum(
            len(out)
            for src, chunks in streams
            for dst in DIALECTS
            for out in lc.stream.translate(src, dst, chunks, request=request)
        )

    def translate_whole() -> int:
        return sum(
            len(out)
            for src, chunks in streams
            for dst in DIALECTS
            for out in lc.stream.translate(src, dst, [b"".join(chunks)], request=request)
        )

    def decode() -> int:
        return sum(len(list(lc.stream.decode(src, chunks, request=request))) for src, chunks in streams)

    def decoder() -> int:
        n = 0
        for src, chunks in streams:
            d = lc.stream.Decoder(src, request=request)
            for chunk in chunks:
                n += len(d.feed(chunk))
            n += len(d.close())
        return n

    def assemble() -> int:
        n = 0
        for src, chunks in streams:
            try:  # (a corpus stream of a server tool's call, which names none, is refused: MAP-9)
                n += len(
                    lc.assemble(lc.stream.decode(src, chunks, request=request), request=request).message.parts
                )
            except lc.StreamAssemblyError:
                n -= 1
        return n

    return {
        "translate": translate,
        "translate whole": translate_whole,
        "decode": decode,
        "Decoder": decoder,
        "assemble": assemble,
    }


def inner(no_keep_alives: bool) -> None:
    streams = corpus_streams()
    switch = keep_alives_off()  # (held to the end: a context manager collected undoes its switch)
    if no_keep_alives:
        switch.__enter__()
    run = stages(streams)
    for name in STAGES:
        run[name]()  # warm-up
        gc.collect()  # (the collector's counts as at every stage's start: the same collections each run)
        os.getppid()
        run[name]()
        os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner("--no-keep-alives" in argv)
        return
    streams = corpus_streams()
    print(f"{len(streams)} streams, {sum(len(c) for _, c in streams)} chunks")
    with marked_dumps(__file__, *argv) as dump:
        for k, name in enumerate(STAGES):
            print(f"{name}: {total(dump(2 * k + 2)) / 1e6:.2f} M instructions")


if __name__ == "__main__":
    main(sys.argv[1:])
