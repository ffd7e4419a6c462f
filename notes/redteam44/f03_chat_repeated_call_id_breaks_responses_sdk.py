"""F03 (LOW): a Chat stream whose two tool calls carry the same id (`call_1` at index 0 and at
index 1: a backend's or a proxy's fault) is translated to Responses with both `function_call`
items under the item id `call_1`; the openai SDK's stream accumulator raises
`RuntimeError("Response snapshot has conflicting output identities.")` mid-stream.

A user runs `lc.stream.translate("openai_chat", "openai", chunks)`; the canonical Response of the
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


STREAM = chunk({"role": "assistant", "content": None}) + chunk(call(0)) + chunk(call(1)) + chunk({}, "tool_calls") + b"data: [DONE]\n\n"
response = lc.assemble(lc.stream.decode("openai_chat", [STREAM], request=REQUEST), request=REQUEST)
assert [(p.id, p.name) for p in response.message.parts if isinstance(p, lc.ToolCallPart)] == [("call_1", "f")] * 2
out = b"".join(lc.stream.translate("openai_chat", "openai", [STREAM], request=REQUEST))
try:
    got = sdk_responses(out)
except openai.APIError as exc:
    print("ok: the client gets an error event:", exc)
    sys.exit(0)
except RuntimeError as exc:
    print("the openai SDK's accumulator raises on the written stream:", exc)
    sys.exit(1)
calls = [(n, a) for _, n, a in got["tool_calls"]]
print("calls read:", calls)
sys.exit(0 if calls == [("f", {})] * 2 else 1)
