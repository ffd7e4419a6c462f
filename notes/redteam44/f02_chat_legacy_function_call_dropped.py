"""F02 (MEDIUM): a Chat Completions answer in the legacy `function_call` form (a backend sent
`functions=`: OpenAI still serves it) is translated with the call silently gone, as a plain `stop`.

A user runs `lc.stream.translate("openai_chat", dst, chunks)` (or `lc.translate_response` for a
body) on an answer whose call is `delta.function_call` / `message.function_call`. The openai SDK
reading the source reports `message.function_call` f({"a": 1}), finish `function_call`. The client
gets an empty answer ending `stop` / `end_turn` / `STOP` / `completed` in every dialect, the same
dialect included for a stream (a body to Chat is kept verbatim). It should get the call (as a
tool call, or the legacy form to a Chat client), or, as for a Chat audio answer
(docs/writers.md), an error event naming what its dialect cannot carry, never a silent empty answer.

Exit 1 while any translation loses the call, 0 once fixed.
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
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lmcodec as lc  # noqa: E402
from tests.stream.write_support import REQUEST, chat_completion, sdk_responses  # noqa: E402
from tests.providers.sdk_readers import sdk_anthropic, sdk_gemini  # noqa: E402
from _bodies import sdk_body  # noqa: E402
import anthropic  # noqa: E402
import openai  # noqa: E402
from google.genai import errors as genai_errors  # noqa: E402

CLIENT_ERRORS = (openai.APIError, anthropic.APIError, genai_errors.APIError)


def chunk(delta: dict, finish: str | None = None) -> bytes:
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
    return b"data: " + json.dumps(c).encode() + b"\n\n"


STREAM = (chunk({"role": "assistant", "content": None}) + chunk({"function_call": {"name": "f", "arguments": ""}})
          + chunk({"function_call": {"arguments": '{"a":1}'}}) + chunk({}, "function_call") + b"data: [DONE]\n\n")
BODY = json.dumps({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o",
                   "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "refusal": None,
                                                        "function_call": {"name": "f", "arguments": '{"a":1}'}},
                                "logprobs": None, "finish_reason": "function_call"}],
                   "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}}).encode()
WANT = ("f", {"a": 1})


def chat_calls(message) -> list:
    calls = [(t.function.name, json.loads(t.function.arguments or "{}")) for t in message.tool_calls or []]
    if message.function_call is not None:
        calls.append((message.function_call.name, json.loads(message.function_call.arguments or "{}")))
    return calls


def stream_calls(dst: str, out: bytes) -> list:
    if dst == "openai_chat":
        return chat_calls(chat_completion(out).choices[0].message)
    read = {"openai": sdk_responses, "anthropic": sdk_anthropic, "gemini": sdk_gemini}[dst]
    return [(n, a) for _, n, a in read(out)["tool_calls"]]


assert stream_calls("openai_chat", STREAM) == [WANT]  # the openai SDK reads the source's call
wrong = total = 0
for dst in ("openai_chat", "openai", "anthropic", "gemini"):
    total += 1
    try:
        out = b"".join(lc.stream.translate("openai_chat", dst, [STREAM], request=REQUEST))
        got = stream_calls(dst, out)
        ok = got == [WANT]
    except CLIENT_ERRORS as exc:  # an error event the client's SDK raises is a right answer too
        got, ok = f"raised {type(exc).__name__}", True
    wrong += not ok
    print(f"{'ok  ' if ok else 'LOST'} stream openai_chat -> {dst:11} calls={got}")
for dst in ("openai", "anthropic", "gemini"):
    total += 1
    try:
        out = lc.translate_response("openai_chat", dst, BODY, request=REQUEST)
        got = sdk_body(dst, out)["calls"]
        ok = got == [WANT]
    except lc.LmcodecError as exc:
        got, ok = f"refused {type(exc).__name__}", True
    wrong += not ok
    print(f"{'ok  ' if ok else 'LOST'} body   openai_chat -> {dst:11} calls={got}")
print(f"{wrong} of {total} translations drop the legacy function_call")
sys.exit(1 if wrong else 0)
