"""Callgrind instruction counts per SSE event, split into framing / JSON decode / mapping + assembly.

For each row (dialect, matrix row or ``varied``, feeding) one valgrind run executes, each after a
warm-up call and between two calls of ``os.getppid`` (``--dump-before=os_getppid*`` writes one
profile per stage):

- ``floor``: blank-line split + untyped ``msgspec.json.decode`` of each event's data;
- ``framing``: lmcodec's SSE framer alone (``lc.sse.SSEDecoder``: the data payloads the decoder maps);
- ``events``: ``list(lc.stream.decode(...))`` (framing, JSON decode, mapping, event objects, coalescing);
- ``lmcodec``: ``lc.assemble(lc.stream.decode(...))``, the contestant of the timing tables.

"JSON decode" is the inclusive count of msgspec's decode entry points inside the ``lmcodec`` stage
(typed Structs built from the bytes); "mapping + assembly" is the rest of that stage after framing
and JSON decode. Instruction counts do not move with the machine's load.

Run: python3 benchmarks/streams_varied_callgrind.py anthropic:plain:whole anthropic:multiline:per-event ...
     (row names: ``plain``, a feature of ``streams_varied.FEATURES`` (``lf`` for Gemini), ``varied``, or
     ``corpus``: every streamed body of the dialect in the lm15 contract corpus, one after the other;
     its counts are per stream, not per event, as the corpus bodies are a few events each)
"""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind_support import marked_dumps, total

HERE = Path(__file__).resolve().parent
STAGES = ("floor", "framing", "events", "lmcodec")
MSGSPEC_ENTRIES = re.compile(r"(JSONDecoder_decode\w*|msgspec_json_decode|Decoder_decode|msgspec_convert)$")


def _inner(path: str) -> None:
    """Inside valgrind: run each stage between two markers."""
    import lmcodec as lc
    import lmcodec.sse
    import streams_varied_contestants as C

    provider, streams = pickle.loads(Path(path).read_bytes())
    floor = C.floor_runner(provider)
    ours = C.lmcodec_runner(provider)

    def framing() -> Any:
        out: list[bytes] = []
        for chunks in streams:
            sse = lc.sse.SSEDecoder()
            out += [d for c in chunks for d in sse.feed_data(c)]
            out += sse.close_data()
        return out

    def events() -> Any:
        return [list(lc.stream.decode(provider, chunks, request=C.LC_REQUEST)) for chunks in streams]

    stages = {
        "floor": lambda: [floor(chunks) for chunks in streams],
        "framing": framing,
        "events": events,
        "lmcodec": lambda: [ours(chunks) for chunks in streams],
    }
    for name in STAGES:
        stages[name]()
        os.getppid()
        stages[name]()
        os.getppid()


def _msgspec_inclusive(profile: Path) -> int:
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(profile)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    total = 0
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?\S*?:?(\w+)\s+\[.*_core", line)
        if m and MSGSPEC_ENTRIES.match(m.group(2)):
            total += int(m.group(1).replace(",", ""))
    return total


def _streams(provider: str, row: str, feeding: str) -> tuple[list[list[bytes]], int]:
    """The streams of a row, each as its chunks, and the units its counts are divided by
    (events; streams for ``corpus``)."""
    import streams_varied as sv

    if row == "corpus":
        from streams_varied_paired import _events, corpus_bodies

        bodies = corpus_bodies(provider)
        return [[b] if feeding == "whole" else _events(b) for b in bodies], len(bodies)
    s = sv.varied(provider) if row == "varied" else sv.matrix(provider)[row]
    return [[s.body] if feeding == "whole" else list(s.events)], s.n_events


def measure(spec: str) -> dict[str, float]:
    """Instructions per event (per stream for ``corpus``) of each stage of one row
    ``provider:row:feeding``."""
    provider, row, feeding = spec.split(":")
    streams, n = _streams(provider, row, feeding)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "chunks.pickle"
        data.write_bytes(pickle.dumps((provider, streams)))
        with marked_dumps(__file__, str(data)) as dump:
            # Dumps: 1 = start-up .. first marker; then (warm-up, measured) per stage.
            profiles = {name: dump(2 + 2 * i) for i, name in enumerate(STAGES)}
            out = {name: total(p) / n for name, p in profiles.items()}
            out["json"] = _msgspec_inclusive(profiles["lmcodec"]) / n
    out["events_count"] = n
    return out


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
        return
    print(
        "| row | events (corpus: streams) | floor Ir/ev | lmcodec Ir/ev | framing | JSON decode (msgspec) "
        "| mapping + assembly | list(decode) Ir/ev | lmcodec / floor |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for spec in argv:
        r = measure(spec)
        rest = r["lmcodec"] - r["framing"] - r["json"]
        print(
            f"| {spec} | {r['events_count']:.0f} | {r['floor']:,.0f} | {r['lmcodec']:,.0f} "
            f"| {r['framing']:,.0f} "
            f"| {r['json']:,.0f} | {rest:,.0f} | {r['events']:,.0f} | {r['lmcodec'] / r['floor']:.2f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
