"""F06 (HIGH): one OpenAI Chat chunk whose choice ``index`` is a value nested 10,000 deep makes
``lc.stream.translate("openai_chat", ...)`` raise a bare ``RecursionError`` (``maximum recursion depth
exceeded while deserializing an object``) from ``stream/_chat_extras.py::_other_choice``: its
``_indexed_decoder.decode(data)`` catches only msgspec's ValidationError/DecodeError, and msgspec
raises RecursionError past the interpreter's bound. A gateway's upstream (or whoever sits on the
wire) ends the translation with an exception no ``except lc.LmcodecError`` catches; the docs
(docs/hostile-input.md H1) promise a ``StreamDecodeError`` naming the SSE event. Found by fuzz.py,
translate case 827 of seed 50 (a corpus vLLM stream, one chunk's index swapped for deep nesting).
``lc.stream.decode`` / ``Decoder`` / ``adecode`` / ``decode_response`` are checked beside it.

Exits 1 while any of them lets a non-lc exception out, 0 once all raise (or skip) as lc errors."""
from __future__ import annotations

import asyncio
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

DEPTH = 10_000
DEEP = b'{"a":' * DEPTH + b"1" + b"}" * DEPTH
CHUNK = (b'{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":' + DEEP
         + b',"delta":{"content":" can"},"finish_reason":null}]}')
STREAM = (b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,'
          b'"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n'
          b"data: " + CHUNK + b"\n\n"
          b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,'
          b'"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')
BODY = (b'{"id":"c1","object":"chat.completion","created":1,"model":"m","choices":[{"index":' + DEEP
        + b',"message":{"role":"assistant","content":"x"},"finish_reason":"stop"}]}')


async def _adrain() -> list[object]:
    async def src():  # noqa: ANN202
        yield STREAM

    return [e async for e in lc.stream.adecode("openai_chat", src())]


def main() -> int:
    calls = {
        "stream.translate -> openai": lambda: b"".join(lc.stream.translate("openai_chat", "openai", [STREAM])),
        "stream.translate -> anthropic": lambda: b"".join(lc.stream.translate("openai_chat", "anthropic", [STREAM])),
        "stream.translate -> openai_chat": lambda: b"".join(lc.stream.translate("openai_chat", "openai_chat", [STREAM])),
        "stream.decode": lambda: list(lc.stream.decode("openai_chat", [STREAM])),
        "stream.adecode": lambda: asyncio.run(_adrain()),
        "decode_response": lambda: lc.decode_response("openai_chat", BODY),
        "translate_response -> anthropic": lambda: lc.translate_response("openai_chat", "anthropic", BODY),
    }
    bad = 0
    for name, call in calls.items():
        try:
            call()
            print(f"ok   {name}: no error")
        except lc.LmcodecError as exc:
            print(f"ok   {name}: {type(exc).__name__}: {str(exc)[:100]}")
        except Exception as exc:  # noqa: BLE001 - the finding
            bad += 1
            print(f"BARE {name}: {type(exc).__name__}: {str(exc)[:100]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
