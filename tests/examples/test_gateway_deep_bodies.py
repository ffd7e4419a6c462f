"""examples/gateway.py answers a client body nested past the JSON parser's depth limit with a 400
in the client's error shape, the backend never reached (red team 31 F04: its own head reader's
RecursionError escaped as Starlette's plain-text 500). Where the parser reads the depth (1,000 levels
on CPython 3.13's msgspec, refused on 3.10-3.12) the body may go on to the backend, whose answer
reaches the client; never a 500 of the gateway's own. ASGI app over a fake backend; no corpus."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from .gateway_support import load_gateway

pytest.importorskip("starlette", reason="the gateway example runs on Starlette (the gateway extra)")
httpx = pytest.importorskip("httpx", reason="the gateway's backend client")

PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
BODIES = {
    "openai_chat": {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}]},
    "anthropic": {
        "model": "claude-sonnet-4-5",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": "hi"}],
    },
}


gateway = load_gateway("lmcodec_gateway_example_deep")


def _deep(depth: int, kind: str) -> bytes:
    if kind == "array":
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"1" + b"}" * depth


@pytest.mark.parametrize("key", ["metadata_x", "stream", "model", "stream_options", "messages"])
@pytest.mark.parametrize("kind", ["array", "object"])
@pytest.mark.parametrize("depth", [1_000, 100_000])
@pytest.mark.parametrize("client", ["openai_chat", "anthropic"])
def test_a_deep_client_body_is_a_400_in_the_clients_dialect(
    key: str, kind: str, depth: int, client: str
) -> None:
    reached: list[bytes] = []

    def backend(request: Any) -> Any:
        reached.append(request.content)
        return httpx.Response(429, json={"error": {"message": "slow down"}})

    fields = {k: json.dumps(v).encode() for k, v in BODIES[client].items()}
    fields[key] = _deep(depth, kind)
    body = b"{" + b",".join(json.dumps(k).encode() + b":" + v for k, v in fields.items()) + b"}"

    async def run() -> Any:
        http = httpx.AsyncClient(transport=httpx.MockTransport(backend), base_url="http://backend")
        app = gateway.create_app(gateway.Backend("openai_chat", "http://backend", "k", client=http))
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://gw") as front:
            return await front.post(PATHS[client], content=body)

    answer = asyncio.run(run())
    if reached:  # the parser read it: the body went on, the backend's answer came back
        assert depth < 100_000 and key in ("metadata_x", "stream_options")
        assert answer.status_code == 429, answer.content[:200]
        return
    assert answer.status_code == 400, answer.content[:200]
    error = answer.json()["error"]
    assert error["type"] == "invalid_request_error"
    assert (answer.json().get("type") == "error") == (client == "anthropic")
