import json, random, sys
sys.path.insert(0, "notes/redteam37/probes")
import lmcodec as lc
from sdkread import read_stream
sys.path.insert(0, '.')
from tests.stream.test_parts_in_order import anthropic_protocol_breaks, responses_protocol_breaks

BASE = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}
def chunk(delta, finish=None):
    return b"data: " + json.dumps({**BASE, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}).encode() + b"\n\n"

ARGS = [
    '{"a": "x\\"}{[", "b": [[1, [2]], {"c": -1.5e3}]}',
    ' \n {"q": "\u3000 \u00a0"} \t',
    '{"s": "\\\\", "t": "}"}',
    '[1, 2, [3]]',
    '{}',
    '',
    '  ',
    '{"n": 12345678901234567890}',
    # never-closing: separate
    # top-level string: separate
    '42',
    '{"u": "\\u00e9\\ud83d\\ude00"}',
]

def cuts(s, rnd):
    k = rnd.randint(0, min(len(s), 6))
    pos = sorted(rnd.sample(range(1, len(s)), min(k, max(len(s) - 1, 0)))) if len(s) > 1 else []
    out, last = [], 0
    for p in pos: out.append(s[last:p]); last = p
    out.append(s[last:])
    return out

def make(rnd):
    ncalls = rnd.randint(1, 3)
    args = [rnd.choice(ARGS) for _ in range(ncalls)]
    pieces = [(i, c) for i in range(ncalls) for c in cuts(args[i], rnd)]
    # interleave: keep each call's pieces in order, merge randomly, and add text/thinking
    queues = {i: [c for j, c in pieces if j == i] for i in range(ncalls)}
    frames = [chunk({"role": "assistant", "content": ""})]
    started = set()
    texts = []
    while any(queues.values()):
        if rnd.random() < 0.2:
            t = rnd.choice(["hi ", "yo", " "])
            texts.append(t); frames.append(chunk({"content": t}))
        if rnd.random() < 0.1:
            frames.append(chunk({"reasoning_content": "th"}))
        i = rnd.choice([k for k, q in queues.items() if q and (k == 0 or k - 1 in started)])
        piece = queues[i].pop(0)
        tc = {"index": i, "function": {"arguments": piece}}
        if i not in started:
            started.add(i)
            tc["function"]["name"] = f"f{i}"
            tc["type"] = "function"
            if rnd.random() < 0.85:
                tc["id"] = f"call_{i}"
        frames.append(chunk({"tool_calls": [tc]}))
    frames.append(chunk({}, "tool_calls"))
    frames.append(b"data: [DONE]\n\n")
    return frames, args

def norm(a):
    try: return json.loads(a) if a.strip() else {}
    except Exception: return ("RAW", a)

rnd = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
fails = 0
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
for n in range(N):
    frames, args = make(rnd)
    src = read_stream("openai_chat", b"".join(frames))
    want_calls = [(nm, norm(a)) for nm, a in src["calls"]]
    for dst in ("anthropic", "openai"):
        for path in ("translate", "encode"):
            try:
                if path == "translate":
                    out = b"".join(lc.stream.translate("openai_chat", dst, frames))
                else:
                    out = b"".join(lc.stream.encode(dst, lc.stream.decode("openai_chat", frames)))
                pb = (anthropic_protocol_breaks if dst == "anthropic" else responses_protocol_breaks)(out)
                if pb:
                    print(f"#{n} {dst} {path} PROTOCOL {pb[:3]}")
                    if path == "translate":
                        print("   TFRAMES", args, [json.loads(f[6:])["choices"][0]["delta"] for f in frames if f.startswith(b"data: {")])
                    fails += 1
                got = read_stream(dst, out)
                got_calls = [(nm, norm(a) if dst == "openai" else json.loads(a)) for nm, a in got["calls"]]
            except Exception as e:
                got, got_calls = {"text": f"ERR {type(e).__name__}: {e}"[:300]}, None
            if got_calls != want_calls or got.get("text") != src["text"]:
                fails += 1
                if fails <= 12:
                    print(f"#{n} {dst} {path}: args={args}\n  src  {src['text']!r} {want_calls}\n  got  {got.get('text')!r} {got_calls}")
                    print("   frames:", [json.loads(f[6:])["choices"][0]["delta"] for f in frames if f.startswith(b"data: {")][:30])
print("fails", fails, "of", N * 4)
