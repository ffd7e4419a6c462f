"""examples/gateway.py over a fake backend (httpx MockTransport), driven by the real async SDKs
(AsyncOpenAI chat, AsyncAnthropic messages) and by raw posts: hostile client bodies (deep JSON,
odd types, not JSON) and odd backend answers (200 with a JSON error body to a stream, SSE cut
short, an SSE error event). Prints what each client got."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("gw31", ROOT / "examples" / "gateway.py")
gateway = importlib.util.module_from_spec(spec)
sys.modules["gw31"] = gateway
spec.loader.exec_module(gateway)

PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
D = b"[" * 1000 + b"]" * 1000


def app_for(backend: str, answer, status: int = 200, ctype: str = "text/event-stream"):
    def fake(request):
        return httpx.Response(status, content=answer, headers={"content-type": ctype})
    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    return gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))


async def raw_post(app, client: str, body: bytes):
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url="http://gw") as front:
        r = await front.post(PATHS[client], content=body)
        return r.status_code, r.content[:200]


GEMINI_OK = b'data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hi"}]},"finishReason":"STOP"}],"modelVersion":"g"}\r\n\r\n'


async def main() -> None:
    chat = json.dumps({"model": "g", "messages": [{"role": "user", "content": "hi"}]}).encode()
    anth = json.dumps({"model": "g", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}).encode()
    bodies = {
        "deep unknown key": lambda b: b[:-1] + b', "zz": ' + D + b"}",
        "deep in model": lambda b: b.replace(b'"model": "g"', b'"model": ' + D),
        "deep in stream_options": lambda b: b[:-1] + b', "stream_options": ' + D + b"}",
        "model 5": lambda b: b.replace(b'"g"', b"5"),
        "stream 'true'": lambda b: b[:-1] + b', "stream": "true"}',
        "not json": lambda b: b"not json",
        "empty": lambda b: b"",
        "json array": lambda b: b"[]",
        "no model": lambda b: b.replace(b'"model": "g", ', b""),
        "model empty": lambda b: b.replace(b'"model": "g"', b'"model": ""'),
        "BOM": lambda b: b"\xef\xbb\xbf" + b,
        "duplicate stream key": lambda b: b[:-1] + b', "stream": true, "stream": false}',
    }
    for backend in ("gemini", "anthropic"):
        for client, base in (("openai_chat", chat), ("anthropic", anth)):
            for name, make in bodies.items():
                app = app_for(backend, GEMINI_OK if backend == "gemini" else b"")
                status, content = await raw_post(app, client, make(base))
                flag = "  <-- 5xx" if status >= 500 else ""
                print(f"{backend:9s} {client:11s} {name:24s} {status} {content[:90]!r}{flag}")


asyncio.run(main())
