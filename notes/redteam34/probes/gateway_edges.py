"""examples/gateway.py with the real SDKs: bodies it must refuse (400 in the client's error shape), a backend stream
that fails midway (Anthropic `event: error`, an OpenAI `error` chunk, Gemini's error object), a Gemini answer blocked
by its prompt feedback (no candidates).

Run: PYTHONPATH=src python notes/redteam34/probes/gateway_edges.py
"""
from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import httpx
import httpx2

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gateway_sdks import app_for  # noqa: E402

ANTH_MID_ERROR = (
    b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":5,"output_tokens":1}}}\n\n'
    b'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}\n\n'
    b'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'
)
CHAT_MID_ERROR = (
    b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"role":"assistant","content":"Hel"},"finish_reason":null}]}\n\n'
    b'data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}\n\n'
)
GEMINI_MID_ERROR = (
    b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hel"}]}}],"modelVersion":"gemini-2.5-flash"}\r\n\r\n'
    b'data: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\r\n\r\n'
)
GEMINI_BLOCKED = {"promptFeedback": {"blockReason": "SAFETY", "safetyRatings": []}, "usageMetadata": {"promptTokenCount": 5, "totalTokenCount": 5}, "modelVersion": "gemini-2.5-flash"}


async def chat(app: Any, stream: bool, **extra: Any) -> str:
    import openai

    client = openai.AsyncOpenAI(api_key="x", base_url="http://gw/v1", max_retries=0,
                                http_client=httpx.AsyncClient(transport=httpx.ASGITransport(app=app)))
    params = {"model": "m", "messages": [{"role": "user", "content": "hi"}]} | extra
    try:
        if stream:
            text = ""
            async for chunk in await client.chat.completions.create(stream=True, **params):
                for c in chunk.choices:
                    text += c.delta.content or ""
            return f"stream ended normally, text {text!r}"
        r = await client.chat.completions.create(**params)
        return f"body: finish {r.choices[0].finish_reason}, content {r.choices[0].message.content!r}"
    except openai.APIError as e:
        return f"{type(e).__name__} {getattr(e, 'status_code', '')}: {e.message[:120]}"


async def anth(app: Any, stream: bool, **extra: Any) -> str:
    import anthropic

    client = anthropic.AsyncAnthropic(api_key="x", base_url="http://gw", max_retries=0,
                                      http_client=httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app)))
    params = {"model": "m", "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]} | extra
    try:
        if stream:
            async with client.messages.stream(**params) as s:
                m = await s.get_final_message()
        else:
            m = await client.messages.create(**params)
        return f"message: stop {m.stop_reason}, content {[b.model_dump() for b in m.content]}"
    except anthropic.APIError as e:
        return f"{type(e).__name__} {getattr(e, 'status_code', '')}: {e.message[:120]}"


async def main() -> None:
    sse = {"content-type": "text/event-stream"}
    for backend, data in (("anthropic", ANTH_MID_ERROR), ("openai_chat", CHAT_MID_ERROR), ("gemini", GEMINI_MID_ERROR)):
        for name, call in (("chat", chat), ("anthropic", anth)):
            app = app_for(backend, (200, data, sse), [])
            print(f"{name:9s} <- {backend:11s} stream, error midway: {await call(app, True)}")
    for name, call in (("chat", chat), ("anthropic", anth)):
        for stream in (False, True):
            answer = (200, json.dumps(GEMINI_BLOCKED).encode(), {"content-type": "application/json"}) if not stream else (200, b"data: " + json.dumps(GEMINI_BLOCKED).encode() + b"\r\n\r\n", sse)
            app = app_for("gemini", answer, [])
            print(f"{name:9s} <- gemini blocked prompt stream={stream}: {await call(app, stream)}")
    # bodies the gateway must refuse, in the client's shape
    for name, call, extra in (("chat", chat, {"n": 2}),
                              ("chat", chat, {"messages": [{"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}}]}]}),
                              ("anthropic", anth, {"messages": [{"role": "user", "content": [{"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERg=="}}]}]})):
        for backend in ("openai_chat", "anthropic"):
            seen: list[Any] = []
            app = app_for(backend, (200, b"{}", {"content-type": "application/json"}), seen)
            print(f"{name:9s} -> {backend:11s} refused body {list(extra)}: {await call(app, False, **extra)}; backend reached {len(seen)}x")


if __name__ == "__main__":
    asyncio.run(main())
