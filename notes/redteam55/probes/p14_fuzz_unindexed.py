"""red team 52's p16 fuzz (random Responses item events) with output_index removed from some
added/done frames and items sharing ids: translate to every client at 4 chunkings must read the
same at every chunking (decode + assemble of the output), no bare exception."""
import copy, random, sys, os
sys.path.insert(0, "/work/wt/redteam55/notes/redteam52")
from _h import DIALECTS, answer, chunkings, frame, translated, lc, REQUEST
R = {"id": "resp_1", "object": "response", "model": "m", "created_at": 1}
CREATED = {"type": "response.created", "response": dict(R, status="in_progress", output=[])}
def completed(out): return {"type": "response.completed", "response": dict(R, status="completed", output=out, usage={"input_tokens": 1, "output_tokens": 1, "total_tokens": 2})}
def pool(rng):
    mid = rng.choice(["msg_1", "msg_1", "fc_1"]); cid = rng.choice(["call_1", "msg_1"])
    MSG = lambda t: {"id": mid, "type": "message", "status": "completed", "role": "assistant", "content": [] if t is None else [{"type": "output_text", "text": t, "annotations": []}]}
    CALL = lambda a: {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": cid, "name": "f", "arguments": a}
    RS = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "th"}]}
    i = lambda: rng.randint(0, 2)
    return [
        {"type": "response.output_item.added", "output_index": i(), "item": MSG(None)},
        {"type": "response.output_item.added", "output_index": i(), "item": MSG("pre")},
        {"type": "response.content_part.added", "item_id": mid, "output_index": i(), "content_index": 0, "part": {"type": "output_text", "text": "", "annotations": []}},
        {"type": "response.output_text.delta", "item_id": mid, "output_index": i(), "content_index": 0, "delta": "ab"},
        {"type": "response.output_item.done", "output_index": i(), "item": MSG("ab")},
        {"type": "response.output_item.added", "output_index": i(), "item": CALL("")},
        {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": i(), "delta": '{"a":1}'},
        {"type": "response.output_item.done", "output_index": i(), "item": CALL('{"a":1}')},
        {"type": "response.output_item.added", "output_index": i(), "item": dict(RS, summary=[])},
        {"type": "response.reasoning_summary_text.delta", "item_id": "rs_1", "output_index": i(), "summary_index": 0, "delta": "th"},
        {"type": "response.output_item.done", "output_index": i(), "item": RS},
        completed([MSG("ab"), CALL('{"a":1}')]),
        completed([]),
    ]
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 55)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 150
bad = 0
for n in range(N):
    p = pool(rng)
    events = [CREATED] + [copy.deepcopy(rng.choice(p)) for _ in range(rng.randint(1, 7))]
    for e in events:
        if e["type"] in ("response.output_item.added", "response.output_item.done") and rng.random() < 0.4:
            if rng.random() < 0.5: e.pop("output_index", None)
            else: e["output_index"] = None
    if rng.random() < 0.7: events.append(copy.deepcopy(p[-2]))
    frames = [frame(e) for e in events]
    for dst in DIALECTS:
        got = {}
        for cut, ch in chunkings(frames).items():
            try:
                got[cut] = answer(dst, [translated("openai", dst, ch)])
            except lc.LmcodecError as e:
                got[cut] = f"raised {type(e).__name__}"
            except Exception as e:
                got[cut] = f"BARE {type(e).__name__}: {e}"
        if len({repr(v) for v in got.values()}) > 1 or any("BARE" in repr(v) for v in got.values()):
            bad += 1
            if bad <= 4:
                print("CASE", n, dst, [(e["type"].split(".")[-1], e.get("output_index", "-"), (e.get("item") or {}).get("id")) for e in events])
                [print("    ", k, v) for k, v in got.items()]
                if os.environ.get("DUMP"): print("EVENTS", __import__("json").dumps(events))
            break
print("cases", N, "chunking-dependent or bare", bad)
