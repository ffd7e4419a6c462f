"""A socket's recv_into pattern: one bytearray reused for every read, fed as memoryview(buf)[:n] (or
the bytearray itself): the decoder must not keep a view of bytes the caller then overwrites."""
import sys, os, io, contextlib, random, asyncio; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST
import sse_framing as S
class B(bytes): pass
def b(evs): return [lc.to_builtins(e) for e in evs]
bad = 0; n = 0
for prov in S.FR:
    for big in (False, True):
        body = S.render(S.FR[prov]())
        if big: body = body.replace("héllo".encode(), "é".encode() * 50000)
        whole = b(lcs.decode(prov, [body], request=REQUEST))
        for size in (1, 3, 7, 64, 1000, 4096, 65536, 70000):
            for kind in ("memoryview", "bytearray", "bytes_subclass"):
                n += 1
                d = lcs.Decoder(prov, request=REQUEST); out = []
                buf = bytearray(size)
                for i in range(0, len(body), size):
                    piece = body[i:i+size]
                    buf[:len(piece)] = piece
                    if kind == "memoryview": chunk = memoryview(buf)[:len(piece)]
                    elif kind == "bytearray": chunk = buf if len(piece) == size else buf[:len(piece)]
                    else: chunk = B(piece)
                    try:
                        out += d.feed(chunk)
                    except Exception as e:
                        out = ("raised", repr(e)[:150]); break
                    buf[:] = b"\xff" * size  # the next read overwrites the buffer (here: garbage first)
                if isinstance(out, list):
                    out += d.close()
                    got = b(out)
                else:
                    got = out
                # decode() and adecode() with a reused buffer too
                def gen():
                    bb = bytearray(size)
                    for i in range(0, len(body), size):
                        piece = body[i:i+size]; bb[:len(piece)] = piece
                        yield memoryview(bb)[:len(piece)]
                        bb[:] = b"\xff" * size
                try: got2 = b(lcs.decode(prov, gen(), request=REQUEST))
                except Exception as e: got2 = ("raised", repr(e)[:150])
                async def agen():
                    for c in gen(): yield c
                async def go(): return b([e async for e in lcs.adecode(prov, agen(), request=REQUEST)])
                try: got3 = asyncio.run(go()) if kind == "memoryview" else got2
                except Exception as e: got3 = ("raised", repr(e)[:150])
                if got != whole or got2 != whole or got3 != whole:
                    bad += 1
                    print("FAIL", prov, "big" if big else "small", size, kind, "feed ok" if got == whole else str(got)[:200], "| decode ok" if got2 == whole else "| decode " + str(got2)[:200], "| adecode ok" if got3 == whole else "| adecode " + str(got3)[:200])
print(n, "runs,", bad, "failing")
