"""`input += response.output` loops of real openai SDK objects (Response.model_validate of the API's
output items, nulls included), sent three ways (the SDK objects themselves through the SDK,
model_dump(), model_dump(exclude_none=True)), then lc.translate_request("openai", X, body) for every X:
an lc error or a body; to Responses every replayed item back as sent."""

from __future__ import annotations

import json
import sys
from typing import Any

sys.path.insert(0, "notes/redteam29")
from _sdk import responses_body  # noqa: E402

import lmcodec as lc  # noqa: E402
from openai.types.responses import Response  # noqa: E402

REASONING = {"id": "rs_1", "type": "reasoning", "summary": [{"type": "summary_text", "text": "thinking"}],
             "encrypted_content": "gAAAA", "status": None, "content": None}
REASONING_PLAIN = {"id": "rs_2", "type": "reasoning", "summary": [], "encrypted_content": None, "status": None}
MESSAGE = {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed",
           "content": [{"type": "output_text", "text": "Hello", "annotations": [], "logprobs": []}]}
MESSAGE_CITED = {"id": "msg_2", "type": "message", "role": "assistant", "status": "completed",
                 "content": [{"type": "output_text", "text": "See x", "annotations": [
                     {"type": "url_citation", "start_index": 0, "end_index": 3, "url": "https://x.y", "title": "x"}],
                     "logprobs": []}]}
MESSAGE_REFUSAL = {"id": "msg_3", "type": "message", "role": "assistant", "status": "completed",
                   "content": [{"type": "refusal", "refusal": "no"}]}
CALL = {"id": "fc_1", "type": "function_call", "call_id": "call_1", "name": "get", "arguments": "{\"a\":1}",
        "status": "completed"}
CALL2 = {"id": "fc_2", "type": "function_call", "call_id": "call_2", "name": "get", "arguments": "{}",
         "status": "completed"}

SCENARIOS: dict[str, list[dict[str, Any]]] = {
    "reasoning+call": [REASONING, CALL],
    "reasoning+2calls": [REASONING, CALL, CALL2],
    "plain reasoning+message": [REASONING_PLAIN, MESSAGE],
    "reasoning+message": [REASONING, MESSAGE],
    "cited message": [MESSAGE_CITED],
    "refusal": [MESSAGE_REFUSAL],
    "message+call": [MESSAGE, CALL],
}


def response_of(items: list[dict[str, Any]]) -> Response:
    return Response.model_validate({
        "id": "resp_1", "object": "response", "created_at": 1, "model": "gpt-5", "output": items,
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "status": "completed",
    })


def bodies(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    resp = response_of(items)
    calls = [o for o in resp.output if o.type == "function_call"]
    tail = [{"type": "function_call_output", "call_id": c.call_id, "output": "42"} for c in calls]
    if not calls:
        tail = [{"role": "user", "content": "again"}]
    tools = [{"type": "function", "name": "get", "parameters": {"type": "object", "properties": {}}, "strict": False}]
    head = [{"role": "user", "content": "hi"}]
    out = {}
    for how, replay in (("objects", list(resp.output)),
                        ("model_dump", [o.model_dump() for o in resp.output]),
                        ("exclude_none", [o.model_dump(exclude_none=True) for o in resp.output])):
        out[how] = responses_body(model="gpt-5", input=head + replay + tail, tools=tools)
    return out


def norm(item: dict[str, Any]) -> dict[str, Any]:
    """A user message's string content as its one input_text block (the same input)."""
    if item.get("role") == "user" and isinstance(item.get("content"), str):
        return {**item, "content": [{"type": "input_text", "text": item["content"]}]}
    return item


def main() -> int:
    bad = 0
    for name, items in SCENARIOS.items():
        for how, body in bodies(items).items():
            raw = json.dumps(body).encode()
            for dst in ("openai", "openai_chat", "anthropic", "gemini"):
                try:
                    built = lc.translate_request("openai", dst, raw)
                except lc.LmcodecError as exc:
                    print(f"{name} [{how}] -> {dst}: {type(exc).__name__}: {exc}")
                    continue
                except Exception as exc:  # noqa: BLE001
                    bad += 1
                    print(f"BARE {name} [{how}] -> {dst}: {type(exc).__name__}: {exc}")
                    continue
                if dst == "openai":
                    sent = [norm(i) for i in json.loads(built.body)["input"]]
                    if sent != [norm(i) for i in body["input"]] and name != "cited message":
                        bad += 1
                        print(f"CHANGED {name} [{how}] -> openai\n  client {json.dumps(body['input'])}\n  sent   {json.dumps(sent)}\n  notes  {[(a.field, a.action) for a in built.adaptations]}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
