"""Red team 36 F03: rtfix40's fix of red team 35 F03 (a Responses final item whose own id is no
non-empty string takes the events' id) leaves function calls out. lc.stream.translate("openai",
"openai", ...) (and lc.stream.encode("openai", lc.stream.decode("openai", ...))) of a Responses
source whose function_call item's id is "", 5 or [] writes the call's events with no id (the
writer names the call by its call_id), while response.completed keeps the backend's "" / 5 / []:
the openai SDK's responses.stream() gives output_item.done item.id None and
get_final_response().output[0].id "" / 5 / [] (its type says str | None). docs/writers.md's rule
(red team 32 F02, red team 35 F03): one id per item across its events and response.completed.

Exits 1 while any case's events and final response name the call differently, 0 once they agree.
Run: PYTHONPATH=src /work/venv/bin/python -W ignore notes/redteam36/f03_responses_function_call_nonstring_id_final_differs.py"""
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
    item = {"id": item_id, "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f",
            "arguments": '{"a":1}'}
    at = {"item_id": item_id, "output_index": 0}
    events = [
        {"type": "response.created", "response": dict(BASE, status="in_progress", output=[], usage=None)},
        {"type": "response.output_item.added", "output_index": 0, "item": dict(item, status="in_progress", arguments="")},
        {"type": "response.function_call_arguments.delta", **at, "delta": '{"a":1}'},
        {"type": "response.function_call_arguments.done", **at, "arguments": '{"a":1}'},
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
    differ = cases = 0
    for item_id in ("", 5, []):
        src = source(item_id)
        for how, body in (
            ("translate", b"".join(lc.stream.translate("openai", "openai", [src]))),
            ("encode(decode)", b"".join(lc.stream.encode("openai", lc.stream.decode("openai", [src])))),
        ):
            done, final = sdk_ids(body)
            cases += 1
            differ += done != final
            print(f"call id {item_id!r}, {how}: output_item.done ids {done}, get_final_response().output ids {final}")
    print(f"{differ} of {cases} streams name the call differently in their events and final response")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
