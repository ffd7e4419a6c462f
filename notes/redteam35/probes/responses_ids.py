"""Probe: translate("openai", "openai") item ids and places (rtleft22) on odd Responses sources."""
from __future__ import annotations
import json, sys
sys.path.insert(0, ".")
import lmcodec as lc
from tests.stream.responses_items_support import (BASE, call, code_call, item_rule_breaks, message,
    reasoning, responses_stream, sdk_rule_breaks, final_output, sse_events)

def two_parts(n):
    m = message(n, "ab")
    m["content"] = [m["content"][0], {"type": "output_text", "annotations": [], "logprobs": [], "text": "cd"}]
    return m
def refusal_too(n):
    m = message(n, "ab")
    m["content"] = [m["content"][0], {"type": "refusal", "refusal": "no"}]
    return m
def renamed(item, new):
    return {**item, "id": new}
def search(n):
    return {"id": f"ws_src{n}", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}

CASES = {
 "hosted between and after messages": [message(0, "one"), search(1), message(2, "two"), code_call(3), call(4, '{"a":1}')],
 "hosted first, reasoning, call, message": [search(0), reasoning(1, "think"), call(2, "{}"), message(3, "hi")],
 "duplicate message ids": [message(0, "one"), renamed(message(1, "two"), "msg_src0")],
 "call id equal to a message id": [message(0, "one"), renamed(call(1, "{}"), "msg_src0")],
 "non-string message id": [renamed(message(0, "one"), 5), search(1), message(2, "x")],
 "empty-string id": [renamed(message(0, "one"), ""), search(1)],
 "message with two text parts": [search(0), two_parts(1)],

 "two hosted then message": [search(0), code_call(1), message(2, "x")],
 "reasoning empty summary then message": [reasoning(0, ""), search(1), message(2, "x")],
}
STATUS = {"completed": {}, "incomplete": {"status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}},
          "failed": {"status": "failed", "error": {"code": "server_error", "message": "x"}}}
bad = total = 0
for name, output in CASES.items():
    for st, extra in STATUS.items():
        src = responses_stream(output, dict(BASE, **extra))
        total += 1
        try:
            body = b"".join(lc.stream.translate("openai", "openai", [src]))
        except Exception as e:
            print(f"[{name}/{st}] RAISES {type(e).__name__}: {e}"); bad += 1; continue
        rb = item_rule_breaks(body)
        try:
            sb = sdk_rule_breaks(body)
        except Exception as e:
            sb = [f"SDK {type(e).__name__}: {str(e)[:150]}"]
        src_ids = [(i.get("type"), i.get("id")) for i in output]
        out_ids = [(i.get("type"), i.get("id")) for i in final_output(body)] if any(e["type"].startswith("response.") and e["type"] in ("response.completed","response.incomplete","response.failed") for e in sse_events(body)) else None
        try:
            out_ids = [(i.get("type"), i.get("id")) for e in sse_events(body) if e["type"] in ("response.completed", "response.incomplete", "response.failed") for i in e["response"]["output"]]
        except Exception:
            pass
        flag = rb or sb or (out_ids is not None and sorted(map(str, out_ids)) != sorted(map(str, src_ids)))
        if flag:
            bad += 1
            print(f"[{name}/{st}] rule={rb} sdk={sb}\n    source={src_ids}\n    final ={out_ids}")
print(f"{bad} of {total} flagged")
