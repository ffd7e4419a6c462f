"""examples/gateway.py's answers to the real openai and anthropic clients (red team 34 F08, F06).

- A Gemini body Google filtered (a prompt blocked, an answer stopped for safety or recitation), not
  streamed, was a 502, which both SDKs retry: the gateway sent the blocked prompt three times, and
  the client raised InternalServerError. It is now the client's content-filter finish, as the same
  answer streamed is (``lc.translate_response``), after one backend request.
- A backend's error answer lost its ``retry-after`` / ``retry-after-ms`` / ``x-should-retry``
  headers, which the SDKs' retry rule reads: the client retried on its own short backoff, or
  retried what the backend said not to.

The ASGI app runs over a fake backend (httpx's MockTransport) that counts what reaches it; the
clients keep their default ``max_retries=2``. No corpus needed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from .gateway_support import load_gateway

pytest.importorskip("starlette", reason="the gateway example runs on Starlette (the gateway extra)")
httpx = pytest.importorskip("httpx", reason="the gateway's backend client, the openai SDK's transport")
httpx2 = pytest.importorskip("httpx2", reason="the anthropic SDK's transport")
openai = pytest.importorskip("openai", reason="the official OpenAI client")
anthropic = pytest.importorskip("anthropic", reason="the official Anthropic client")


gateway = load_gateway("lmcodec_gateway_example_answers")

USAGE = {"promptTokenCount": 5, "candidatesTokenCount": 2, "totalTokenCount": 7}
FILTERED = {
    "prompt blocked": {"promptFeedback": {"blockReason": "SAFETY"}, "usageMetadata": USAGE},
    **{
        reason: {
            "candidates": [
                {
                    "content": {"role": "model", "parts": [{"text": "Once"}]},
                    "finishReason": reason,
                    "index": 0,
                }
            ],
            "usageMetadata": USAGE,
        }
        for reason in ("SAFETY", "RECITATION", "PROHIBITED_CONTENT")
    },
}
MESSAGES = [{"role": "user", "content": "hi"}]


def _app(backend: str, answer: Any, hits: list[bytes]) -> Any:
    """The gateway in front of a fake ``backend`` answering every request with ``answer(request)``
    (an httpx.Response), each request's body kept in ``hits``."""

    def fake(request: Any) -> Any:
        hits.append(request.content)
        return answer(request)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    return gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))


def _chat_client(app: Any) -> Any:
    transport = httpx.ASGITransport(app=app)
    return openai.AsyncOpenAI(
        api_key="x", base_url="http://gw/v1", http_client=httpx.AsyncClient(transport=transport)
    )


def _anthropic_client(app: Any) -> Any:
    transport = httpx2.ASGITransport(app=app)
    return anthropic.AsyncAnthropic(
        api_key="x", base_url="http://gw", http_client=httpx2.AsyncClient(transport=transport)
    )


async def _chat_finish(app: Any, stream: bool) -> tuple[str | None, str]:
    client = _chat_client(app)
    if not stream:
        done = await client.chat.completions.create(model="gemini-2.5-flash", messages=MESSAGES)
        return done.choices[0].finish_reason, done.choices[0].message.content or ""
    finish, text = None, ""
    async for chunk in await client.chat.completions.create(
        model="gemini-2.5-flash", messages=MESSAGES, stream=True
    ):
        for choice in chunk.choices:
            finish = choice.finish_reason or finish
            text += choice.delta.content or ""
    return finish, text


async def _anthropic_finish(app: Any, stream: bool) -> tuple[str | None, str]:
    client = _anthropic_client(app)
    params: dict[str, Any] = {"model": "gemini-2.5-flash", "max_tokens": 50, "messages": MESSAGES}
    if stream:
        async with client.messages.stream(**params) as events:
            message = await events.get_final_message()
    else:
        message = await client.messages.create(**params)
    return message.stop_reason, "".join(block.text for block in message.content if block.type == "text")


CLIENTS = {"openai_chat": _chat_finish, "anthropic": _anthropic_finish}


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("case", FILTERED)
def test_a_filtered_gemini_body_is_the_clients_finish_as_streamed(case: str, client: str) -> None:
    def body(request: Any) -> Any:
        return httpx.Response(200, json=FILTERED[case])

    def stream(request: Any) -> Any:
        sse = b"data: " + json.dumps(FILTERED[case]).encode() + b"\r\n\r\n"
        return httpx.Response(200, content=sse, headers={"content-type": "text/event-stream"})

    finish = CLIENTS[client]
    body_hits: list[bytes] = []
    stream_hits: list[bytes] = []
    got = asyncio.run(finish(_app("gemini", body, body_hits), False))
    streamed = asyncio.run(finish(_app("gemini", stream, stream_hits), True))
    assert got == streamed
    assert got[0] == {"openai_chat": "content_filter", "anthropic": "refusal"}[client]
    assert len(body_hits) == 1  # answered, not retried


RETRY_HEADERS = {"retry-after": "20", "retry-after-ms": "20000", "x-should-retry": "false"}
ERRORS = {
    "anthropic": (529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}),
    "openai_chat": (
        429,
        {"error": {"message": "Rate limit", "type": "requests", "param": None, "code": None}},
    ),
}


async def _status_error(client: str, app: Any) -> Any:
    try:
        if client == "openai_chat":
            await _chat_client(app).chat.completions.create(model="m", messages=MESSAGES)
        else:
            await _anthropic_client(app).messages.create(model="m", max_tokens=5, messages=MESSAGES)
    except (openai.APIStatusError, anthropic.APIStatusError) as exc:
        return exc
    raise AssertionError("the client got no error")


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("backend", ERRORS)
def test_a_backend_error_keeps_its_retry_headers(backend: str, client: str) -> None:
    status, error = ERRORS[backend]

    def answer(request: Any) -> Any:
        return httpx.Response(status, json=error, headers=RETRY_HEADERS)

    hits: list[bytes] = []
    exc = asyncio.run(_status_error(client, _app(backend, answer, hits)))
    assert exc.status_code == status
    assert {name: exc.response.headers.get(name) for name in RETRY_HEADERS} == RETRY_HEADERS
    assert len(hits) == 1  # x-should-retry: false, obeyed over the SDK's rule for 429 / 529


@pytest.mark.parametrize("client", CLIENTS)
def test_the_client_retries_when_and_as_the_backend_says(client: str) -> None:
    """A 400, which neither SDK retries by its own rule, with ``x-should-retry: true`` and
    ``retry-after-ms: 1``: retried twice (the SDKs' default), a millisecond apart."""
    message = {
        "error": {"message": "try again", "type": "invalid_request_error", "param": None, "code": None}
    }

    def answer(request: Any) -> Any:
        return httpx.Response(400, json=message, headers={"x-should-retry": "true", "retry-after-ms": "1"})

    hits: list[bytes] = []
    exc = asyncio.run(_status_error(client, _app("openai_chat", answer, hits)))
    assert exc.status_code == 400
    assert len(hits) == 3
