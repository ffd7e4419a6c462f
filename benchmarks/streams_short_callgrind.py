"""Callgrind instructions of short streams, per stream, on the three ways to assemble one (issue #13).

For each dialect, the one-word answer (``streams_varied.generate(provider, (), texts=1)``) and the
shortest corpus body of the dialect (../shared; left out when absent), each stage run N times after
a warm-up between two ``os.getppid`` markers (one valgrind run for all; counts per stream, GC off):

- ``floor``: the body split on blank lines, each event's data decoded by msgspec untyped, fed
  whole (``streams_varied_contestants.floor_runner``);
- ``decode whole``: ``lc.assemble(lc.stream.decode(provider, [body], request=r), request=r)``;
- ``decode per event``: the same with one chunk per SSE event;
- ``Decoder per event``: ``lc.stream.Decoder`` fed one chunk per event, closed,
  ``lc.assemble(events, request=r)``;
- ``assemble(events)``: that ``lc.assemble`` alone, over the events a Decoder gave.

Run: python3 benchmarks/streams_short_callgrind.py [N] [PROVIDER,...]   (default 20, all four)
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

HERE = Path(__file__).resolve().parent
WARM_UP = 20
"""Calls before the counted ones: CPython 3.11 quickens a function's bytecode at its 8th call, and
the specializing interpreter settles over the next calls (5 warm-up calls left that in the count of
the first stage to run a function: up to +15k a stream)."""
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")


def _per_event(body: bytes) -> list[bytes]:
    """A body cut into one chunk per SSE event (after each blank line, LF or CRLF)."""
    sep = b"\r\n\r\n" if b"\r\n\r\n" in body else b"\n\n"
    pieces = body.split(sep)
    return [p + sep for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])


def bodies(provider: str) -> dict[str, bytes]:
    """The one-word answer and the dialect's shortest corpus body (when ../shared is there)."""
    import streams_varied as sv
    from streams_varied_paired import corpus_bodies

    out = {"one word": sv.generate(provider, (), texts=1).body}
    corpus = corpus_bodies(provider)
    if corpus:
        out["shortest corpus"] = min(corpus, key=len)
    return out


def stages(providers: tuple[str, ...]) -> dict[str, Callable[[], Any]]:
    """Each stage: one stream."""
    import lmcodec as lc
    import streams_varied_contestants as C

    req = C.LC_REQUEST
    out: dict[str, Callable[[], Any]] = {}
    for provider in providers:
        floor = C.floor_runner(provider)
        for label, body in bodies(provider).items():
            chunks = _per_event(body)

            def fed(provider: str = provider, chunks: list[bytes] = chunks) -> Any:
                decoder = lc.stream.Decoder(provider, request=req)
                events: list[Any] = []
                for chunk in chunks:
                    events += decoder.feed(chunk)
                return lc.assemble(events + decoder.close(), request=req)

            decoder = lc.stream.Decoder(provider, request=req)
            events = [e for chunk in chunks for e in decoder.feed(chunk)] + decoder.close()
            row = f"{provider}, {label} ({len(body)} B, {len(chunks)} events)"
            out[f"{row} | floor"] = lambda floor=floor, body=body: floor([body])
            out[f"{row} | decode whole"] = lambda provider=provider, body=body: lc.assemble(
                lc.stream.decode(provider, [body], request=req), request=req
            )
            out[f"{row} | decode per event"] = lambda provider=provider, chunks=chunks: lc.assemble(
                lc.stream.decode(provider, chunks, request=req), request=req
            )
            out[f"{row} | Decoder per event"] = fed
            out[f"{row} | assemble(events)"] = lambda events=events: lc.assemble(events, request=req)
    return out


def _inner(n: int, providers: tuple[str, ...]) -> None:
    gc.disable()
    for run in stages(providers).values():
        for _ in range(WARM_UP):
            run()
        os.getppid()
        for _ in range(n):
            run()
        os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(int(argv[1]), tuple(argv[2].split(",")))
        return
    n = int(argv[0]) if argv else 20
    providers = tuple(argv[1].split(",")) if len(argv) > 1 else PROVIDERS
    names = list(stages(providers))
    with marked_dumps(__file__, str(n), ",".join(providers)) as dump:
        counts = {name: total(dump(2 + 2 * i)) / n for i, name in enumerate(names)}
    kinds = ["floor", "decode whole", "decode per event", "Decoder per event", "assemble(events)"]
    print("| stream | " + " | ".join(kinds) + " |\n|---|" + "---:|" * len(kinds))
    for row in dict.fromkeys(name.split(" | ")[0] for name in names):
        floor = counts[f"{row} | floor"]
        cells = [f"{floor:,.0f}"]
        for kind in kinds[1:]:
            count = counts[f"{row} | {kind}"]
            cells.append(f"{count:,.0f} ({count / floor:.2f}x)")
        print(f"| {row} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main(sys.argv[1:])
