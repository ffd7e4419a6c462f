import sys, os, json, asyncio, threading; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST
from sse_framing import FR, render
res = []
def run(name, fn):
    try:
        r = fn(); res.append((name, "ok", str(r)[:150]))
    except lc.LmcodecError as e:
        res.append((name, "lc:" + type(e).__name__, str(e)[:150]))
    except Exception as e:
        res.append((name, "BARE:" + type(e).__name__, str(e)[:150]))
for prov, fr in FR.items():
    body = render(fr())
    whole = [lc.to_builtins(e) for e in lcs.decode(prov, [body], request=REQUEST)]
    def feed_as(conv):
        d = lcs.Decoder(prov, request=REQUEST); out = []
        for i in range(0, len(body), 7): out += d.feed(conv(body[i:i+7]))
        out += d.close(); return [lc.to_builtins(e) for e in out] == whole
    run(f"{prov} feed bytearray", lambda: feed_as(bytearray))
    run(f"{prov} feed memoryview", lambda: feed_as(memoryview))
    run(f"{prov} feed str", lambda: feed_as(lambda b: b.decode("utf-8", "replace")))
    run(f"{prov} feed int", lambda: lcs.Decoder(prov, request=REQUEST).feed(5))
    run(f"{prov} feed None", lambda: lcs.Decoder(prov, request=REQUEST).feed(None))
    run(f"{prov} decode list of str", lambda: list(lcs.decode(prov, [body.decode()], request=REQUEST)))
    run(f"{prov} decode bytes not iterable of bytes", lambda: list(lcs.decode(prov, body, request=REQUEST)))
    run(f"{prov} decode [memoryview]", lambda: [lc.to_builtins(e) for e in lcs.decode(prov, [memoryview(body)], request=REQUEST)] == whole)
    def after_close():
        d = lcs.Decoder(prov, request=REQUEST); d.feed(body); d.close(); return d.feed(body)
    run(f"{prov} feed after close", after_close)
    def close_twice():
        d = lcs.Decoder(prov, request=REQUEST); d.feed(body); d.close(); return d.close()
    run(f"{prov} close twice", close_twice)
    def close_mid_twice():
        d = lcs.Decoder(prov, request=REQUEST); d.feed(body[:len(body)//2]); d.close(); return d.close()
    run(f"{prov} close mid twice", close_mid_twice)
    async def agen(items):
        for x in items: yield x
    def adec(items):
        async def go(): return [e async for e in lcs.adecode(prov, agen(items), request=REQUEST)]
        return asyncio.run(go())
    run(f"{prov} adecode str items", lambda: adec([body.decode()]))
    run(f"{prov} adecode int item", lambda: adec([body[:10], 5]))
    run(f"{prov} adecode None item", lambda: adec([None]))
    run(f"{prov} adecode bytearray", lambda: [lc.to_builtins(e) for e in adec([bytearray(body)])] == whole)
    async def raising():
        yield body[:len(body)//2]; raise ConnectionResetError("peer reset")
    def adec_raise():
        async def go(): return [e async for e in lcs.adecode(prov, raising(), request=REQUEST)]
        return asyncio.run(go())
    run(f"{prov} adecode source raises", adec_raise)
    def sync_raise():
        def g():
            yield body[:len(body)//2]; raise ConnectionResetError("peer reset")
        return list(lcs.decode(prov, g(), request=REQUEST))
    run(f"{prov} decode source raises", sync_raise)
    def break_out():
        it = lcs.decode(prov, [body], request=REQUEST)
        for e in it: break
        it2 = list(lcs.decode(prov, [body], request=REQUEST))
        return [lc.to_builtins(e) for e in it2] == whole
    run(f"{prov} break then again", break_out)
    def threads():
        outs = [None] * 8
        def work(k):
            d = lcs.Decoder(prov, request=REQUEST); o = []
            for i in range(0, len(body), 3): o += d.feed(body[i:i+3])
            o += d.close(); outs[k] = [lc.to_builtins(e) for e in o]
        ts = [threading.Thread(target=work, args=(k,)) for k in range(8)]
        [t.start() for t in ts]; [t.join() for t in ts]
        return all(o == whole for o in outs)
    run(f"{prov} 8 threads", threads)
    def shared_decoder_threads():
        d = lcs.Decoder(prov, request=REQUEST); errs = []
        def work():
            try:
                for i in range(0, len(body), 3): d.feed(body[i:i+3])
            except lc.LmcodecError: pass
            except Exception as e: errs.append(repr(e))
        ts = [threading.Thread(target=work) for _ in range(4)]
        [t.start() for t in ts]; [t.join() for t in ts]
        return errs
    run(f"{prov} one decoder shared by 4 threads (misuse)", shared_decoder_threads)
for r in res: print(*r, sep=" | ")
print(len(res), "runs;", sum(1 for r in res if r[1].startswith("BARE")), "bare")
