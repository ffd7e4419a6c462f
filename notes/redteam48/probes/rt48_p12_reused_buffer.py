"""Probe 12: chunks given as a bytearray / memoryview over ONE buffer the caller reuses for every read
(``sock.recv_into(buf)`` then ``feed(memoryview(buf)[:n])``): does any decoder, translate or adecode
keep a view of bytes the next read overwrites?"""
from __future__ import annotations

import asyncio
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, cut, digest, lc, wire_streams  # noqa: E402

W = wire_streams()
_MINTED = re.compile(rb'_[0-9a-f]{24,}|("created(?:_at)?":)\d+')


def same_ids(body: bytes) -> bytes:
    """The ids and times the writers mint made equal (the body stays valid JSON)."""
    return _MINTED.sub(lambda m: (m.group(1) + b"1") if m.group(1) else b"_" + b"0" * 24, body)


def reused(chunks, kind):
    buf = bytearray(max(len(c) for c in chunks))
    for c in chunks:
        buf[: len(c)] = c
        for i in range(len(c), len(buf)):
            buf[i] = 0x78  # stale bytes past the read
        view = memoryview(buf)[: len(c)]
        yield view if kind == "memoryview" else bytearray(view) if kind == "copy" else view
        buf[:] = b"#" * len(buf)  # the next read overwrites the buffer


def main() -> int:
    rows = {}
    for (p, shape), data in W.items():
        ref = digest(list(lc.stream.decode(p, [data])))
        for size in (1, 3, 17, 100, 5000):
            chunks = cut(data, size)
            # (translate's output depends on the cuts: Gemini's writer writes a chunk per input chunk)
            refs = {dst: digest(list(lc.stream.decode(dst, [same_ids(b"".join(lc.stream.translate(p, dst, chunks)))])))
                    for dst in DIALECTS}
            for kind in ("memoryview",):
                d = lc.stream.Decoder(p)
                try:
                    out = [e for c in reused(chunks, kind) for e in d.feed(c)] + d.close()
                    ok = digest(out) == ref
                except lc.LmcodecError as exc:
                    ok = False
                rows.setdefault("Decoder.feed", [0, 0])
                rows["Decoder.feed"][0] += 1
                rows["Decoder.feed"][1] += ok
                try:
                    ok = digest(list(lc.stream.decode(p, reused(chunks, kind)))) == ref
                except lc.LmcodecError:
                    ok = False
                rows.setdefault("decode", [0, 0])
                rows["decode"][0] += 1
                rows["decode"][1] += ok
                for dst in DIALECTS:
                    try:
                        body = b"".join(lc.stream.translate(p, dst, reused(chunks, kind)))
                        ok = digest(list(lc.stream.decode(dst, [same_ids(body)]))) == refs[dst]
                    except lc.LmcodecError:
                        ok = False
                    rows.setdefault("translate", [0, 0])
                    rows["translate"][0] += 1
                    rows["translate"][1] += ok

                async def src(chunks=chunks, kind=kind):
                    for c in reused(chunks, kind):
                        yield c
                        await asyncio.sleep(0)

                async def run(p=p, src=src):
                    return [e async for e in lc.stream.adecode(p, src())]
                try:
                    ok = digest(asyncio.run(run())) == ref
                except lc.LmcodecError:
                    ok = False
                rows.setdefault("adecode", [0, 0])
                rows["adecode"][0] += 1
                rows["adecode"][1] += ok
    bad = 0
    for name, (n, ok) in rows.items():
        print(f"{name:14s} {ok}/{n} right")
        bad += n - ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
