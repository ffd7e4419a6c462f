"""examples/gateway.py driven by the real SDKs (openai AsyncOpenAI Chat, anthropic AsyncAnthropic) over each
backend dialect answering the corpus's recorded tool-call answers, streamed and not; backend errors; refused bodies.

Run: PYTHONPATH=src python notes/redteam34/probes/gateway_sdks.py
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import httpx
import httpx2

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT.parent / "shared/corpus/lm15-contract/bodies"
spec = importlib.util.spec_from_file_location("gw", ROOT / "examples/gateway.py")
assert spec and spec.loader
gateway = importlib.util.module_from_spec(spec)
sys.modules["gw"] = gateway
spec.loader.exec_module(gateway)

CHAT_BODY = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "gpt-4o", "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Montreal\"}"}}]}, "finish_reason": "tool_calls"}], "usage": {"prompt_tokens": 5, "completion_tokens": 5, "total_tokens": 10}}
ERRORS = {
    "openai": (429, {"error": {"message": "Rate limit reached", "type": "requests", "param": None, "code": "rate_limit_exceeded"}}),
    "openai_chat": (429, {"error": {"message": "Rate limit reached", "type": "requests", "param": None, "code": "rate_limit_exceeded"}}),
    "anthropic": (529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
    "gemini": (429, {"error": {"code": 429, "message": "Resource has been exhausted", "status": "RESOURCE_EXHAUSTED"}}),
}


def recorded(name: str) -> bytes:
    return sorted((CORPUS / name).iterdir())[0].read_bytes()


def backend_answer(backend: str, stream: bool) -> tuple[int, bytes, dict[str, str]]:
    if stream:
        return 200, recorded(f"{backend}.streaming_tool_call"), {"content-type": "text/event-stream"}
    if backend == "openai_chat":
        return 200, json.dumps(CHAT_BODY).encode(), {"content-type": "application/json"}
    return 200, recorded(f"{backend}.tools"), {"content-type": "application/json"}


def app_for(backend: str, answer: tuple[int, bytes, dict[str, str]], seen: list[httpx.Request]) -> Any:
    def fake(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        status, content, headers = answer
        return httpx.Response(status, content=content, headers=headers)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    return gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))


async def chat_client(app: Any, stream: bool, **extra: Any) -> Any:
    import openai

    client = openai.AsyncOpenAI(api_key="x", base_url="http://gw/v1", max_retries=0,
                                http_client=httpx.AsyncClient(transport=httpx.ASGITransport(app=app)))
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}}]
    params = {"model": "any-model", "messages": [{"role": "user", "content": "Weather in Montreal?"}], "tools": tools} | extra
    if stream:
        async with client.chat.completions.stream(**params) as s:
            async for _ in s:
                pass
            final = await s.get_final_completion()
        msg = final.choices[0].message
    else:
        msg = (await client.chat.completions.create(**params)).choices[0].message
    return [(c.function.name, json.loads(c.function.arguments)) for c in msg.tool_calls or []]


async def anthropic_client(app: Any, stream: bool, **extra: Any) -> Any:
    import anthropic

    client = anthropic.AsyncAnthropic(api_key="x", base_url="http://gw", max_retries=0,
                                      http_client=httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app)))
    tools = [{"name": "get_weather", "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]
    params = {"model": "any-model", "max_tokens": 200, "messages": [{"role": "user", "content": "Weather in Montreal?"}], "tools": tools} | extra
    if stream:
        async with client.messages.stream(**params) as s:
            final = await s.get_final_message()
    else:
        final = await client.messages.create(**params)
    return [(b.name, b.input) for b in final.content if b.type == "tool_use"]


CLIENTS = {"openai_chat": chat_client, "anthropic": anthropic_client}


async def main() -> int:
    bad = 0
    n = 0
    for client, call in CLIENTS.items():
        for backend in ("openai", "openai_chat", "anthropic", "gemini"):
            for stream in (False, True):
                seen: list[httpx.Request] = []
                app = app_for(backend, backend_answer(backend, stream), seen)
                n += 1
                try:
                    got = await call(app, stream)
                    ok = got == [("get_weather", {"city": "Gatineau" if stream else "Montreal"})]  # the recorded answers' cities
                except Exception as e:  # noqa: BLE001
                    got, ok = f"{type(e).__name__}: {str(e)[:200]}", False
                bad += not ok
                print(f"{client:11s} <- {backend:11s} stream={stream!s:5s} {'ok ' if ok else 'BAD'} {got}")
                # backend error: the client SDK's typed error, the status kept
                status, err = ERRORS[backend]
                seen = []
                app = app_for(backend, (status, json.dumps(err).encode(), {"content-type": "application/json", "retry-after": "7"}), seen)
                n += 1
                try:
                    await call(app, stream)
                    got2, ok = "no error", False
                except Exception as e:  # noqa: BLE001
                    resp = getattr(e, "response", None)
                    got2 = f"{type(e).__name__} {getattr(e, 'status_code', None)} retry-after={resp.headers.get('retry-after') if resp is not None else None}"
                    ok = getattr(e, "status_code", None) == status
                bad += not ok
                print(f"{client:11s} <- {backend:11s} stream={stream!s:5s} error {status}: {'ok ' if ok else 'BAD'} {got2}")
    print(f"{n} runs, {bad} bad")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
