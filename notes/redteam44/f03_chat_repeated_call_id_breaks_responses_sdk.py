"""F03 (LOW): a stream whose two tool calls carry the same id (`call_1` twice: a backend's or a
proxy's fault; Chat at two indexes, two Gemini functionCalls, two Anthropic tool_use blocks) is translated to Responses with both `function_call`
items under the item id `call_1`; the openai SDK's stream accumulator raises
`RuntimeError("Response snapshot has conflicting output identities.")` mid-stream.

A user runs `lc.stream.translate(src, "openai", chunks)`; the canonical Response of the
same stream holds both calls (lc.assemble), and the Chat, Anthropic and Gemini clients read both.
A Responses client (`client.responses.create(stream=True)` / `responses.stream()`) gets a
RuntimeError instead of an answer. It should get two items with distinct item ids (the call_id
may repeat, as it came), or an lc error event naming the repeated id.

Exit 1 while the openai SDK raises on the written stream, 0 once fixed.
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
from tests.stream.write_support import REQUEST, sdk_responses  # noqa: E402
import openai  # noqa: E402


def chunk(delta: dict, finish: str | None = None) -> bytes:
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
    return b"data: " + json.dumps(c).encode() + b"\n\n"


def call(index: int) -> dict:
    return {"tool_calls": [{"index": index, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}


STREAMS = {
    "openai_chat": chunk({"role": "assistant", "content": None}) + chunk(call(0)) + chunk(call(1)) + chunk({}, "tool_calls") + b"data: [DONE]\n\n",
    "gemini": b"data: " + json.dumps({"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"id": "call_1", "name": "f", "args": {}}}, {"functionCall": {"id": "call_1", "name": "f", "args": {}}}]},
        "finishReason": "STOP", "index": 0}]}).encode() + b"\n\n",
    "anthropic": b"".join(b"event: %s\ndata: %s\n\n" % (e["type"].encode(), json.dumps(e).encode()) for e in [
        {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "c", "content": [],
                                              "stop_reason": None, "usage": {"input_tokens": 1, "output_tokens": 1}}},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "call_1", "name": "f", "input": {}}},
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "call_1", "name": "f", "input": {}}},
        {"type": "content_block_stop", "index": 1},
        {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 2}},
        {"type": "message_stop"}]),
}
wrong = 0
for src, stream in STREAMS.items():
    response = lc.assemble(lc.stream.decode(src, [stream], request=REQUEST), request=REQUEST)
    assert [(p.id, p.name) for p in response.message.parts if isinstance(p, lc.ToolCallPart)] == [("call_1", "f")] * 2
    out = b"".join(lc.stream.translate(src, "openai", [stream], request=REQUEST))
    try:
        calls = [(n, a) for _, n, a in sdk_responses(out)["tool_calls"]]
        ok = calls == [("f", {})] * 2
        print(f"{'ok  ' if ok else 'DIFF'} {src:11} -> openai calls read: {calls}")
    except openai.APIError as exc:
        ok = True
        print(f"ok   {src:11} -> openai: the client gets an error event: {exc}")
    except RuntimeError as exc:
        ok = False
        print(f"RAISE {src:11} -> openai: the openai SDK's accumulator raises: {exc}")
    wrong += not ok
print(f"{wrong} of {len(STREAMS)} sources give a Responses stream the openai SDK cannot read")
sys.exit(1 if wrong else 0)
