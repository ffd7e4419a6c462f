"""rtfix58: Responses items handed on whole, of every type, at every chunking and client."""
from __future__ import annotations

import copy
import sys
from typing import Any

from _h import DIALECTS, answer, chunkings, frame, translated

R = {"id": "resp_1", "object": "response", "model": "gpt-4.1-mini", "created_at": 1}
USAGE = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
CREATED = {"type": "response.created", "response": dict(R, status="in_progress", output=[])}


def completed(output):
    return {"type": "response.completed", "response": dict(R, status="completed", output=output, usage=USAGE)}


def msg(i, text, refusal=False):
    c = [] if text is None else [({"type": "refusal", "refusal": text} if refusal else
                                  {"type": "output_text", "annotations": [], "text": text})]
    return {"id": i, "type": "message", "status": "completed", "role": "assistant", "content": c}


def added(idx, item):
    return {"type": "response.output_item.added", "output_index": idx, "item": item}


def done(idx, item):
    return {"type": "response.output_item.done", "output_index": idx, "item": item}


def delta(idx, t, item="msg_1"):
    return {"type": "response.output_text.delta", "item_id": item, "output_index": idx, "content_index": 0, "delta": t}


def cpa(idx, item="msg_1"):
    return {"type": "response.content_part.added", "item_id": item, "output_index": idx, "content_index": 0,
            "part": {"type": "output_text", "text": "", "annotations": []}}


REASON = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "think"}],
          "encrypted_content": "ENC"}
CALL = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f",
        "arguments": '{"a":1}'}
