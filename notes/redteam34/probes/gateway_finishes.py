"""examples/gateway.py: backends' non-error stops that are not a plain end, each client, streamed and not (the real
SDKs): Responses `incomplete` (max_output_tokens), Anthropic `refusal` / `max_tokens` / `pause_turn`, Chat `length` /
`content_filter`, Gemini `MAX_TOKENS` / `RECITATION`.

Run: PYTHONPATH=src python notes/redteam34/probes/gateway_finishes.py
"""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from f08_gateway_gemini_filter_body_502 import anth, chat  # noqa: E402
from gateway_sdks import app_for  # noqa: E402

import lmcodec as lc  # noqa: E402

REQ = lc.Request(model="m", messages=(lc.Message.user("hi"),))


def text_answer(dialect: str, finish: str) -> dict[str, Any]:
    r = lc.Response(id="r1", model="m", message=lc.Message.assistant("Partial"), finish_reason=finish,
                    usage=lc.Usage(input_tokens=3, output_tokens=2))
    return json.loads(lc.encode_response(dialect, r))


BODIES = {
    "openai": {"incomplete max_output_tokens": {"id": "resp_1", "object": "response", "created_at": 1, "status": "incomplete", "incomplete_details": {"reason": "max_output_tokens"}, "model": "gpt-5", "output": [{"type": "message", "id": "msg_1", "status": "incomplete", "role": "assistant", "content": [{"type": "output_text", "text": "Partial", "annotations": []}]}], "usage": {"input_tokens": 3, "output_tokens": 2, "total_tokens": 5, "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}, "error": None, "parallel_tool_calls": True, "tool_choice": "auto", "tools": []}},
    "anthropic": {s: {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": "Partial"}], "stop_reason": s, "stop_sequence": None, "usage": {"input_tokens": 3, "output_tokens": 2}} for s in ("refusal", "max_tokens", "pause_turn", "model_context_window_exceeded")},
    "openai_chat": {s: {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [{"index": 0, "message": {"role": "assistant", "content": "Partial"}, "finish_reason": s}], "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}} for s in ("length", "content_filter")},
    "gemini": {s: {"candidates": [{"content": {"role": "model", "parts": [{"text": "Partial"}]}, "finishReason": s, "index": 0}], "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5}, "modelVersion": "gemini-2.5-flash"} for s in ("MAX_TOKENS", "RECITATION", "PROHIBITED_CONTENT")},
}


async def main() -> None:
    for backend, answers in BODIES.items():
        for label, body in answers.items():
            for name, call in (("Chat", chat), ("Anthropic", anth)):
                app = app_for(backend, (200, json.dumps(body).encode(), {"content-type": "application/json"}), [])
                print(f"{name:9s} <- {backend:11s} {label:30s} body: {await call(app, False)}")


if __name__ == "__main__":
    asyncio.run(main())
