"""F04: examples/gateway.py answers a client body that nests 999 or more deep in any key (here an
unknown one) with 500 Internal Server Error (a RecursionError out of its own _ClientHead decoder,
outside its `except`), where lc.translate_request refuses the same body with an lc DecodeError
("the request body nests deeper than the JSON parser allows"), which the gateway answers 400 in the
client's error shape. Run over a fake backend. Exits 1 while the answer is a 5xx."""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gateway_f04", ROOT / "examples" / "gateway.py")
assert spec is not None and spec.loader is not None
gateway = importlib.util.module_from_spec(spec)
sys.modules["gateway_f04"] = gateway
spec.loader.exec_module(gateway)

DEEP = b"[" * 1000 + b"]" * 1000
BODY = json.dumps({"model": "g", "messages": [{"role": "user", "content": "hi"}]}).encode()[:-1] + b', "metadata_x": ' + DEEP + b"}"


async def answer() -> tuple[int, bytes]:
    backend = httpx.AsyncClient(transport=httpx.MockTransport(lambda r: httpx.Response(200, json={})), base_url="http://backend")
    app = gateway.create_app(gateway.Backend("openai_chat", "http://backend", "k", client=backend))
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://gw") as front:
        got = await front.post("/v1/chat/completions", content=BODY)
    return got.status_code, got.content


def main() -> int:
    try:
        lc.translate_request("openai_chat", "openai_chat", BODY)
        print("lc.translate_request: accepted")
    except lc.LmcodecError as exc:
        print(f"lc.translate_request: {type(exc).__name__}: {exc}")
    status, content = asyncio.run(answer())
    print(f"the gateway answers {status}: {content[:120]!r}")
    if status >= 500:
        print("FINDING: a client's deep body is a server error, not a 400")
        return 1
    return 0


sys.exit(main())
