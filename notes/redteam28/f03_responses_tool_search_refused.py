"""F03: Responses -> Responses takes openai 3.63's `{"type": "tool_search"}` tool and a namespace
tool whose functions say `defer_loading`, but refuses the rest of the tool-search and programmatic
calling surface the SDK types: a top-level function tool's `defer_loading`, `output_schema`,
`allowed_callers` or `async` (FunctionToolParam), and the `tool_search_call`, `tool_search_output`
and `additional_tools` input items (ResponseInputItemParam). Each is refused at its path, same
dialect included, while the same keys inside a namespace tool go as sent. Exits 1 while any is
refused Responses -> Responses."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

SCHEMA = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"], "additionalProperties": False}
FN = {"type": "function", "name": "lookup", "parameters": SCHEMA, "strict": True}
USER = {"role": "user", "content": "find Ada"}
SEARCH = {"type": "tool_search"}
CASES = {
    "namespace tool, deferred function (control)": {"tools": [SEARCH, {"type": "namespace", "name": "crm", "description": "CRM",
                                                                      "tools": [{**FN, "defer_loading": True}]}], "input": [USER]},
    "function tool defer_loading": {"tools": [SEARCH, {**FN, "defer_loading": True}], "input": [USER]},
    "function tool output_schema": {"tools": [{**FN, "output_schema": {"type": "object"}}], "input": [USER]},
    "function tool allowed_callers": {"tools": [{**FN, "allowed_callers": ["direct"]}], "input": [USER]},
    "function tool async": {"tools": [{**FN, "async": False}], "input": [USER]},
    "tool_search_call + tool_search_output items": {"tools": [SEARCH, {**FN, "defer_loading": True}], "input": [
        USER,
        {"type": "tool_search_call", "id": "ts_1", "call_id": "tsc_1", "arguments": {"query": "crm"}, "execution": "client", "status": "completed"},
        {"type": "tool_search_output", "call_id": "tsc_1", "execution": "client", "tools": [FN]}]},
    "additional_tools item": {"tools": [], "input": [USER, {"type": "additional_tools", "role": "developer", "tools": [FN]}]},
}


def main() -> int:
    bad = 0
    for name, parts in CASES.items():
        body = {"model": "gpt-5", **parts}
        try:
            out = lc.translate_request("openai", "openai", json.dumps(body).encode())
        except lc.LmcodecError as exc:
            bad += 1
            print(f"FAIL {name}: refused Responses -> Responses: {exc}")
            continue
        sent = json.loads(out.body)
        # (the user message goes in the builder's block form: its items after it and the tools are compared)
        same = sent["input"][1:] == body["input"][1:] and sent.get("tools", []) == body["tools"]
        print(f"{'ok' if same else 'FAIL'} {name}: sent{' as written' if same else ' changed'}")
        bad += not same
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
