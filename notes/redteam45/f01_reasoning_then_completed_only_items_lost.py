"""F01 (MEDIUM): a Responses stream that streams a reasoning item and then sends its message and
function_call only in `response.completed` is translated as an empty answer for every client.

A user runs `lc.stream.translate("openai", dst, chunks)` on a reasoning model's stream from a
Responses-compatible server that does not stream deltas: `output_item.added` / `.done` of the
reasoning item, then `response.completed` whose `output` holds [reasoning, message "hi", call
f({"a": 1})]. The openai SDK reading the source reports the text and the call. Every client gets
`text=''`, no call, finish `stop`. rtfix50's `ForeignItems.refused` hands on completed-only items
only `if not self._added`, and `_foreign` adds a *reasoning* item's index to `_added` too, so one
streamed reasoning item (the usual head of a reasoning model's answer) turns the F01 fix off. The
same holds for a streamed message followed by a call only in `response.completed` (not in this
reproducer: the openai SDK itself raises IndexError on that shape).

Exit 1 while any destination loses them, 0 once fixed. Since rtfix50 (46fbc9b) for the fix's gap;
on d88c780 every completed-only item was lost (red team 44 F01), so it exits 1 there too (older).
"""
from __future__ import annotations

import sys

from _h import CALL, CREATED, MSG, READ, RSN, completed, sdk_responses, sse, translate

BODY = (
    CREATED
    + sse({"type": "response.output_item.added", "output_index": 0, "item": dict(RSN, status="in_progress"), "sequence_number": 1})
    + sse({"type": "response.output_item.done", "output_index": 0, "item": RSN, "sequence_number": 2})
    + completed([RSN, MSG, CALL])
)

source = sdk_responses(BODY)
assert source["text"] == "hi" and [(n, a) for _, n, a in source["tool_calls"]] == [("f", {"a": 1})], source
wrong = 0
for dst, read in READ.items():
    got = read(translate(dst, BODY))
    calls = [(n, a) for _, n, a in got["tool_calls"]]
    ok = got["text"] == "hi" and calls == [("f", {"a": 1})]
    wrong += not ok
    print(f"{'ok  ' if ok else 'LOST'} openai -> {dst:11} text={got['text']!r} calls={calls} finish={got['finish_reason']}")
print(f"{wrong} of {len(READ)} clients lose the text and call the openai SDK reads in the source")
sys.exit(1 if wrong else 0)
