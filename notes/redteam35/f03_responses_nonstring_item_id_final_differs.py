"""Red team 35 F03: lc.stream.translate("openai", "openai", ...) of a Responses source whose message
item's id is an empty string or not a string (a Responses-compatible backend's value): the events
name the item by an id the writer mints (msg_<token>0000), while response.completed, the backend's
final response written verbatim, names it "" / 5. The openai SDK's responses.stream() then gives
an output_item.done whose item.id differs from get_final_response().output[0].id, the rule
docs/writers.md states for this round's fix (red team 32 F02: one id and one position per item
across its events and response.completed). With status "incomplete" or "failed" the final is
rebuilt and both name the minted id.

Exits 1 while any case's events and final response name the item differently, 0 once they agree.
Run: PYTHONPATH=src /work/venv/bin/python -W ignore notes/redteam35/f03_responses_nonstring_item_id_final_differs.py"""
from __future__ import annotations

import json
import sys
import warnings
from typing import Any

import httpx
import openai

import lmcodec as lc

warnings.simplefilter("ignore")
BASE: dict[str, Any] = {"id": "resp_1", "object": "response", "created_at": 1776091481, "status": "completed",
                        "error": None, "incomplete_details": None, "model": "gpt-5", "parallel_tool_calls": True,
                        "tool_choice": "auto", "tools": [],
                        "usage": {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 7,
                                  "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 12}}


def source(item_id: Any) -> bytes:
    part = {"type": "output_text", "annotations": [], "logprobs": [], "text": "hello"}
    item = {"id": item_id, "type": "message", "status": "completed", "role": "assistant", "content": [part]}
    at = {"item_id": item_id, "output_index": 0, "content_index": 0}
    events = [
        {"type": "response.created", "response": dict(BASE, status="in_progress", output=[], usage=None)},
        {"type": "response.output_item.added", "output_index": 0, "item": dict(item, status="in_progress", content=[])},
        {"type": "response.content_part.added", **at, "part": dict(part, text="")},
        {"type": "response.output_text.delta", **at, "delta": "hello", "logprobs": []},
        {"type": "response.output_text.done", **at, "text": "hello", "logprobs": []},
        {"type": "response.content_part.done", **at, "part": part},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.completed", "response": dict(BASE, output=[item])},
    ]
    return b"".join(f"event: {e['type']}\ndata: {json.dumps({**e, 'sequence_number': n})}\n\n".encode()
                    for n, e in enumerate(events))


def sdk_ids(body: bytes) -> tuple[list[Any], list[Any]]:
    transport = httpx.MockTransport(lambda r: httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body))
    client = openai.OpenAI(api_key="k", base_url="http://sdk.test/v1", http_client=httpx.Client(transport=transport))
    done = []
    with client.responses.stream(model="gpt-5", input="hi") as stream:
        for event in stream:
            if event.type == "response.output_item.done":
                done.append(event.item.id)
        final = stream.get_final_response()
    return done, [item.id for item in final.output]


def main() -> int:
    differ = 0
    for item_id in ("", 5):
        body = b"".join(lc.stream.translate("openai", "openai", [source(item_id)]))
        done, final = sdk_ids(body)
        differ += done != final
        print(f"source id {item_id!r}: output_item.done ids {done}, get_final_response().output ids {final}")
    print(f"{differ} of 2 streams name the item differently in their events and final response")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
