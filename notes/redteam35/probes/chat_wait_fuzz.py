"""Probe: random Chat streams (up to 4 calls with JSON-object/array arguments cut anywhere, with
padding whitespace that never makes a first fragment whitespace only, texts, reasonings, refusals,
fragments of calls interleaved by index) translated to Anthropic and Responses: the protocol
checks and each SDK's reading against the openai SDK's reading of the source."""
from __future__ import annotations
import json, random, sys
sys.path.insert(0, ".")
from tests.stream.test_parts_in_order import PROTOCOL_BREAKS
from tests.stream.test_parts_in_order_chat import CLIENT_ORDER, _chunk, source_order, translated

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 35)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 150
VALUES = [{"a": 1}, {"q": "x\"}{\\", "n": [1, {"b": "]"}]}, [1, 2, {"c": "\u007b"}], {}, [], {"s": "\\u007d"},
          {"deep": [[[[{"k": "v"}]]]]}, {"u": "é😀"}]
def args_text(v):
    t = json.dumps(v, separators=(",", ":") if rng.random() < .5 else (", ", ": "))
    if rng.random() < .3:
        t = t + " \n"
    return t
def cut(t):
    k = rng.randint(1, 4)
    pts = sorted(rng.sample(range(1, len(t)), min(k, len(t) - 1))) if len(t) > 1 else []
    frags, last = [], 0
    for p in pts + [len(t)]:
        frags.append(t[last:p]); last = p
    if not frags[0].strip():  # F02 aside
        frags = ["".join(frags)]
    return frags
bad = 0
for n in range(N):
    ncalls = rng.randint(1, 4)
    queues = []
    for i in range(ncalls):
        fr = cut(args_text(rng.choice(VALUES)))
        head = {"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function", "function": {"name": f"f{i}", "arguments": fr[0]}}]}
        queues.append([head] + [{"tool_calls": [{"index": i, "function": {"arguments": f}}]} for f in fr[1:]])
    others = [rng.choice([{"content": "t%d " % k}, {"reasoning_content": "r%d " % k}]) for k in range(rng.randint(0, 4))]
    deltas, started = [], 0
    pool = [list(q) for q in queues]
    while any(pool) or others:
        choices = [i for i, q in enumerate(pool) if q and (i <= started)]
        if others and (not choices or rng.random() < .3):
            deltas.append(others.pop(0)); continue
        i = rng.choice(choices)
        deltas.append(pool[i].pop(0))
        if i == started: started += 1
        started = min(started, ncalls - 1) if started >= ncalls else started
    ev = [_chunk({"role": "assistant", "content": ""}), *[_chunk(d) for d in deltas], _chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
    want = source_order(ev)
    def norm(runs):
        return (sorted(json.dumps(r, sort_keys=True) for r in runs if r[0] == "call"),
                "".join(r[1] for r in runs if r[0] == "text"), "".join(r[1] for r in runs if r[0] == "thinking"))
    for dst in ("anthropic", "openai"):
        body = translated(dst, ev)
        br = PROTOCOL_BREAKS[dst](body)
        try:
            got = CLIENT_ORDER[dst](body)
        except Exception as e:
            got = [("error", str(e)[:100])]
        if br or norm(got) != norm(want):
            bad += 1
            if bad <= 5:
                print(f"#{n} {dst}: breaks={br}\n  source={want}\n  client={got}\n  deltas={deltas}")
print(f"{bad} of {2 * N} translations break the protocol or read otherwise")
