"""F02: examples/gateway.py, a Gemini backend, a non-streamed answer: a client tool whose name
Gemini refuses ("2fa_verify": Gemini names start with a letter or "_") is sent renamed
("_2fa_verify", a `substituted` Adaptation), and the backend's call comes back to the client under
the renamed name, a function the client never declared. Streamed, the same answer comes back
under the client's name (lc.stream.translate(..., adaptations=built.adaptations) maps it); the
body path (lc.decode_response + lc.encode_response) takes no adaptations and the gateway does not
map the names with providers/_tool_names.names_back, as that module's docstring asks a gateway to."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gateway_example", ROOT / "examples/gateway.py")
gateway = importlib.util.module_from_spec(spec)
sys.modules["gateway_example"] = gateway
spec.loader.exec_module(gateway)
PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
PARAMS = {"type": "object", "properties": {"code": {"type": "string"}}}
CLIENTS = {
    "openai_chat": {"model": "gemini-2.5-flash", "messages": [{"role": "user", "content": "verify"}],
                    "tools": [{"type": "function", "function": {"name": "2fa_verify", "parameters": PARAMS}}]},
    "anthropic": {"model": "gemini-2.5-flash", "max_tokens": 50, "messages": [{"role": "user", "content": "verify"}],
                  "tools": [{"name": "2fa_verify", "input_schema": PARAMS}]},
}


async def serve(client: str, body: dict, answer) -> httpx.Response:
    def fake(request):
        if isinstance(answer, bytes):
            return httpx.Response(200, content=answer, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=answer)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    app = gateway.create_app(gateway.Backend("gemini", "http://backend", "k", client=http))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as front:
        return await front.post(PATHS[client], content=json.dumps(body))


def main() -> int:
    bad = 0
    for client, body in CLIENTS.items():
        built = lc.translate_request(client, "gemini", json.dumps(body))
        sent = json.loads(built.body)["tools"][0]["functionDeclarations"][0]["name"]
        answer = {"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": sent, "args": {"code": "1"}}}]},
                                  "finishReason": "STOP"}],
                  "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
                  "modelVersion": "gemini-2.5-flash"}
        for stream in (True, False):
            wire = b"data: " + json.dumps(answer).encode() + b"\r\n\r\n" if stream else answer
            got = asyncio.run(serve(client, {**body, "stream": stream}, wire))
            read = lc.assemble(lc.stream.decode(client, [got.content])) if stream else lc.decode_response(client, got.content)
            names = [p.name for p in read.message.parts if isinstance(p, lc.ToolCallPart)]
            ok = names == ["2fa_verify"]
            bad += not ok
            print(f"{client:12s} stream={stream!s:5s} sent to Gemini as {sent!r}; the client is asked to call {names}  "
                  f"{'ok' if ok else 'WRONG: not a tool the client declared'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
