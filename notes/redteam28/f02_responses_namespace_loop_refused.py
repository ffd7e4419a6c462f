"""F02: Responses -> Responses takes a namespace tool (openai 3.63's NamespaceToolParam) and sends a
function_call_output's `namespace` / `caller` back (rtleft17), but refuses the function_call the
model made with that tool: the API's ResponseFunctionToolCall carries the same `namespace` (and
`caller: {"type": "program", ...}` for a programmatic call), so the client's next request in every
namespaced (or programmatic) tool loop is refused at $.input[i].namespace / .caller, same dialect
included. Exits 1 while a case is refused."""
from __future__ import annotations

import json
import sys

import lmcodec as lc
from openai.types.responses import ResponseFunctionToolCall

SCHEMA = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": False}
NAMESPACE = {"type": "namespace", "name": "crm", "description": "CRM tools",
             "tools": [{"type": "function", "name": "lookup", "parameters": SCHEMA, "strict": True}]}
USER = {"role": "user", "content": "find Ada"}


def call(**extra: object) -> dict:
    """The model's call as the openai SDK reads it from the API (then dumped without its None fields)."""
    item = ResponseFunctionToolCall.model_validate(
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "lookup", "arguments": '{"x":"Ada"}',
         "status": "completed", **extra})
    return item.model_dump(mode="json", exclude_none=True)


CASES = {
    "namespaced call and output": {"model": "gpt-5", "tools": [NAMESPACE], "input": [
        USER, call(namespace="crm"), {"type": "function_call_output", "call_id": "call_1", "output": "Ada: id 7", "namespace": "crm"}]},
    "namespaced call, plain output": {"model": "gpt-5", "tools": [NAMESPACE], "input": [
        USER, call(namespace="crm"), {"type": "function_call_output", "call_id": "call_1", "output": "Ada: id 7"}]},
    "programmatic call and output": {"model": "gpt-5", "tools": [{"type": "function", "name": "lookup", "parameters": SCHEMA}], "input": [
        USER, call(caller={"type": "program", "caller_id": "prog_1"}),
        {"type": "function_call_output", "call_id": "call_1", "output": "Ada: id 7", "caller": {"type": "program", "caller_id": "prog_1"}}]},
}


def main() -> int:
    bad = 0
    first = {"model": "gpt-5", "tools": [NAMESPACE], "input": [USER]}
    out = lc.translate_request("openai", "openai", json.dumps(first).encode())
    print(f"first request (namespace tool declared): sent, tools {json.loads(out.body)['tools'][0]['type']}")
    for name, body in CASES.items():
        try:
            out = lc.translate_request("openai", "openai", json.dumps(body).encode())
        except lc.LmcodecError as exc:
            bad += 1
            print(f"FAIL {name}: refused Responses -> Responses: {exc}")
            continue
        sent = json.loads(out.body)["input"]
        if sent != body["input"]:
            bad += 1
            print(f"FAIL {name}: not sent as written: {json.dumps(sent)[:300]}")
        else:
            print(f"ok {name}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
