"""Callgrind instructions per corpus stream, split by layer: where a short stream's fixed cost goes.

For each dialect, every streamed body of the lm15 contract corpus (a few events each) runs through
each stage below, all bodies once per pass, five passes after three warm-up passes, between two calls of
``os.getppid`` (``--dump-before=os_getppid*`` writes one profile per stage); counts are per stream.

- ``floor``: blank-line split + untyped ``msgspec.json.decode`` of each event's data;
- ``whole``: ``lc.assemble(lc.stream.decode(p, [body], request=r), request=r)``;
- ``per event``: the same with one chunk per SSE event;
- the layers of ``whole``, each run alone: ``decode()`` (the arguments checked, the ``Decoding``
  made), ``Assembler(request=...)``, ``framing`` (``stream._whole.whole_frames``: the body cut
  without a framer), ``JSON`` (msgspec's untyped decode of every frame: what the floor decodes),
  ``mapper`` (``engine.map_whole`` onto a sink that does nothing: the mapper made, the typed
  decodes, the mapping, provider_data's decode) and ``assembly`` (what is left of ``whole``: the
  Assembler's sink calls and the Response it builds, the hand-offs between the layers).

Instruction counts do not move with the machine's load; ratios to the floor here are the
instruction share, not the time ratio of ``streams_varied_paired.py --tables corpus``.

``--bodies DIALECT`` counts each body alone instead (a row a body: the floor, ``whole``, ``per
event`` and a ``lc.stream.Decoder`` fed one chunk per event, closed, its events ``lc.assemble``d), each
stage of each body called ``BODY_CALLS`` times to warm up, then as many times counted.

Run: python3 benchmarks/streams_corpus_callgrind.py [DIALECT ...]   (default: all four)
     python3 benchmarks/streams_corpus_callgrind.py --bodies DIALECT
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

HERE = Path(__file__).resolve().parent
DIALECTS = ("gemini", "anthropic", "openai_chat", "openai")
PASSES = 5
WARM_UP_PASSES = 3
"""Passes before the counted ones: CPython 3.11 quickens a function's bytecode at its 8th call (one
warm-up pass over a dialect's 4-10 bodies left that in the first stage's count: Gemini's "whole"
read 6-7k a stream over "per event", the same path)."""
LAYERS = ("decode()", "Assembler()", "framing", "JSON", "mapper")
BODY_CALLS = 20
"""Calls per body and stage with ``--bodies``, warm-up and counted each: a function that one body
alone reaches is quickened (at its 8th call) before it is counted."""
BODY_STAGES = ("floor", "whole", "per event", "Decoder")


class _NullSink:
    """A sink that keeps nothing: the mapper's own cost."""

    def begin(self, model: Any) -> None: ...
    def start(self, id: Any, model: Any) -> None: ...
    def text(self, part_index: int, text: str) -> None: ...
    def thinking(self, part_index: int, text: str) -> None: ...
    def tool_input(self, part_index: int, fragment: str, id: Any, name: Any) -> None: ...
    def event(self, event: Any) -> None: ...
    def end(
        self, finish_reason: Any, usage: Any, provider_data: Any, *, strict_json: bool = False
    ) -> None: ...
    def close(self) -> bool:
        return True


