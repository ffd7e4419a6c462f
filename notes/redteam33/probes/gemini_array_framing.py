"""Red team 33 probe: Gemini bodies in JSON-array framing (streamGenerateContent without alt=sse),
one to three chunks from lone_fuzz.py's generator, at its chunkings, with and without a request: lc's
straight path (which leaves them to the general way) against the general way.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/gemini_array_framing.py"""
import sys, json, random
sys.argv = ["x", "gemini", "0", "21"]
sys.path.insert(0, __import__("os").path.dirname(__file__))
import lone_fuzz as F
rng = F.rng
n = diffs = 0
ok = 0
for i in range(600):
    F.CLEAN = rng.random() < 0.6
    k = rng.choice([1, 1, 2, 3])
    chunks = [F.g_chunk(j == k - 1) for j in range(k)]
    sep = rng.choice([",", ",\r\n", ",\n"])
    body = ("[" + sep.join(json.dumps(c) for c in chunks) + "]").encode()
    for ch in F.chunkings(body):
        for req in (None, F.LC_REQ):
            s = F.straight(ch, req); g = F.general(ch, req); n += 1
            ok += s[0] == "ok"
            if s != g or s[0] == "BARE":
                diffs += 1
                if diffs < 5: print(body[:300], s, g)
print("array-framed runs", n, "ok", ok, "diffs", diffs)