WEB = {"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}
FILE = {"id": "fs_1", "type": "file_search_call", "status": "completed", "queries": ["q"], "results": None}
CODE = {"id": "ci_1", "type": "code_interpreter_call", "status": "completed", "code": "print(1)",
        "container_id": "c", "outputs": None}
IMG = {"id": "ig_1", "type": "image_generation_call", "status": "completed", "result": "aGVsbG8="}

SHAPES: dict[str, list[dict[str, Any]]] = {}
for name, item in (("reasoning", REASON), ("call", CALL), ("web", WEB), ("file", FILE), ("code", CODE),
                   ("image", IMG), ("refusal", msg("msg_9", "no", refusal=True))):
    # done only (no added, no deltas), then a message streamed after it
    SHAPES[f"{name}_done_only"] = [CREATED, done(0, item), added(1, msg("msg_1", None)), cpa(1), delta(1, "hi"),
                                   done(1, msg("msg_1", "hi")), completed([item, msg("msg_1", "hi")])]
    # done twice
    SHAPES[f"{name}_done_twice"] = [CREATED, added(0, item), done(0, item), done(0, item),
                                    completed([item])]
    # done then added of the same index
    SHAPES[f"{name}_done_then_added"] = [CREATED, done(0, item), added(0, item), done(0, item), completed([item])]
    # only in completed
    SHAPES[f"{name}_completed_only"] = [CREATED, completed([item])]
    # completed only, after a streamed message
    SHAPES[f"{name}_completed_after_msg"] = [CREATED, added(0, msg("msg_1", None)), cpa(0), delta(0, "hi"),
                                             done(0, msg("msg_1", "hi")), completed([msg("msg_1", "hi"), item])]
# reasoning summary deltas after a done reasoning
SHAPES["reasoning_done_then_summary_deltas"] = [
    CREATED, done(0, REASON),
    {"type": "response.reasoning_summary_text.delta", "item_id": "rs_1", "output_index": 0, "summary_index": 0,
     "delta": "think"}, completed([REASON])]
# index reused: message 0 done, then a call at index 0
SHAPES["index_reused"] = [CREATED, added(0, msg("msg_1", None)), cpa(0), delta(0, "hi"), done(0, msg("msg_1", "hi")),
                          added(0, dict(CALL, arguments="")), done(0, CALL), completed([msg("msg_1", "hi"), CALL])]
SHAPES["index_reused_done_first"] = [CREATED, done(0, msg("msg_1", "hi")), done(0, CALL),
                                     completed([msg("msg_1", "hi"), CALL])]
# gap: indexes 0 and 2
SHAPES["gap"] = [CREATED, done(0, msg("msg_1", "a")), done(2, CALL), completed([msg("msg_1", "a"), CALL])]
# completed not last
SHAPES["completed_not_last"] = [CREATED, completed([msg("msg_0", "X")]), added(0, msg("msg_1", None)), cpa(0),
                                delta(0, "hi"), done(0, msg("msg_1", "hi"))]
SHAPES["two_completed"] = [CREATED, completed([msg("msg_0", "X")]), completed([msg("msg_1", "Y")])]
SHAPES["two_completed_same"] = [CREATED, completed([msg("msg_1", "Y")]), completed([msg("msg_1", "Y")])]
# done of a message with two content parts
SHAPES["done_two_parts"] = [CREATED, done(0, dict(msg("msg_1", "a"), content=[
    {"type": "output_text", "annotations": [], "text": "a"}, {"type": "output_text", "annotations": [], "text": "b"}])),
    completed([])]
# done with text differing from deltas, deltas first
SHAPES["done_after_deltas_nodup"] = [CREATED, added(0, msg("msg_1", None)), cpa(0), delta(0, "hi"),
                                     done(0, msg("msg_1", "hi")), done(0, msg("msg_1", "hi")), completed([])]
# done of index 1 arrives before added 0 finished
SHAPES["interleaved_done"] = [CREATED, added(0, msg("msg_1", None)), cpa(0), delta(0, "a"), done(1, CALL),
                              delta(0, "b"), done(0, msg("msg_1", "ab")), completed([])]
# a done of a message with no content
SHAPES["done_empty_msg"] = [CREATED, done(0, msg("msg_1", None)), completed([])]
# a done with a string output_index / negative
SHAPES["done_neg_index"] = [CREATED, done(-1, msg("msg_1", "x")), completed([])]
SHAPES["done_str_index"] = [CREATED, {"type": "response.output_item.done", "output_index": "0",
                                      "item": msg("msg_1", "x")}, completed([])]
SHAPES["done_big_index"] = [CREATED, done(10**30, msg("msg_1", "x")), completed([])]
SHAPES["done_float_index"] = [CREATED, done(0.0, msg("msg_1", "x")), delta(0, "y"), completed([])]
SHAPES["done_bool_index"] = [CREATED, done(True, msg("msg_1", "x")), delta(1, "y"), completed([])]
SHAPES["done_null_item"] = [CREATED, {"type": "response.output_item.done", "output_index": 0, "item": None},
                            delta(0, "y"), completed([])]
SHAPES["done_item_no_type"] = [CREATED, done(0, {"id": "x"}), delta(0, "y"), completed([])]


def main() -> int:
    only = sys.argv[1:]
    bad = 0
    for name, events in SHAPES.items():
        if only and not any(o in name for o in only):
            continue
        frames = [frame(copy.deepcopy(e)) for e in events]
        src = answer("openai", [b"".join(frames)])
        rows = {}
        for dst in DIALECTS:
            for cut, chunks in chunkings(frames).items():
                rows[(dst, cut)] = translated("openai", dst, chunks)
        distinct = {}
        for k, v in rows.items():
            distinct.setdefault(repr(v), []).append(k)
        flag = ""
        if len(distinct) > 1 or any("BARE" in repr(v) for v in rows.values()):
            flag = "  <<<"
        # differs by chunking for a given dst?
        for dst in DIALECTS:
            vals = {repr(rows[(dst, c)]) for c in ("whole", "per event", "1 byte", "random")}
            if len(vals) > 1:
                flag += f" CHUNKING({dst})"
        print(f"{name}: decode {src}{flag}")
        if flag:
            bad += 1
            for v, ks in distinct.items():
                print(f"    {v[:200]}  <- {ks[:4]}{'...' if len(ks) > 4 else ''}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
