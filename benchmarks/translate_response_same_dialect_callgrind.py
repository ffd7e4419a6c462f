"""Callgrind instructions of ``lc.translate_response(d, d, body)`` for each dialect (red team 36
F05: a same-dialect body is passed on as sent once read, where it was encoded again to check that
it reads back as itself, or rebuilt). One text answer naming its model, its text 2,000 characters.
Each dialect runs once to warm up, then (after a ``gc.collect()``) once between two ``os.getppid``
markers; ``PYTHONHASHSEED=0``. The tree measured is the ``lmcodec`` on ``PYTHONPATH``.

Run: python3 benchmarks/translate_response_same_dialect_callgrind.py
"""

from __future__ import annotations

import gc
import json
import os
import sys
from typing import Any

from callgrind_support import marked_dumps, total

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
TEXT = "word " * 400
USAGE = {"input_tokens": 5, "output_tokens": 400}
BODIES: dict[str, dict[str, Any]] = {
    "openai": {
        "id": "resp_1", "object": "response", "created_at": 1, "status": "completed", "model": "gpt-4.1",
        "output": [{"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": TEXT, "annotations": []}]}],
        "usage": {**USAGE, "total_tokens": 405},
    },
    "openai_chat": {
        "id": "c1", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": TEXT}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 400, "total_tokens": 405},
    },
    "anthropic": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
        "content": [{"type": "text", "text": TEXT}], "stop_reason": "end_turn", "stop_sequence": None,
        "usage": USAGE,
    },
    "gemini": {
        "candidates": [{"content": {"role": "model", "parts": [{"text": TEXT}]}, "finishReason": "STOP",
                        "index": 0}],
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 400, "totalTokenCount": 405},
        "modelVersion": "gemini-2.5-flash", "responseId": "r1",
    },
}  # fmt: skip


def inner() -> None:
    import lmcodec as lc

    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    for dialect in DIALECTS:
        body = json.dumps(BODIES[dialect]).encode()
        lc.translate_response(dialect, dialect, body, request=request)  # warm-up
        gc.collect()
        os.getppid()
        lc.translate_response(dialect, dialect, body, request=request)
        os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner()
        return
    with marked_dumps(__file__, *argv) as dump:
        counts = {name: total(dump(2 + 2 * k)) for k, name in enumerate(DIALECTS)}
    print("translate_response(d, d, body), callgrind instructions:")
    for name, count in counts.items():
        print(f"  {name:12s} {count:>11,d}")


if __name__ == "__main__":
    main(sys.argv[1:])
