"""F04 (LOW): a Chat stream that sends a tool call's name in two fragments (`"get_"` then
`"weather"`, as some OpenAI-compatible servers stream it) is translated with the first fragment as
the name (`get_`), while `lc.assemble` of the same stream names the call `weather` (lm15's reading:
the last fragment) and the openai SDK's own accumulator `get_weather` (it joins string fragments).

A user running `lc.stream.translate("openai_chat", dst, chunks)` hands every client (the Chat one
included) a call of a tool named `get_`, which names no tool it declared; `lc.assemble` of the
same bytes says `weather`. Translate should write the name the canonical Response holds (or
the joined name), not a third one.

Exit 1 while a written stream names the call differently from lc.assemble of its source.
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
from tests.stream.write_support import REQUEST, chat_completion  # noqa: E402


def chunk(delta: dict, finish: str | None = None) -> bytes:
    c = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
         "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}]}
    return b"data: " + json.dumps(c).encode() + b"\n\n"


STREAM = (chunk({"role": "assistant", "content": None})
          + chunk({"tool_calls": [{"index": 0, "id": "c", "type": "function", "function": {"name": "get_", "arguments": ""}}]})
          + chunk({"tool_calls": [{"index": 0, "function": {"name": "weather", "arguments": "{}"}}]})
          + chunk({}, "tool_calls") + b"data: [DONE]\n\n")


def names(dst: str, body: bytes) -> list[str]:
    r = lc.assemble(lc.stream.decode(dst, [body], request=REQUEST), request=REQUEST)
    return [p.name for p in r.message.parts if isinstance(p, lc.ToolCallPart)]


print("openai SDK reads the source as:", [t.function.name for t in chat_completion(STREAM).choices[0].message.tool_calls])
canonical = names("openai_chat", STREAM)
print("lc.assemble of the source:", canonical)
wrong = 0
for dst in ("openai_chat", "openai", "anthropic", "gemini"):
    out = b"".join(lc.stream.translate("openai_chat", dst, [STREAM], request=REQUEST))
    got = names(dst, out)
    wrong += got != canonical
    print(f"{'ok  ' if got == canonical else 'DIFF'} openai_chat -> {dst:11} written name {got}")
print(f"{wrong} of 4 translations name the call differently from the source's Response")
sys.exit(1 if wrong else 0)
