"""Corpus streams grown past 64 KiB (their middle events repeated), their line ends rewritten (all CR,
CRLF, mixed, CR body ending in CRLF), decoded by lc.stream.decode whole ([body]), as a generator of
random cuts, byte-run cuts after each CR, and lc.assemble: the same events as the LF body."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import lmcodec as lc

CORPUS = Path("/work/shared/corpus/lm15-contract/bodies")


def events_of(body: bytes) -> list[bytes]:
    return [e for e in re.split(rb"\n\n", body) if e.strip()]


def grow(body: bytes, size: int) -> bytes:
    ev = events_of(body)
    if len(ev) < 3:
        return b""
    mid = ev[1:-1]
    out = [ev[0]]
    while sum(map(len, out)) < size:
        out += mid
    out.append(ev[-1])
    return b"\n\n".join(out) + b"\n\n"


def ends(body: bytes, mode: str, rng: random.Random) -> bytes:
    if mode == "cr":
        return body.replace(b"\n", b"\r")
    if mode == "crlf":
        return body.replace(b"\n", b"\r\n")
    if mode == "cr+crlf tail":
        return body[:-2].replace(b"\n", b"\r") + b"\r\n\r\n"
    out, prev = [], b""
    for c in body:
        if c == 10:  # a lone CR never before an LF: the line ends stay the LF body's
            prev = rng.choice([b"\r", b"\r\n"] if prev == b"\r" else [b"\n", b"\r", b"\r\n"])
            out.append(prev)
        else:
            prev = b""
            out.append(bytes([c]))
    return b"".join(out)


def run(provider: str, chunks, assemble: bool = False):
    req = lc.Request(model="m", messages=(lc.Message.user("hi"),))
    try:
        if assemble:
            return lc.to_builtins(lc.assemble(lc.stream.decode(provider, chunks, request=req), request=req), include_provider_data=True)
        return [lc.to_builtins(e) for e in lc.stream.decode(provider, chunks, request=req)]
    except lc.LmcodecError as exc:
        return f"{type(exc).__name__}: {exc}"


def main() -> int:
    rng = random.Random(3)
    bad = 0
    bodies = [p for p in sorted(CORPUS.glob("*stream*/*.txt"))]
    for path in bodies:
        provider = path.parent.name.split(".")[0]
        lf = grow(path.read_bytes().replace(b"\r\n", b"\n"), rng.choice([70_000, 140_000, 300_000]))
        if not lf:
            continue
        want = run(provider, [lf])
        want_a = run(provider, [lf], True)
        for mode in ("cr", "crlf", "cr+crlf tail", "mixed"):
            body = ends(lf, mode, rng)
            cuts = sorted(rng.sample(range(1, len(body)), 20))
            pieces = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)])]
            crs = [i + 1 for i, c in enumerate(body) if c == 13][:: max(1, body.count(b"\r") // 30)]
            at_cr = [body[a:b] for a, b in zip([0, *crs], [*crs, len(body)])]
            for label, chunks in (("whole", [body]), ("cuts", iter(pieces)), ("after CR", iter(at_cr))):
                got = run(provider, chunks)
                if got != want:
                    bad += 1
                    print(f"{path.parent.name}/{path.name} {mode} {label}: {str(got)[:200]} != {str(want)[:200]}")
            got_a = run(provider, [body], True)
            if got_a != want_a:
                bad += 1
                print(f"{path.parent.name}/{path.name} {mode} assemble: {str(got_a)[:300]}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
