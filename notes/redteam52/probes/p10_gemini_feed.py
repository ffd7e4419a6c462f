"""The lead's Encoder("gemini").feed fast path against feed_event, on op mixes the test does not draw."""
import random, time, sys
from _h import lc
from lmcodec.providers import WRITERS
time.time = lambda: 1_700_000_000.0
from tests.providers.test_write_fast_paths import _event
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
def ops():
    out = [("start",)] if rng.random() < 0.8 else []
    for _ in range(rng.randint(1, 14)):
        k = rng.choice(["text", "text", "thinking", "logprobs", "tool", "signature", "cite", "flush", "error", "end", "start"])
        idx = rng.randint(0, 3)
        if k in ("text", "thinking", "logprobs"): out.append((k, idx, rng.choice(["a", "", "é", "\U0001F600"])))
        elif k == "tool": out.append((k, idx, rng.choice(['{"a":', "1}", ""]), rng.choice([None, "c1"]), rng.choice([None, "f"])))
        elif k == "signature": out.append((k, idx, "SIG"))
        elif k == "cite": out.append((k, idx, "https://u", "a"))
        else: out.append((k,))
    return out
def ev(op):
    if op[0] == "start": return lc.StreamStartEvent(id="R", model="g")
    if op[0] == "end": return lc.StreamEndEvent(finish_reason="stop")
    if op[0] == "error": return lc.StreamErrorEvent(error=lc.ErrorDetail(code="server", message="x"))
    return _event(op)
def run(fn_name, seq):
    w = WRITERS["gemini"]()
    outs = []
    for op in seq:
        try:
            if op[0] == "flush":
                outs.append(w.flush())
            else:
                outs.append(getattr(w, fn_name)(ev(op)))
        except lc.LmcodecError as e:
            outs.append(f"ERR {type(e).__name__}: {e}")
            break
        except Exception as e:
            outs.append(f"BARE {type(e).__name__}: {e}")
            break
    try:
        outs.append(("close", w.close() if hasattr(w, "close") else None))
    except Exception as e:
        outs.append(f"close {type(e).__name__}")
    return outs
bad = 0
N = int(sys.argv[2]) if len(sys.argv) > 2 else 3000
for n in range(N):
    seq = ops()
    a, b = run("feed", seq), run("feed_event", seq)
    if a != b or any("BARE" in repr(x) for x in a):
        bad += 1
        if bad < 5:
            print("DIFF", seq)
            for x, y in zip(a, b):
                if x != y: print("   feed      ", x); print("   feed_event", y); break
print("cases", N, "bad", bad)
if len(sys.argv) > 3:
    rng = random.Random(int(sys.argv[1]))
    for n in range(500):
        seq = ops()
        a, b = run("feed", seq), run("feed_event", seq)
        if a != b:
            print(seq); print("A", a); print("B", b); break
