"""F02 (MEDIUM): a Chat stream that carries a `tool_calls` call and a legacy `delta.function_call`
is translated to Responses, Anthropic and Gemini clients as one merged call.

A user runs `lc.stream.translate("openai_chat", dst, chunks)` on a Chat stream with
`tool_calls[0] = g({"b": 2})` (id call_a) and a legacy `function_call f({"a": 1})`. The openai SDK
reads both: `message.tool_calls = [g {"b":2}]` and `message.function_call = f {"a":1}` (a Chat
client of translate gets both too). rtfix50 hands the legacy fragments to the other writers as a
`tool_calls` entry at index 0, the slot the real call already holds, so the fragments join:
Anthropic gets `g` called with `{"a": 1}` (f's arguments: a wrong call run silently), Gemini a call
whose args are `{"partial_json": "{\"b\":2}{\"a\":1}"}`, and the openai SDK fails on the Responses
stream (JSONDecodeError "Extra data"). Should get: both calls, g({"b":2}) and f({"a":1}) (or an error
event), as the SDK reads the source.

Exit 1 while any of the three clients gets other calls, 0 once fixed. Since rtfix50 (25201998) for
the merge; on d88c780 the legacy call was dropped (red team 44 F02), so it exits 1 there too.
"""
from __future__ import annotations

import json
import sys

import anthropic
import openai
from google.genai import errors as genai_errors

from _h import READ, REQUEST, lc
from tests.stream.write_support import chat_completion

CLIENT_ERRORS = (openai.APIError, anthropic.APIError, genai_errors.APIError)


def chunk(delta: dict, finish: str | None = None) -> bytes:
    return ("data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}) + "\n\n").encode()


BODY = (
    chunk({"role": "assistant", "content": None})
    + chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function",
                             "function": {"name": "g", "arguments": '{"b":2}'}}]})
    + chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}})
    + chunk({}, "tool_calls")
    + b"data: [DONE]\n\n"
)
WANT = sorted([("g", {"b": 2}), ("f", {"a": 1})], key=repr)

message = chat_completion(BODY).choices[0].message
seen = [(c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []]
seen.append((message.function_call.name, json.loads(message.function_call.arguments)))
assert sorted(seen, key=repr) == WANT, seen

wrong = 0
for dst in ("openai", "anthropic", "gemini"):
    out = b"".join(lc.stream.translate("openai_chat", dst, [BODY], request=REQUEST))
    try:
        got = READ[dst](out)
    except CLIENT_ERRORS as exc:
        print(f"ok    openai_chat -> {dst:9} the client gets an error: {exc}")
        continue
    except Exception as exc:  # the client's SDK cannot read the stream
        wrong += 1
        print(f"WRONG openai_chat -> {dst:9} the client SDK raises {type(exc).__name__}: {exc}")
        continue
    calls = sorted([(n, a) for _, n, a in got["tool_calls"]], key=repr)
    ok = calls == WANT
    wrong += not ok
    print(f"{'ok   ' if ok else 'WRONG'} openai_chat -> {dst:9} calls={calls}")
print(f"{wrong} of 3 clients do not get the two calls the openai SDK reads in the source")
sys.exit(1 if wrong else 0)
