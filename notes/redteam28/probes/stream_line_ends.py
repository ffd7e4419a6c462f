"""Corpus SSE streams of each dialect with their line ends rewritten (all CR, all CRLF, mixed per
line, a CR as the stream's last byte) and fed to lc.stream.Decoder whole, byte by byte, cut after
every CR and at random: the events must be those of the LF stream (lc.stream.decode), and the whole
variant body must agree with lm15 1.5.0 (tests/providers/sweep_support.stream_findings)."""

from __future__ import annotations

import random
import sys

sys.path.insert(0, ".")
import lmcodec as lc  # noqa: E402
from lmcodec import stream as lcs  # noqa: E402
from tests.providers.provider_support import stream_bodies  # noqa: E402
from tests.providers.sweep_support import REQUEST, stream_findings  # noqa: E402

ENDS = [b"\n", b"\r", b"\r\n"]


def variant(rng: random.Random, body: bytes, mode: str) -> bytes:
    lines = body.splitlines()
    if mode == "mixed":  # (an empty line after a lone CR ends at a CR: "\r" + "\n" would be one line end)
        parts, prev = [], b""
        for line in lines:
            end = rng.choice(ENDS)
            if prev == b"\r" and not line and end != b"\r":
                end = b"\r"
            parts.append(line + end)
            prev = end
        out = b"".join(parts)
    else:
        end = {"cr": b"\r", "crlf": b"\r\n"}[mode]
        out = b"".join(line + end for line in lines)
    if rng.random() < 0.3:  # a CR as the last byte of the whole stream
        out = out.rstrip(b"\r\n") + b"\r"
    return out


def cut(body: bytes, at: list[int]) -> list[bytes]:
    edges = [0, *sorted(set(at)), len(body)]
    return [body[a:b] for a, b in zip(edges, edges[1:])]


def events(provider: str, chunks: list[bytes]) -> object:
    try:
        d = lcs.Decoder(provider, request=REQUEST)
        out = []
        for c in chunks:
            out += d.feed(c)
        out += d.close()
        return [lc.to_builtins(e) for e in out]
    except lc.LmcodecError as exc:
        return ("raised", type(exc).__name__, str(exc)[:120])
    except Exception as exc:  # noqa: BLE001
        return ("ESCAPED", type(exc).__name__, str(exc)[:120])


def main(seed: int) -> int:
    rng = random.Random(seed)
    bad = runs = 0
    for provider in ("openai", "openai_chat", "anthropic", "gemini"):
        for path in stream_bodies(provider):
            lf = path.read_bytes()
            if b"\r" in lf or len(lf) > 400_000:
                continue
            lf_norm = b"".join(line + b"\n" for line in lf.splitlines())
            want = events(provider, [lf_norm])
            for mode in ("cr", "crlf", "mixed"):
                body = variant(rng, lf, mode)
                crs = [j + 1 for j, b in enumerate(body) if b == 13]
                chunkings = {
                    "whole": [body],
                    "after each CR": cut(body, crs),
                    "before each CR": cut(body, [c - 1 for c in crs]),
                    "random": cut(body, rng.sample(range(len(body)), min(len(body), 40))),
                }
                ev_ends, seams, pos = [], [], 0
                for ln in body.splitlines(keepends=True):
                    pos += len(ln)
                    if ln in (b"\r", b"\n", b"\r\n"):
                        ev_ends.append(pos)
                        seams.append(pos - len(ln))  # (between the data line's end and the blank line)
                chunkings["one an event"] = cut(body, ev_ends)
                chunkings["one an event, cut before the blank line"] = cut(body, seams)
                chunkings["one an event, tiny ones"] = cut(body, sorted(set(ev_ends + [e + 1 for e in ev_ends])))
                if len(body) < 60_000:
                    chunkings["bytes"] = [body[i : i + 1] for i in range(len(body))]
                for name, chunks in chunkings.items():
                    runs += 1
                    got = events(provider, chunks)
                    if got != want:
                        bad += 1
                        if bad <= 6:
                            print(f"MISMATCH {path.parent.name}/{path.name} {mode} {name}: got {str(got)[:300]}\n  want {str(want)[:300]}")
                for f in stream_findings(provider, body):
                    bad += 1
                    if bad <= 12:
                        print(f"LM15 {path.parent.name}/{path.name} {mode}: {f[:300]}")
    print(f"{runs} runs, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
