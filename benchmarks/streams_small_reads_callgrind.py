"""Callgrind instruction counts of a stream's fixed cost and of a small read (issue #13, twelfth round).

Cases (each run N and 2N times after a warm-up of 20 runs, between ``os.getppid`` markers, so that
one valgrind run gives every case; a figure is the difference over N, per iteration):

- ``decoder``: ``lc.stream.Decoder(provider, request=req)``, the set-up of a stream;
- ``feed:<cut>``: the one-word answer's body fed to ``Decoder.feed`` in that cut, then ``close``;
- ``adecode:<cut>``: the same chunks through ``lc.stream.adecode`` from an async generator, the
  events collected (one event-loop run a stream);
- ``source:<cut>``: that async generator alone, consumed by an ``async for`` that does nothing
  (the floor of any async reader of those chunks);
- ``short:<cut>``: ``Decoder.feed`` of the chunks, ``close``, ``lc.assemble`` of the events;

where ``<cut>`` is a number of bytes a chunk (``1``, ``16``, ``200``: the small-reads table's rows) or
``ev`` (one event a chunk). The stream is the one-word answer, or with ``varied`` after N the varied
stream of the small-reads table (20 texts: run it with N=1, its 1-byte cut takes minutes). Divide a
stream's count by its chunks (printed) for a chunk's. Instruction counts do not move with the
machine's load.

Run: python3 benchmarks/streams_small_reads_callgrind.py PROVIDER CASE[,CASE...] [N [varied]]
     e.g. openai_chat decoder,feed:1,adecode:1,source:1 20
          gemini feed:16,adecode:16,source:16 1 varied
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

HERE = Path(__file__).resolve().parent


def _chunks(body: bytes, events: list[bytes], cut: str) -> list[bytes]:
    if cut == "ev":
        return events
    size = int(cut)
    return [body[at : at + size] for at in range(0, len(body), size)]


def _cases(provider: str, names: list[str], stream: str) -> dict[str, tuple[Callable[[], Any], int]]:
    """Each case's run and the chunks it feeds (1 for ``decoder``) over ``stream`` (``word``: the
    one-word answer; ``varied``: the varied stream of 20 texts)."""
    import lmcodec as lc
    import streams_varied as sv
    import streams_varied_contestants as C

    req = C.LC_REQUEST
    word = sv.varied(provider, texts=20) if stream == "varied" else sv.generate(provider, (), texts=1)
    loop = asyncio.new_event_loop()
    out: dict[str, tuple[Callable[[], Any], int]] = {}
    for name in names:
        if name == "decoder":
            out[name] = (lambda: lc.stream.Decoder(provider, request=req), 1)
            continue
        kind, cut = name.split(":")
        chunks = _chunks(word.body, list(word.events), cut)

        async def source(chunks: list[bytes] = chunks) -> AsyncIterator[bytes]:
            for chunk in chunks:
                yield chunk

        def fed(chunks: list[bytes] = chunks) -> list[Any]:
            decoder = lc.stream.Decoder(provider, request=req)
            events: list[Any] = []
            for chunk in chunks:
                events += decoder.feed(chunk)
            return events + decoder.close()

        async def adecoded(source: Callable[[], AsyncIterator[bytes]] = source) -> list[Any]:
            return [e async for e in lc.stream.adecode(provider, source(), request=req)]

        async def drained(source: Callable[[], AsyncIterator[bytes]] = source) -> None:
            async for _ in source():
                pass

        runs: dict[str, Callable[[], Any]] = {
            "feed": fed,
            "short": lambda fed=fed: lc.assemble(fed(), request=req),
            "adecode": lambda adecoded=adecoded: loop.run_until_complete(adecoded()),
            "source": lambda drained=drained: loop.run_until_complete(drained()),
        }
        out[name] = (runs[kind], len(chunks))
    return out


def _inner(provider: str, names: list[str], n: int, stream: str) -> None:
    """Inside valgrind: for each case, a warm-up (20 runs; one of the varied stream, thousands of
    calls), then N and 2N runs between markers."""
    cases = _cases(provider, names, stream)
    for run, _ in cases.values():
        for _ in range(1 if stream == "varied" else 20):
            run()
    gc.disable()
    for run, _ in cases.values():
        os.getppid()
        for _ in range(n):
            run()
        os.getppid()
        for _ in range(2 * n):
            run()
    os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1], argv[2].split(","), int(argv[3]), argv[4])
        return
    provider, names = argv[0], argv[1].split(",")
    n = int(argv[2]) if len(argv) > 2 else 20
    stream = argv[3] if len(argv) > 3 else "word"
    sys.path.insert(0, str(HERE))
    counts = {name: chunks for name, (_, chunks) in _cases(provider, names, stream).items()}
    with marked_dumps(__file__, provider, ",".join(names), str(n), stream) as dump:
        # Dumps: 1 = start-up .. the first marker; then N runs, 2N runs for each case in turn.
        how = f"callgrind, PYTHONHASHSEED=0, GC off, (2N - N runs) / N, N={n}"
        print(f"{provider} {stream}, instructions ({how}):")
        for i, name in enumerate(names):
            once = total(dump(2 + 2 * i))
            twice = total(dump(3 + 2 * i))
            per = (twice - once) / n
            chunks = counts[name]
            print(f"  {name}: {per:,.0f} a run, {chunks} chunks, {per / chunks:,.0f} a chunk")


if __name__ == "__main__":
    main(sys.argv[1:])
