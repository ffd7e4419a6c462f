"""examples/gateway.py over a fake backend: the same answer asked for as a body and as a stream
must reach the client alike (the tool names the client declared, the text), and a body
translate_request takes must not be refused by the gateway's own head reading."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("gw", ROOT / "examples/gateway.py")
gateway = importlib.util.module_from_spec(spec)
sys.modules["gw"] = gateway
spec.loader.exec_module(gateway)
PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}


async def serve(client, backend, body, answer):
    reached = []

    def fake(request):
        reached.append(request.content)
        if isinstance(answer, bytes):
            return httpx.Response(200, content=answer, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=answer)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    app = gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as front:
        got = await front.post(PATHS[client], content=json.dumps(body))
    return got, reached


def gemini_call_answer(name):
    return {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": name, "args": {"code": "1"}}}]}, "finishReason": "STOP"}],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}, "modelVersion": "gemini-2.5-flash"}


def called_names(client, got, stream):
    if stream:
        r = lc.assemble(lc.stream.decode(client, [got.content]))
    else:
        r = lc.decode_response(client, got.content)
    return [p.name for p in r.message.parts if isinstance(p, lc.ToolCallPart)]


def main():
    bad = 0
    params = {"type": "object", "properties": {"code": {"type": "string"}}}
    for client, body in (
        ("openai_chat", {"model": "gemini-2.5-flash", "messages": [{"role": "user", "content": "verify"}],
                         "tools": [{"type": "function", "function": {"name": "2fa_verify", "parameters": params}}]}),
        ("anthropic", {"model": "gemini-2.5-flash", "max_tokens": 50, "messages": [{"role": "user", "content": "verify"}],
                       "tools": [{"name": "2fa_verify", "input_schema": params}]}),
    ):
        built = lc.translate_request(client, "gemini", json.dumps(body))
        sent_name = json.loads(built.body)["tools"][0]["functionDeclarations"][0]["name"]
        answer = gemini_call_answer(sent_name)
        sse = b"data: " + json.dumps(answer).encode() + b"\r\n\r\n"
        for stream in (False, True):
            got, reached = asyncio.run(serve(client, "gemini", {**body, "stream": stream}, sse if stream else answer))
            names = called_names(client, got, stream) if got.status_code == 200 else got.text
            ok = names == ["2fa_verify"]
            bad += not ok
            print(f"{client:12s} -> gemini, stream={stream!s:5s}: sent {sent_name!r}, client got calls {names}  {'ok' if ok else 'WRONG'}")
    # stream: null, which translate_request reads as no stream (and the OpenAI API takes: Optional[bool])
    for client, body in (("openai_chat", {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "stream": None}),
                         ("anthropic", {"model": "claude-sonnet-4-5", "max_tokens": 9, "messages": [{"role": "user", "content": "hi"}], "stream": None})):
        lc.translate_request(client, "openai_chat", json.dumps(body))  # taken
        answer = {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4.1", "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}], "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
        got, reached = asyncio.run(serve(client, "openai_chat", body, answer))
        ok = got.status_code == 200
        bad += not ok
        print(f"{client:12s} stream: null -> {got.status_code} {got.text[:160]}  reached backend {len(reached)}x  {'ok' if ok else 'WRONG'}")
    print("bad", bad)
    return 1 if bad else 0


sys.exit(main())
