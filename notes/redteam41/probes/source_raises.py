"""A source that raises mid-stream: the events its earlier chunks completed reach the caller first
(sync decode, adecode), then the source's own exception; Decoder.feed of the same chunks is the reference."""
import sys, os, asyncio; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST
import sse_framing as S
class Boom(Exception): pass
bad = []; n = 0
for prov in S.FR:
    for big in (False, True):
        body = S.render(S.FR[prov]())
        if big: body = body.replace("héllo".encode(), b"x" * 70000)
        for cut in sorted({len(body) // 3, len(body) // 2, len(body) - 3, body.find(b"\n\n") + 2, 10}):
            n += 1
            d = lcs.Decoder(prov, request=REQUEST)
            ref = [lc.to_builtins(e) for e in d.feed(body[:cut])]
            def src():
                yield body[:cut]; raise Boom()
            got, exc = [], None
            try:
                for e in lcs.decode(prov, src(), request=REQUEST): got.append(lc.to_builtins(e))
            except Boom: exc = "Boom"
            except Exception as e: exc = repr(e)
            async def asrc():
                yield body[:cut]; raise Boom()
            async def go():
                out = []
                try:
                    async for e in lcs.adecode(prov, asrc(), request=REQUEST): out.append(lc.to_builtins(e))
                except Boom: return out, "Boom"
                except Exception as e: return out, repr(e)
                return out, None
            agot, aexc = asyncio.run(go())
            # lc.assemble: the source's error, not an lc reading of a short stream
            try:
                lc.assemble(lcs.decode(prov, src(), request=REQUEST), request=REQUEST); asm = "no error"
            except Boom: asm = "Boom"
            except Exception as e: asm = repr(e)[:120]
            ok = got == ref and agot == ref and exc == "Boom" and aexc == "Boom" and asm == "Boom"
            if not ok:
                bad.append((prov, big, cut)); print("FAIL", prov, big, cut, len(got), len(agot), len(ref), exc, aexc, asm)
print(n, "runs,", len(bad), "failing")
