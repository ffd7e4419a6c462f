"""F06: examples/gateway.py answers a backend's 429 / 529 with the status and the client's error body but none of
the backend's headers: `retry-after` (which the openai and anthropic SDKs wait for before retrying) and
`x-should-retry` (which they obey over their own rule) do not reach the client.

Exits 1 while the client SDK's error response lacks the backend's retry-after, 0 once it carries it.
Run: PYTHONPATH=src python notes/redteam34/f06_gateway_drops_retry_headers.py
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gw", ROOT / "examples/gateway.py")
assert spec and spec.loader
gateway = importlib.util.module_from_spec(spec)
sys.modules["gw"] = gateway
spec.loader.exec_module(gateway)

HEADERS = {"retry-after": "20", "x-should-retry": "true", "content-type": "application/json"}
ERRORS = {
    "anthropic": (529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
    "openai_chat": (429, {"error": {"message": "Rate limit reached", "type": "requests", "param": None, "code": "rate_limit_exceeded"}}),
}


async def chat_client_error(app: object) -> object:
    import openai

    client = openai.AsyncOpenAI(api_key="x", base_url="http://gw/v1", max_retries=0,
                                http_client=httpx.AsyncClient(transport=httpx.ASGITransport(app=app)))
    try:
        await client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
    except openai.APIStatusError as e:
        return e
    raise AssertionError("no error")


async def main() -> int:
    bad = 0
    for backend, (status, body) in ERRORS.items():
        def fake(request: httpx.Request, status: int = status, body: dict = body) -> httpx.Response:
            return httpx.Response(status, content=json.dumps(body).encode(), headers=HEADERS)

        http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
        app = gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))
        err = await chat_client_error(app)
        headers = err.response.headers  # type: ignore[attr-defined]
        got = {k: headers.get(k) for k in ("retry-after", "x-should-retry")}
        ok = got["retry-after"] == "20"
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} Chat client <- {backend} backend {status} with {HEADERS}: "
              f"{type(err).__name__} {err.status_code}, headers the SDK sees {got}")  # type: ignore[attr-defined]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
