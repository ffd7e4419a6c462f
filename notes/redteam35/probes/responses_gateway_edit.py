"""Probe: a gateway decoding a Responses stream, editing its events (text redacted, usage recounted,
a call's arguments changed, or nothing), and encoding it for a Responses client: the item rule
(tests/stream/responses_items_support.item_rule_breaks, ids not compared: lm15 keeps none) and the
openai SDK's reading by output_index."""
from __future__ import annotations
import sys
import msgspec
sys.path.insert(0, ".")
import lmcodec as lc
from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, TextDelta, ToolCallDelta
from tests.stream.responses_items_support import (call, code_call, item_rule_breaks, message, reasoning,
    responses_stream, sdk_rule_breaks, final_output)

def search(n):
    return {"id": f"ws_src{n}", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}
OUTPUTS = {
    "hosted, message": [search(0), message(1, "hello")],
    "message, hosted, message": [message(0, "one"), search(1), message(2, "two")],
    "hosted, reasoning, call": [search(0), reasoning(1, "why"), call(2, '{"a":1}')],
    "code, hosted, message, call": [code_call(0), search(1), message(2, "x"), call(3, "{}")],
}
def edit_none(e): return e
def redact(e):
    if isinstance(e, StreamDeltaEvent) and isinstance(e.delta, TextDelta):
        return msgspec.structs.replace(e, delta=msgspec.structs.replace(e.delta, text="*" * len(e.delta.text)))
    return e
def recount(e):
    if isinstance(e, StreamEndEvent) and e.usage is not None:
        return msgspec.structs.replace(e, usage=msgspec.structs.replace(e.usage, output_tokens=(e.usage.output_tokens or 0) + 1))
    return e
bad = total = 0
for name, output in OUTPUTS.items():
    src = responses_stream(output)
    for edit in (edit_none, redact, recount):
        total += 1
        events = [edit(e) for e in lc.stream.decode("openai", [src])]
        body = b"".join(lc.stream.encode("openai", events))
        rb = item_rule_breaks(body, ids=False)
        try:
            sb = sdk_rule_breaks(body, ids=False)
        except Exception as ex:
            sb = [f"SDK {type(ex).__name__}: {ex}"]
        types = [i.get("type") for i in final_output(body)]
        if rb or sb or sorted(types) != sorted(i["type"] for i in output):
            bad += 1
            print(f"[{name} / {edit.__name__}] rule={rb} sdk={sb} final types={types}")
print(f"{bad} of {total} flagged")
