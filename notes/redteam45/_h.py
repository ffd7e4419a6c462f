"""Shared bits of red team 45's reproducers (the stream shapes and the SDK readers)."""
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

READ = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}


def sse(event: dict) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


BASE = {"id": "resp_1", "object": "response", "created_at": 1, "status": "in_progress", "error": None,
        "incomplete_details": None, "model": "gpt-5", "output": [], "usage": None,
        "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}
USAGE = {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 7,
         "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 12}
RSN = {"id": "rs_1", "type": "reasoning", "summary": [], "status": "completed"}
MSG = {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant",
       "content": [{"type": "output_text", "text": "hi", "annotations": []}]}
CALL = {"id": "fc_1", "type": "function_call", "status": "completed", "call_id": "call_1", "name": "f",
        "arguments": '{"a":1}'}
CREATED = sse({"type": "response.created", "response": BASE, "sequence_number": 0})


def completed(output: list, seq: int = 99) -> bytes:
    return sse({"type": "response.completed", "response": dict(BASE, status="completed", output=output, usage=USAGE),
                "sequence_number": seq})


def translate(dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate("openai", dst, [body], request=REQUEST))
