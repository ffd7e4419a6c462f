"""Probe 4: processes started by fork (after import) and spawn: ids the writers mint, outputs."""
from __future__ import annotations

import multiprocessing as mp
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import digest, lc, event_streams, wire_streams  # noqa: E402

EVENTS = [e for e in event_streams()["text"]]


def minted(_: int) -> list[str]:
    """Ids the writers make up for a Response / stream that names none."""
    out: list[str] = []
    start = lc.StreamStartEvent(model="m")
    for p in ("openai", "openai_chat", "anthropic"):
        head = b"".join(lc.stream.encode(p, [start] + EVENTS[1:]))
        out.append(head[head.index(b'"id":"') + 6:][:40].split(b'"')[0].decode())
    return out


def decoded(streams: list) -> list:
    """Each wire stream (written once, in the parent) decoded and assembled."""
    return [digest(list(lc.stream.decode(p, [d]))) + [digest(lc.assemble(lc.stream.decode(p, [d])))]
            for p, d in streams]


def main() -> int:
    streams = [(p, d) for (p, _s), d in sorted(wire_streams().items())]
    want = decoded(streams)
    minted(0)  # in the parent: the writers imported and used before the fork (a preloaded app)
    bad = 0
    for method in ("fork", "spawn", "forkserver"):
        with mp.get_context(method).Pool(4) as pool:
            results = pool.map(minted, range(4), chunksize=1)
        with mp.get_context(method).Pool(2) as pool:
            outs = pool.map(decoded, [streams, streams], chunksize=1)
        print(f"{method:10s} decoded outputs equal to the parent's: {sum(o == want for o in outs)}/{len(outs)}")
        bad += sum(o != want for o in outs)
        ids = [i for r in results for i in r]
        dup = len(ids) - len(set(ids))
        print(f"{method:10s} ids {len(ids)} distinct {len(set(ids))} duplicates {dup}")
        if dup:
            print("   e.g.", [r[0] for r in results], [r[1] for r in results])
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
