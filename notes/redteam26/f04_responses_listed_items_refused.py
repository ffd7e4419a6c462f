"""F04: Responses input items as the API itself lists them are refused in every pair, Responses included.

- a function_call_output with its `id` / `status` (the openai SDK's ResponseInputItemParam
  FunctionCallOutput has both as optional keys; the items of conversations.items.list /
  responses.input_items.list carry them),
- a reasoning item with `content` ([{"type": "reasoning_text", ...}], ResponseReasoningItem.content:
  what a gpt-oss Responses backend returns), replayed with `input += response.output`,
- a `compaction` item (what the API returns with context_management compaction on; the request's
  `context_management` is itself carried to Responses).

Each is a ValidationError naming its path, for openai -> openai too. Exits 1 while openai -> openai
refuses any of them.
"""

import json
import sys

import lmcodec as lc

fn = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
call = {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"}
user = {"role": "user", "content": "go"}
bodies = {
    "function_call_output.status": {"model": "gpt-5", "tools": fn, "input": [
        user, call, {"type": "function_call_output", "call_id": "c1", "output": "ok", "status": "completed"}]},
    "function_call_output.id": {"model": "gpt-5", "tools": fn, "input": [
        user, call, {"type": "function_call_output", "id": "fco_1", "call_id": "c1", "output": "ok"}]},
    "reasoning.content": {"model": "gpt-oss-120b", "input": [user, {
        "type": "reasoning", "id": "rs_1", "summary": [],
        "content": [{"type": "reasoning_text", "text": "think"}]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "hi", "annotations": []}]},
        {"role": "user", "content": "more"}]},
    "compaction": {"model": "gpt-5", "context_management": [{"type": "compaction", "compact_threshold": 100000}],
                   "input": [{"type": "compaction", "id": "cmp_1", "encrypted_content": "ENC"}, user]},
}
refused = 0
for name, body in bodies.items():
    try:
        lc.translate_request("openai", "openai", json.dumps(body).encode())
        print(f"{name}: sent")
    except lc.ValidationError as exc:
        print(f"{name}: REFUSED {exc}")
        refused += 1
if refused:
    print(f"FAIL: {refused} bodies of the API's own item shapes refused openai -> openai")
    sys.exit(1)
print("ok")
