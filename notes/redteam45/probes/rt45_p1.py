import os, sys; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
import traceback
# reasoning streamed (added/done), message + call only in completed
shapes = {
 "reasoning_added_then_completed_only": CREATED
   + sse({"type": "response.output_item.added", "output_index": 0, "item": dict(RSN, status="in_progress"), "sequence_number": 1})
   + sse({"type": "response.output_item.done", "output_index": 0, "item": RSN, "sequence_number": 2})
   + completed([RSN, MSG, CALL]),
 "msg_streamed_call_completed_only": CREATED
   + sse({"type": "response.output_item.added", "output_index": 0, "item": dict(MSG, content=[], status="in_progress"), "sequence_number": 1})
   + sse({"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "item_id": "msg_1", "delta": "hi", "sequence_number": 2, "logprobs": []})
   + sse({"type": "response.output_item.done", "output_index": 0, "item": MSG, "sequence_number": 3})
   + completed([MSG, CALL]),
 "done_no_index": CREATED
   + sse({"type": "response.output_item.done", "item": MSG, "sequence_number": 1})
   + completed([MSG]),
 "done_twice_same_index": CREATED
   + sse({"type": "response.output_item.done", "output_index": 0, "item": MSG, "sequence_number": 1})
   + sse({"type": "response.output_item.done", "output_index": 0, "item": MSG, "sequence_number": 2})
   + completed([MSG]),
 "same_item_two_indexes": CREATED
   + sse({"type": "response.output_item.done", "output_index": 0, "item": CALL, "sequence_number": 1})
   + sse({"type": "response.output_item.done", "output_index": 1, "item": CALL, "sequence_number": 2})
   + completed([CALL, CALL]),
 "call_int_ids": CREATED
   + sse({"type": "response.output_item.done", "output_index": 0, "item": dict(CALL, id=5, call_id=7, name=3, arguments={"a":1}), "sequence_number": 1})
   + completed([]),
 "call_noname": CREATED
   + sse({"type": "response.output_item.done", "output_index": 0, "item": dict(CALL, name=None), "sequence_number": 1})
   + completed([]),
 "msg_neg_index": CREATED
   + sse({"type": "response.output_item.done", "output_index": -1, "item": MSG, "sequence_number": 1})
   + completed([]),
 "msg_huge_index": CREATED
   + sse({"type": "response.output_item.done", "output_index": 10**30, "item": MSG, "sequence_number": 1})
   + completed([]),
 "done_call_then_added_call_same_index": CREATED
   + sse({"type": "response.output_item.done", "output_index": 0, "item": CALL, "sequence_number": 1})
   + sse({"type": "response.output_item.added", "output_index": 0, "item": dict(CALL, arguments=""), "sequence_number": 2})
   + sse({"type": "response.function_call_arguments.delta", "output_index": 0, "item_id": "fc_1", "delta": '{"a":1}', "sequence_number": 3})
   + completed([CALL]),
}
for name, body in shapes.items():
    try:
        src = sdk_responses(body)
        print(f"== {name}: SDK source text={src['text']!r} calls={[(n,a) for _,n,a in src['tool_calls']]}")
    except Exception as e:
        print(f"== {name}: SDK source raises {type(e).__name__}: {str(e)[:120]}")
    for dst, read in READ.items():
        try:
            out = translate(dst, body)
        except Exception as e:
            print(f"   {dst:11} translate raises {type(e).__module__}.{type(e).__name__}: {str(e)[:150]}")
            continue
        try:
            got = read(out)
            print(f"   {dst:11} text={got['text']!r} calls={[(n,a) for _,n,a in got['tool_calls']]} fin={got['finish_reason']}")
        except Exception as e:
            print(f"   {dst:11} client SDK raises {type(e).__name__}: {str(e)[:150]}")
