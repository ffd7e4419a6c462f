"""Empty chunks between (and instead of) the body's pieces: decode of a list / a generator, Decoder, adecode."""
import sys, os, asyncio; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST
import sse_framing as S
def b(evs): return [lc.to_builtins(e) for e in evs]
bad = 0; n = 0
for prov in S.FR:
    for big in (False, True):
        body = S.render(S.FR[prov]())
        if big: body = body.replace("héllo".encode(), b"x" * 70000)
        whole = b(lcs.decode(prov, [body], request=REQUEST))
        for size in (1, 5, 1000, 65536):
            pieces = []
            for i in range(0, len(body), size): pieces += [b"", body[i:i+size], b""]
            if size == 1 and big: pieces = pieces[:30000] + [body[10000:]] if False else pieces
            outs = {}
            outs["decode list"] = b(lcs.decode(prov, pieces, request=REQUEST))
            outs["decode gen"] = b(lcs.decode(prov, (p for p in pieces), request=REQUEST))
            d = lcs.Decoder(prov, request=REQUEST); o = []
            for p in pieces: o += d.feed(p)
            outs["Decoder"] = b(o + d.close())
            async def src():
                for p in pieces: yield p
            async def go(): return b([e async for e in lcs.adecode(prov, src(), request=REQUEST)])
            outs["adecode"] = asyncio.run(go())
            outs["empty only"] = b(lcs.decode(prov, [b""] * 5 + [body], request=REQUEST))
            for k, v in outs.items():
                n += 1
                if v != whole: bad += 1; print("FAIL", prov, big, size, k)
print(n, "runs,", bad, "failing")
