"""The lead's streamed audio join: _joined_b64 against decoding every chunk (lm15's way)."""
import base64, random
from _h import lc
from lmcodec.providers._streamed_audio import _joined_b64, _concat_b64_chunks, _b64
rng = random.Random(1)
ALPH = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \n\r\t=é"
bad = n = 0
for _ in range(200000):
    k = rng.randint(0, 5)
    chunks = []
    for _ in range(k):
        mode = rng.random()
        if mode < 0.5:
            raw = bytes(rng.randrange(256) for _ in range(rng.choice([0, 3, 6, 1, 2, 4, 5])))
            c = base64.b64encode(raw).decode()
            if rng.random() < 0.3: c = c.rstrip("=")
            if rng.random() < 0.2: c = base64.urlsafe_b64encode(raw).decode()
        else:
            c = "".join(rng.choice(ALPH) for _ in range(rng.randint(0, 9)))
        chunks.append(c)
    n += 1
    want = _b64(_concat_b64_chunks(chunks))
    got = _joined_b64(chunks) if chunks else None
    if got is not None and got != want:
        bad += 1
        if bad < 5: print("DIFF", chunks, got, want)
print("cases", n, "bad", bad)
