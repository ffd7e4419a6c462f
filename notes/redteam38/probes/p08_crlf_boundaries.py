import io, json, random
import lmcodec as lc

class Trickle(io.RawIOBase):
    def __init__(self, data, sizes): self.data, self.pos, self.sizes = data, 0, sizes
    def readable(self): return True
    def readinto(self, b):
        n = min(len(b), next(self.sizes), len(self.data) - self.pos)
        b[:n] = self.data[self.pos:self.pos+n]; self.pos += n; return n

def turn(i, pad):
    return {"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"*pad}]}]},
            "response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":str(i)}]},"finish_reason":"stop"}}
rng = random.Random(1)
recs = [json.dumps(turn(i, rng.randrange(0, 300))).encode() for i in range(400)]
want = [lc.decode(r, lc.Turn) for r in recs]
bad = 0
for sep in (b"\n", b"\r\n"):
    for bom in (b"", b"\xef\xbb\xbf"):
        data = bom + sep.join(recs) + sep
        for mode in ("bytesio", "trickle1", "trickle7", "path"):
            if mode == "bytesio": src = io.BytesIO(data)
            elif mode == "path":
                open("/tmp/rt38/crlf_probe.jsonl", "wb").write(data); src = "/tmp/rt38/crlf_probe.jsonl"
            else:
                k = int(mode[7:]); src = io.BufferedReader(Trickle(data, iter(lambda: k, None)), buffer_size=k)
            try:
                got = list(lc.jsonl.read(src, lc.Turn, on_error="collect"))
            except Exception as e:
                print("ERR", sep, bom, mode, type(e).__name__, e); bad += 1; continue
            if got != want:
                bad += 1; print("DIFF", sep, bom, mode, len(got), [type(g).__name__ for g in got if not isinstance(g, lc.Turn)][:3])
print("bad", bad)
