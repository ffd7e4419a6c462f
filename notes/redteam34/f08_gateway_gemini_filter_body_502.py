"""F08: examples/gateway.py in front of Gemini, not streamed: an answer Google filtered (a prompt blocked by
`promptFeedback.blockReason`, an answer stopped with `finishReason: SAFETY`) reaches the client as a
502 api_error, which the openai and anthropic SDKs retry (the gateway re-sends the blocked prompt), where the same
answer streamed reaches the client as its content-filter finish (Chat `content_filter`, Anthropic `refusal`), as
docs/writers.md and stream/_inband.py say a gateway should ("not a request error", "an agent does not retry").

Exits 1 while a non-streamed client gets a 5xx for either answer, 0 once it gets its content-filter finish.
Run: PYTHONPATH=src python notes/redteam34/f08_gateway_gemini_filter_body_502.py
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

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gw", ROOT / "examples/gateway.py")
assert spec and spec.loader
gateway = importlib.util.module_from_spec(spec)
sys.modules["gw"] = gateway
spec.loader.exec_module(gateway)

USAGE = {"promptTokenCount": 5, "candidatesTokenCount": 0, "totalTokenCount": 5}
ANSWERS = {
    "prompt blocked": {"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": USAGE, "modelVersion": "gemini-2.5-flash"},
    "finishReason SAFETY": {"candidates": [{"content": {"role": "model", "parts": []}, "finishReason": "SAFETY", "index": 0}],
                            "usageMetadata": USAGE, "modelVersion": "gemini-2.5-flash"},
}


def app_for(answer: dict[str, Any], stream: bool, hits: list[int]) -> Any:
    def fake(request: httpx.Request) -> httpx.Response:
        hits.append(1)
        if stream:
            return httpx.Response(200, content=b"data: " + json.dumps(answer).encode() + b"\r\n\r\n",
                                  headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=answer)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    return gateway.create_app(gateway.Backend("gemini", "http://backend", "k", client=http))


async def chat(app: Any, stream: bool) -> str:
    import openai

    client = openai.AsyncOpenAI(api_key="x", base_url="http://gw/v1", max_retries=2,  # the SDK's default
                                http_client=httpx.AsyncClient(transport=httpx.ASGITransport(app=app)))
    params: dict[str, Any] = {"model": "gemini-2.5-flash", "messages": [{"role": "user", "content": "hi"}]}
    try:
        if stream:
            finish = None
            async for chunk in await client.chat.completions.create(stream=True, **params):
                for c in chunk.choices:
                    finish = c.finish_reason or finish
            return f"finish_reason {finish}"
        r = await client.chat.completions.create(**params)
        return f"finish_reason {r.choices[0].finish_reason}"
    except openai.APIStatusError as e:
        return f"{type(e).__name__} {e.status_code}"


async def anth(app: Any, stream: bool) -> str:
    import anthropic

    client = anthropic.AsyncAnthropic(api_key="x", base_url="http://gw", max_retries=2,
                                      http_client=httpx2.AsyncClient(transport=httpx2.ASGITransport(app=app)))
    params: dict[str, Any] = {"model": "gemini-2.5-flash", "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]}
    try:
        if stream:
            async with client.messages.stream(**params) as s:
                m = await s.get_final_message()
        else:
            m = await client.messages.create(**params)
        return f"stop_reason {m.stop_reason}"
    except anthropic.APIStatusError as e:
        return f"{type(e).__name__} {e.status_code}"


async def main() -> int:
    bad = 0
    for label, answer in ANSWERS.items():
        for name, call in (("Chat", chat), ("Anthropic", anth)):
            for stream in (True, False):
                hits: list[int] = []
                got = await call(app_for(answer, stream, hits), stream)
                wrong = "Error" in got
                bad += wrong
                print(f"{'BAD' if wrong else 'ok '} {name} client, Gemini {label}, stream={stream!s:5s}: {got}; "
                      f"the gateway asked Gemini {len(hits)}x")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
