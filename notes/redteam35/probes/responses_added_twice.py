"""Probe: translate("openai", "openai") of Responses sources whose output_item.added comes twice at
one index (other id, other type), or names an id that a later item reuses."""
from __future__ import annotations
import json, sys
sys.path.insert(0, ".")
import lmcodec as lc
from tests.stream.responses_items_support import call, item_rule_breaks, message, responses_stream, sdk_rule_breaks, sse_events, final_output

def sse(e): return f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode()
def twice(output, at, extra_item):
    evs = sse_events(responses_stream(output))
    out, done = [], False
    for e in evs:
        if not done and e["type"] == "response.output_item.added" and e["output_index"] == at:
            out.append({"type": "response.output_item.added", "output_index": at, "item": extra_item, "sequence_number": 0})
            done = True
        out.append(e)
    return b"".join(sse(e) for e in out)
CASES = {
  "message added twice, other id": twice([message(0, "hi")], 0, {"id": "msg_other", "type": "message", "status": "in_progress", "role": "assistant", "content": []}),
  "call id on a message slot": twice([message(0, "hi")], 0, {"id": "fc_x", "type": "function_call", "status": "in_progress", "arguments": "", "call_id": "c", "name": "f"}),
  "message id then call at same index": twice([call(0, "{}")], 0, {"id": "msg_other", "type": "message", "status": "in_progress", "role": "assistant", "content": []}),
}
for name, src in CASES.items():
    try:
        body = b"".join(lc.stream.translate("openai", "openai", [src]))
    except Exception as e:
        print(name, "RAISES", type(e).__name__, e); continue
    try: sb = sdk_rule_breaks(body)
    except Exception as e: sb = f"SDK {type(e).__name__}: {e}"
    added = [(e["output_index"], e["item"]["type"], e["item"].get("id")) for e in sse_events(body) if e["type"] == "response.output_item.added"]
    print(name, "| rule:", item_rule_breaks(body), "| sdk:", sb, "| added:", added, "| final:", [(i["type"], i.get("id")) for i in final_output(body)])