def stages(provider: str) -> dict[str, Callable[[], Any]]:
    """Each stage: one pass over the dialect's corpus bodies."""
    import msgspec

    import lmcodec as lc
    import streams_varied_contestants as C
    from lmcodec.providers import MAPPERS
    from lmcodec.stream._whole import whole_frames
    from lmcodec.stream.engine import map_whole
    from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
    from streams_varied_paired import _events, corpus_bodies

    bodies = corpus_bodies(provider)
    cuts = [_events(b) for b in bodies]
    request = C.LC_REQUEST
    ours, floor = C.lmcodec_runner(provider), C.floor_runner(provider)
    limits = (DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
    framed = [whole_frames([b], *limits) for b in bodies]
    if any(frames is None for frames in framed):
        raise SystemExit(f"{provider}: a corpus body is not framed whole (over 64 KiB?)")
    frames_of: list[list[bytes]] = [f for f in framed if f is not None]
    mapper, sink, decode = MAPPERS[provider], _NullSink(), msgspec.json.decode

    def json_of_frames() -> None:
        for frames in frames_of:
            for data in frames:
                if data != b"[DONE]":
                    decode(data)

    return {
        "floor": lambda: [floor([b]) for b in bodies],
        "whole": lambda: [ours([b]) for b in bodies],
        "per event": lambda: [ours(c) for c in cuts],
        "decode()": lambda: [lc.stream.decode(provider, [b], request=request) for b in bodies],
        "Assembler()": lambda: [lc.Assembler(request=request) for _ in bodies],
        "framing": lambda: [whole_frames([b], *limits) for b in bodies],
        "JSON": json_of_frames,
        "mapper": lambda: [map_whole(provider, mapper, sink, request, f, False) for f in frames_of],
    }


def body_stages(provider: str) -> list[dict[str, Callable[[], Any]]]:
    """Each body's stages (``BODY_STAGES``): one call each."""
    import lmcodec as lc
    import streams_varied_contestants as C
    from streams_varied_paired import _events, corpus_bodies

    request = C.LC_REQUEST
    ours, floor = C.lmcodec_runner(provider), C.floor_runner(provider)

    def fed(cuts: list[bytes]) -> Any:
        decoder = lc.stream.Decoder(provider, request=request)
        events = [event for cut in cuts for event in decoder.feed(cut)]
        return lc.assemble(events + decoder.close(), request=request)

    out: list[dict[str, Callable[[], Any]]] = []
    for body in corpus_bodies(provider):
        cuts = _events(body)
        runs = (
            lambda b=body: floor([b]),
            lambda b=body: ours([b]),
            lambda c=cuts: ours(c),
            lambda c=cuts: fed(c),
        )
        out.append(dict(zip(BODY_STAGES, runs, strict=True)))
    return out


def _inner_bodies(provider: str) -> None:
    for stages_of_body in body_stages(provider):
        for run in stages_of_body.values():
            for _ in range(BODY_CALLS):
                run()
            os.getppid()
            for _ in range(BODY_CALLS):
                run()
            os.getppid()


def _bodies(provider: str) -> None:
    from streams_varied_paired import corpus_bodies

    bodies = corpus_bodies(provider)
    print(f"| {provider} body (bytes) | " + " | ".join(BODY_STAGES) + " |")
    print("|---|" + "---:|" * len(BODY_STAGES))
    with marked_dumps(__file__, "--bodies", provider) as dump:
        for i, body in enumerate(bodies):
            counts = [
                total(dump(2 + 2 * (i * len(BODY_STAGES) + k))) / BODY_CALLS for k in range(len(BODY_STAGES))
            ]
            cells = [f"{counts[0]:,.0f}"] + [f"{c:,.0f} ({c / counts[0]:.2f}x)" for c in counts[1:]]
            print(f"| {i} ({len(body)}) | " + " | ".join(cells) + " |", flush=True)


def _inner(provider: str) -> None:
    for run in stages(provider).values():
        for _ in range(WARM_UP_PASSES):
            run()
        os.getppid()
        for _ in range(PASSES):
            run()
        os.getppid()


def measure(provider: str) -> dict[str, float]:
    """Instructions per stream of each stage of one dialect's corpus bodies."""
    from streams_varied_paired import corpus_bodies

    n = len(corpus_bodies(provider))
    names = list(stages(provider))
    with marked_dumps(__file__, provider) as dump:
        # Dumps: 1 = start-up .. first marker; then (warm-up, measured) per stage.
        return {name: total(dump(2 + 2 * i)) / (n * PASSES) for i, name in enumerate(names)}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        if argv[1:2] == ["--bodies"]:
            _inner_bodies(argv[2])
        else:
            _inner(argv[1])
        return
    if argv[:1] == ["--bodies"]:
        _bodies(argv[1])
        return
    print(
        "| dialect (streams) | floor | whole | per event | whole / floor | per event / floor "
        "| decode() | Assembler() | framing | JSON | mapper (JSON in it) | assembly and hand-offs |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    from streams_varied_paired import corpus_bodies

    for provider in argv or DIALECTS:
        r = measure(provider)
        rest = r["whole"] - sum(r[k] for k in ("decode()", "Assembler()", "framing", "mapper"))
        print(
            f"| {provider} ({len(corpus_bodies(provider))}) | {r['floor']:,.0f} | {r['whole']:,.0f} "
            f"| {r['per event']:,.0f} | {r['whole'] / r['floor']:.2f}x | {r['per event'] / r['floor']:.2f}x "
            + " ".join(f"| {r[k]:,.0f}" for k in LAYERS)
            + f" | {rest:,.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main(sys.argv[1:])
