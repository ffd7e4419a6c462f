"""Probe 3: adecode / atranslate / aencode over async sources: chunk types, cancellation, interleaving."""
from __future__ import annotations

import asyncio
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, cut, digest, lc, wire_streams, event_streams  # noqa: E402

W = wire_streams()


async def source(chunks, delay=0.0, kind=bytes):
    for c in chunks:
        if delay:
            await asyncio.sleep(delay)
        else:
            await asyncio.sleep(0)
        yield kind(c)


async def collect(agen):
    return [x async for x in agen]


def sync_ref(p, data):
    return digest(list(lc.stream.decode(p, [data])))


async def main() -> int:
    rows = []
    bad = 0
    for (p, shape), data in W.items():
        ref = sync_ref(p, data)
        for kind in (bytes, bytearray, memoryview):
            for size in (1, 5, 64):
                got = digest(await collect(lc.stream.adecode(p, source(cut(data, size), kind=kind))))
                rows.append(("adecode", p, shape, kind.__name__, size, got == ref))
        # empty chunks between the real ones
        chunks = [x for c in cut(data, 7) for x in (b"", c, b"")]
        got = digest(await collect(lc.stream.adecode(p, source(chunks))))
        rows.append(("adecode empties", p, shape, "", 0, got == ref))
        # str chunk: an lc error or TypeError?
        try:
            await collect(lc.stream.adecode(p, source(cut(data.decode(), 50), kind=str)))
            rows.append(("adecode str", p, shape, "", 0, "accepted"))
        except Exception as exc:  # noqa: BLE001
            rows.append(("adecode str", p, shape, type(exc).__name__, 0, isinstance(exc, (lc.LmcodecError, TypeError))))
        # cancellation mid-stream, then a fresh stream decodes the same as the reference
        async def consume():
            async for _ in lc.stream.adecode(p, source(cut(data, 5), delay=0.001)):
                pass
        task = asyncio.create_task(consume())
        await asyncio.sleep(0.01)
        task.cancel()
        try:
            await task
            rows.append(("cancel", p, shape, "not cancelled", 0, False))
        except asyncio.CancelledError:
            rows.append(("cancel", p, shape, "CancelledError", 0, True))
        try:
            await asyncio.wait_for(collect(lc.stream.adecode(p, source(cut(data, 5), delay=0.002))), 0.01)
            rows.append(("timeout", p, shape, "finished", 0, True))
        except TimeoutError:
            rows.append(("timeout", p, shape, "TimeoutError", 0, True))
        got = digest(await collect(lc.stream.adecode(p, source(cut(data, 5)))))
        rows.append(("after cancel", p, shape, "", 0, got == ref))
        # atranslate the same
        for dst in DIALECTS:
            want = b"".join(lc.stream.translate(p, dst, cut(data, 9)))
            gotb = b"".join(await collect(lc.stream.atranslate(p, dst, source(cut(data, 9)))))
            # ids / times the writers make differ per stream: compare decoded events
            a = digest(list(lc.stream.decode(dst, [want])))
            b = digest(list(lc.stream.decode(dst, [gotb])))
            rows.append(("atranslate", p, dst, shape, 9, len(a) == len(b)))
        # atranslate cancelled mid-stream and under a timeout: the error propagates, the next stream is right
        async def consume_t(p=p, data=data):
            async for _ in lc.stream.atranslate(p, "anthropic", source(cut(data, 5), delay=0.001)):
                pass
        task = asyncio.create_task(consume_t())
        await asyncio.sleep(0.01)
        task.cancel()
        try:
            await task
            rows.append(("atranslate cancel", p, shape, "not cancelled", 0, False))
        except asyncio.CancelledError:
            rows.append(("atranslate cancel", p, shape, "CancelledError", 0, True))
        try:
            await asyncio.wait_for(collect(lc.stream.atranslate(p, "gemini", source(cut(data, 5), delay=0.002))), 0.01)
            rows.append(("atranslate timeout", p, shape, "finished", 0, True))
        except TimeoutError:
            rows.append(("atranslate timeout", p, shape, "TimeoutError", 0, True))
    # many streams interleaved on one loop, each against its reference
    jobs = [(p, data) for (p, shape), data in W.items()] * 4
    results = await asyncio.gather(*(collect(lc.stream.adecode(p, source(cut(d, 3)))) for p, d in jobs))
    inter = sum(digest(r) == sync_ref(p, d) for r, (p, d) in zip(results, jobs))
    rows.append(("interleaved", len(jobs), "", "", 0, inter == len(jobs)))
    both = await asyncio.gather(*(collect(lc.stream.atranslate(p, "openai_chat", source(cut(d, 3)))) for p, d in jobs))
    same = sum(len(list(lc.stream.decode("openai_chat", [b"".join(r)]))) == len(list(lc.stream.decode("openai_chat", [b"".join(lc.stream.translate(p, "openai_chat", [d]))]))) for r, (p, d) in zip(both, jobs))
    rows.append(("interleaved atranslate", len(jobs), "", "", 0, same == len(jobs)))
    # aencode
    for shape, events in event_streams().items():
        for dst in DIALECTS:
            async def evs(events=events):
                for e in events:
                    await asyncio.sleep(0)
                    yield e
            out = b"".join([x async for x in lc.stream.aencode(dst, evs())])
            want = b"".join(lc.stream.encode(dst, events))
            rows.append(("aencode", dst, shape, "", 0, len(list(lc.stream.decode(dst, [out]))) == len(list(lc.stream.decode(dst, [want])))))
    for r in rows:
        if r[-1] is not True:
            bad += 1
            print("NOT HELD", r)
    kinds = {}
    for r in rows:
        kinds.setdefault(r[0], [0, 0])
        kinds[r[0]][0] += 1
        kinds[r[0]][1] += r[-1] is True
    for k, (n, ok) in kinds.items():
        print(f"{k:16s} {ok}/{n} held")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
