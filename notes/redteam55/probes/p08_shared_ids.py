"""Responses items added without output_index sharing an id (two messages 'msg_1', two calls
sharing a call_id), translated to every client at four chunkings, judged by decode + assemble of
the source."""
import sys, json
sys.path.insert(0, "/work/wt/redteam55/notes/redteam52")
from _h import lc, frame, chunkings, answer, REQUEST, CREATED, completed

def msg_frames(idx, mid, text, added_index=True):
    item = {"id": mid, "type": "message", "status": "in_progress", "role": "assistant", "content": []}
    added = {"type": "response.output_item.added", "item": item}
    if added_index: added["output_index"] = idx
    done_item = dict(item, status="completed", content=[{"type": "output_text", "annotations": [], "text": text}])
    return [added,
            {"type": "response.content_part.added", "item_id": mid, "output_index": idx, "content_index": 0, "part": {"type": "output_text", "annotations": [], "text": ""}},
            {"type": "response.output_text.delta", "item_id": mid, "output_index": idx, "content_index": 0, "delta": text},
            {"type": "response.output_text.done", "item_id": mid, "output_index": idx, "content_index": 0, "text": text},
            {"type": "response.output_item.done", "output_index": idx, "item": done_item}], done_item

def call_frames(idx, iid, cid, name, args, added_index=True):
    item = {"id": iid, "type": "function_call", "status": "in_progress", "call_id": cid, "name": name, "arguments": ""}
    added = {"type": "response.output_item.added", "item": item}
    if added_index: added["output_index"] = idx
    done_item = dict(item, status="completed", arguments=args)
    return [added,
            {"type": "response.function_call_arguments.delta", "item_id": iid, "output_index": idx, "delta": args},
            {"type": "response.function_call_arguments.done", "item_id": iid, "output_index": idx, "arguments": args},
            {"type": "response.output_item.done", "output_index": idx, "item": done_item}], done_item

cases = {}
for ai in (True, False):
    a, da = msg_frames(0, "msg_1", "A", ai); b, db = msg_frames(1, "msg_1", "B", ai)
    cases[f"two messages one id, added index={ai}"] = [CREATED] + a + b + [completed([da, db])]
    a, da = call_frames(0, "fc_1", "call_1", "f", '{"x":1}', ai); b, db = call_frames(1, "fc_2", "call_1", "g", '{"y":2}', ai)
    cases[f"two calls one call_id, added index={ai}"] = [CREATED] + a + b + [completed([da, db])]
    a, da = call_frames(0, "fc_1", "call_1", "f", '{"x":1}', ai); b, db = call_frames(1, "fc_1", "call_2", "g", '{"y":2}', ai)
    cases[f"two calls one item id, added index={ai}"] = [CREATED] + a + b + [completed([da, db])]
    a, da = msg_frames(0, "same", "A", ai); b, db = call_frames(1, "same", "same", "g", '{"y":2}', ai)
    cases[f"message and call one id, added index={ai}"] = [CREATED] + a + b + [completed([da, db])]
    # item only whole (done without added), sharing the id of an added one
    a, da = msg_frames(0, "msg_1", "A", ai); b, db = msg_frames(1, "msg_1", "B", ai)
    cases[f"second message done only, same id, index={ai}"] = [CREATED] + a + [b[-1]] + [completed([da, db])]
    cases[f"second message completed only, same id, index={ai}"] = [CREATED] + a + [completed([da, db])]

bad = 0
for name, evs in cases.items():
    frames = [frame(e) for e in evs]
    src = answer("openai", chunkings(frames)["whole"])
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        got = {}
        for label, chunks in chunkings(frames).items():
            try:
                out = b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
                got[label] = answer(dst, [out])
            except Exception as e:
                got[label] = ("RAISED", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:80])
        vals = list(got.values())
        norm = lambda v: 'refused' if (isinstance(v, str) and v.startswith('Stream')) else v
        ok = all(norm(v) == norm(src) for v in vals)
        if not ok:
            bad += 1
            print(f"?? {name} -> {dst}\n   source: {src}")
            for k, v in got.items(): print(f"   {k}: {v}")
print("rows", len(cases) * 4, "flagged", bad)
