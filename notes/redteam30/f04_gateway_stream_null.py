"""F04: examples/gateway.py answers 400 "Expected `bool`, got `null` - at `$.stream`" to a client
body with `"stream": null` (its _ClientHead types `stream` as bool), before translate_request,
which reads the same body as no stream, is asked. The Chat Completions API types `stream` as
Optional[bool] (openai SDK: `stream: Optional[Literal[False]] | Literal[True]`), and proxies and
hand-written clients that serialize every field send the null. The backend is never reached."""
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
ANSWER = {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
          "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
          "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
CLIENTS = {
    "/v1/chat/completions": ("openai_chat", {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "stream": None}),
    "/v1/messages": ("anthropic", {"model": "gpt-4.1", "max_tokens": 9, "messages": [{"role": "user", "content": "hi"}], "stream": None}),
}


async def serve(path: str, body: dict) -> tuple[httpx.Response, int]:
    reached = []

    def fake(request):
        reached.append(request)
        return httpx.Response(200, json=ANSWER)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    app = gateway.create_app(gateway.Backend("openai_chat", "http://backend", "k", client=http))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as front:
        got = await front.post(path, content=json.dumps(body))
    return got, len(reached)


def main() -> int:
    bad = 0
    for path, (dialect, body) in CLIENTS.items():
        built = lc.translate_request(dialect, "openai_chat", json.dumps(body))  # taken: no stream
        got, reached = asyncio.run(serve(path, body))
        ok = got.status_code == 200
        bad += not ok
        print(f"{path:22s} stream: null -> translate_request builds {built.body[:60]!r}...; the gateway answers "
              f"{got.status_code} {got.text[:110]} (backend reached {reached}x)  {'ok' if ok else 'WRONG'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
