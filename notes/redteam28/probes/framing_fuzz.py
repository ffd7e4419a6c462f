"""Differential fuzz of SSEDecoder.feed_data/close_data and feed/close against lm15.parse_sse over
body.splitlines(keepends=True): mixed LF/CR/CRLF, every chunking (whole, random cuts, byte by byte,
cuts right after each CR). Prints the first mismatches."""

from __future__ import annotations

import random
import sys

from lm15.sse import parse_sse

from lmcodec.framing.sse import SSEDecoder

LINES = [
    b'data: {"a":1}', b"data:{}", b"data: [DONE]", b"data:  {", b'data:   "b": 2', b"data: \t}",
    b"data:", b"data: ", b"data: data: x", b"id: 7", b"event: e", b"event:", b"retry: 10",
    b": keep-alive", b":", b"x", b"data", b"", b"", b"", b"data: \x0b\x0cz", b"event: \x1c e",
    b"data: \xc2\xa0y", b"id:\r", b"data: a\x85", b"data:\x1fq",
    b"data: " + b"L" * 2100, b"data:" + b"M" * 2047, b"data: {" + b"N" * 3000 + b"}", b"id: " + b"I" * 2500,
    b": " + b"C" * 2200, b"event: " + b"E" * 2049,
]
ENDS = [b"\n", b"\r", b"\r\n"]


def oracle(body: bytes) -> list[bytes]:
    return [e.data.encode() for e in parse_sse(iter(body.splitlines(keepends=True)))]


def bulk(chunks: list[bytes]) -> list[bytes]:
    d = SSEDecoder()
    out: list[bytes] = []
    for c in chunks:
        out += d.feed_data(c)
    return out + d.close_data()


def lines(chunks: list[bytes]) -> list[bytes]:
    d = SSEDecoder()
    out: list[bytes] = []
    for c in chunks:
        out += [e.data for e in d.feed(c)]
    return out + [e.data for e in d.close()]


def cut(body: bytes, at: list[int]) -> list[bytes]:
    edges = [0, *sorted(set(at)), len(body)]
    return [body[a:b] for a, b in zip(edges, edges[1:])]


def body_of(rng: random.Random, mode: str) -> bytes:
    n = rng.randint(1, 14)
    parts = []
    fixed = rng.choice(ENDS)
    for _ in range(n):
        end = fixed if mode == "one" else rng.choice(ENDS)
        parts.append(rng.choice(LINES) + end)
    body = b"".join(parts)
    if rng.random() < 0.3:
        body = body.rstrip(b"\r\n") + rng.choice([b"", b"\r", b"\n", b"\r\r", b"\n\r", b"\r\n\r"])
    return body


def main(n: int) -> int:
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 0)
    bad = 0
    for i in range(n):
        body = body_of(rng, rng.choice(["one", "mixed"]))
        want = oracle(body)
        chunkings = [[body], [bytes([b]) for b in body],
                     cut(body, [j + 1 for j, b in enumerate(body) if b == 13]),
                     cut(body, [j for j, b in enumerate(body) if b == 13])]
        # one chunk an event (split after each blank line of the oracle's reading: after every 2 line ends)
        pieces = body.splitlines(keepends=True)
        ev, acc = [], b""
        for ln in pieces:
            acc += ln
            if ln.strip(b"\r\n") == b"":
                ev.append(acc)
                acc = b""
        chunkings.append(ev + ([acc] if acc else []))
        chunkings.append(pieces)
        for _ in range(4):
            chunkings.append(cut(body, rng.sample(range(len(body) + 1), min(len(body), rng.randint(1, 5)))))
        for chunks in chunkings:
            for name, f in (("feed_data", bulk), ("feed", lines)):
                try:
                    got = f(chunks)
                except Exception as exc:  # noqa: BLE001
                    got = [f"raised {type(exc).__name__}: {exc}".encode()]
                if [g.decode("utf-8", "replace").encode() for g in got] != want:
                    bad += 1
                    if bad <= 8:
                        print(f"MISMATCH {name} chunks={chunks!r}\n  got ={got!r}\n  want={want!r}")
    print(f"{n} bodies, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000))
