"""F01 (MEDIUM): a Responses stream whose message / function_call items arrive only whole (in
`response.output_item.done` and the final `response.completed`, no `.added` / delta events) is
translated as an empty answer, the same dialect included: the client gets no text and no call.

A user runs `lc.stream.translate("openai", dst, chunks)` on such a stream (a Responses-compatible
server that does not stream deltas). The openai SDK reading the source stream itself reports the
text "hi" and the call f({"a": 1}) (`response.completed.output`). The client of every dialect gets
an answer with neither (Responses: `output: []`; Chat: `content: ""`, finish `stop`). It should get
the text and the call, as the translate path already hands on items lm15 does not read
(stream/_foreign_items.py), or an error event rather than a silent empty answer.

Exit 1 while any destination loses them, 0 once fixed.
"""
from __future__ import annotations

import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402
from tests.stream.write_support import REQUEST, sdk_chat, sdk_responses  # noqa: E402
from tests.providers.sdk_readers import sdk_anthropic, sdk_gemini  # noqa: E402
import anthropic  # noqa: E402
import openai  # noqa: E402
from google.genai import errors as genai_errors  # noqa: E402

CLIENT_ERRORS = (openai.APIError, anthropic.APIError, genai_errors.APIError)


def sse(event: dict) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


BASE = {"id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress", "error": None,
        "incomplete_details": None, "model": "gpt-5", "output": [], "usage": None,
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
USAGE = {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 7,
         "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 12}
MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
CALL = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f", "arguments": '{"a":1}'}
CREATED = sse({"type": "response.created", "response": BASE, "sequence_number": 0})
COMPLETED = sse({"type": "response.completed", "response": dict(BASE, status="completed", output=[MSG, CALL], usage=USAGE), "sequence_number": 3})
STREAMS = {
    "done_only": CREATED
    + sse({"type": "response.output_item.done", "output_index": 0, "item": MSG, "sequence_number": 1})
    + sse({"type": "response.output_item.done", "output_index": 1, "item": CALL, "sequence_number": 2})
    + COMPLETED,
    "completed_only": CREATED + COMPLETED,
}
READ = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}

wrong = 0
total = 0
for shape, body in STREAMS.items():
    source = sdk_responses(body)
    assert source["text"] == "hi" and [(n, a) for _, n, a in source["tool_calls"]] == [("f", {"a": 1})], source
    for dst, read in READ.items():
        total += 1
        out = b"".join(lc.stream.translate("openai", dst, [body], request=REQUEST))
        try:
            got = read(out)
        except CLIENT_ERRORS as exc:  # an error event the client's SDK raises is a right answer too
            print(f"ok   {shape:14} openai -> {dst:11} the client gets an error: {exc}")
            continue
        calls = [(n, a) for _, n, a in got["tool_calls"]]
        ok = got["text"] == "hi" and calls == [("f", {"a": 1})]
        wrong += not ok
        print(f"{'ok  ' if ok else 'LOST'} {shape:14} openai -> {dst:11} text={got['text']!r} calls={calls} finish={got['finish_reason']}")
print(f"{wrong} of {total} translations lose the text and call the openai SDK reads in the source")
sys.exit(1 if wrong else 0)
