"""Random canonical event sequences: lc.assemble against lm15's materialize_response (JSON in, both)."""
import json, random, sys, collections, warnings
warnings.simplefilter("ignore")
from lm15 import serde, result as lr
import lm15.types as T
import lmcodec as lc
sys.path.insert(0, "notes/redteam38/probes")
from common import lm15_json

REQ = {"model": "req-model", "messages": [{"role": "user", "parts": [{"type": "text", "text": "q"}]}]}
def rand_delta(rng, n_idx):
    i = rng.randrange(n_idx)
    k = rng.choice(["text", "text", "thinking", "tool_call", "tool_call", "citation", "audio", "image", "continuation"])
    if k == "text": return {"type": "text", "part_index": i, "text": rng.choice(["a", "", "b c", "{\"x\":"])}
    if k == "thinking": return {"type": "thinking", "part_index": i, "text": rng.choice(["t", ""])}
    if k == "tool_call":
        d = {"type": "tool_call", "part_index": i, "input": rng.choice(["", "{", "\"a\":1}", "{}", "}", "[1]", " "])}
        if rng.random() < 0.5: d["id"] = rng.choice(["c1", "c2"])
        if rng.random() < 0.5: d["name"] = rng.choice(["f", "g"])
        return d
    if k == "citation": 
        d = {"type": "citation", "part_index": i}
        for f in ("text", "url", "title"):
            if rng.random() < 0.5: d[f] = rng.choice(["x", "https://e"])
        return d
    if k == "audio": return {"type": "audio", "part_index": i, "data": rng.choice(["AA", "AA==", "A"]), **({"media_type": "audio/wav"} if rng.random() < .5 else {})}
    if k == "image": return {"type": "image", "part_index": i, "data": rng.choice(["AA", "AA==", "A"]), **({"media_type": "image/png"} if rng.random() < .5 else {})}
    return {"type": "continuation", "part_index": i, "provider": "p", "kind": rng.choice(["k", "thinking_signature"]), "data": {"s": rng.choice(["1", "2"])}}

def rand_events(rng):
    ev = []
    if rng.random() < 0.9:
        s = {"type": "start"}
        if rng.random() < .5: s["id"] = "r1"
        if rng.random() < .5: s["model"] = "m1"
        ev.append(s)
    n_idx = rng.randrange(1, 4)
    for _ in range(rng.randrange(0, 7)):
        ev.append({"type": "delta", "delta": rand_delta(rng, n_idx)})
    r = rng.random()
    if r < 0.75:
        e = {"type": "end", "finish_reason": rng.choice(["stop", "length", "tool_call", "content_filter", "error"])}
        if rng.random() < .5: e["usage"] = {"input_tokens": 1, "output_tokens": 2}
        ev.append(e)
    elif r < 0.85:
        ev.append({"type": "error", "error": {"code": "server", "message": "boom"}})
    if rng.random() < 0.1: ev.append({"type": "delta", "delta": rand_delta(rng, n_idx)})
    return ev

def run_lm15(evs):
    req = serde.request_from_dict(REQ)
    try:
        events = [serde.stream_event_from_dict(e) for e in evs]
    except Exception as e:
        return ("bad-event", type(e).__name__)
    try:
        r = lr.materialize_response(iter(events), req)
        return ("ok", json.loads(lm15_json(r)))
    except Exception as e:
        return ("err", type(e).__name__, str(e)[:80])

def run_lc(evs):
    req = lc.from_builtins(REQ, lc.Request)
    try:
        events = [lc.from_builtins(e, lc.StreamEvent) for e in evs]
    except lc.LmcodecError as e:
        return ("bad-event", type(e).__name__)
    try:
        r = lc.assemble(events, request=req)
        return ("ok", json.loads(lc.encode(r)))
    except lc.LmcodecError as e:
        return ("err", type(e).__name__, str(e)[:80])
    except Exception as e:
        return ("BARE", type(e).__name__, str(e)[:80])

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
stats = collections.Counter(); shown = collections.Counter()
for i in range(N):
    evs = rand_events(rng)
    a, b = run_lm15(evs), run_lc(evs)
    same = a[0] == b[0] and (a[0] != "ok" or a[1] == b[1])
    stats[(a[0], b[0], same)] += 1
    if not same:
        key = (a[0], b[0], a[2][:30] if a[0] == "err" else "", b[2][:30] if b[0] in ("err", "BARE") else "")
        shown[key] += 1
        if shown[key] <= 2:
            print("DIFF", json.dumps(evs)[:700]); print("  lm15", str(a)[:400]); print("  lc  ", str(b)[:400])
print(stats)
