"""examples/gateway.py forwards what ``lc.translate_request`` built (red team 29 F04): it read the
built body again with the strict ``lc.decode_request(backend, built.body)``, which refuses some of
what the gateway's reading carries (a strict tool, a schema's description, a titled document), and
answered 400 to requests the backend takes. The ASGI app runs over a fake backend (httpx's
MockTransport) that records what reaches it; no corpus needed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import load_gateway

pytest.importorskip("starlette", reason="the gateway example runs on Starlette (the gateway extra)")
httpx = pytest.importorskip("httpx", reason="the gateway's backend client")

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}
JUDGMENT = {"type": "object", "properties": {"ok": {"type": "boolean"}}}


gateway = load_gateway("lmcodec_gateway_example_built")


def _chat_answer(text: str) -> dict[str, Any]:
    message = {"role": "assistant", "content": text}
    return {
        "id": "c",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4.1",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


ANTHROPIC_ANSWER = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}
CHAT_STREAM = b"".join(
    b"data: " + json.dumps(chunk).encode() + b"\n\n"
    for chunk in (
        {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1",
         "choices": [{"index": 0, "delta": {"role": "assistant", "content": "ok"}, "finish_reason": None}]},
        {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1",
         "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    )
) + b"data: [DONE]\n\n"  # fmt: skip

CASES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "Chat client, strict tool -> Chat": (
        "openai_chat",
        "openai_chat",
        {
            "model": "gpt-4.1",
            "messages": [{"role": "user", "content": "weather?"}],
            "tools": [
                {
                    "type": "function",
                    "function": {"name": "get_weather", "parameters": SCHEMA, "strict": True},
                }
            ],
        },
    ),
    "Anthropic client, strict tool -> Chat": (
        "anthropic",
        "openai_chat",
        {
            "model": "gpt-4.1",
            "max_tokens": 100,
            "messages": [{"role": "user", "content": "weather?"}],
            "tools": [{"name": "get_weather", "input_schema": SCHEMA, "strict": True}],
        },
    ),
    "Chat client, json_schema with a description -> Chat": (
        "openai_chat",
        "openai_chat",
        {
            "model": "gpt-4.1",
            "messages": [{"role": "user", "content": "city?"}],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": "city", "description": "a city", "schema": SCHEMA, "strict": True},
            },
        },
    ),
    "Anthropic client, titled document -> Anthropic": (
        "anthropic",
        "anthropic",
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 100,
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "document",
                            "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"},
                            "title": "Q3 report",
                        },
                        {"type": "text", "text": "summarise"},
                    ],
                }
            ],
        },
    ),
}
PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}


async def _serve(client: str, backend: str, body: dict[str, Any], answer: Any) -> tuple[Any, list[bytes]]:
    """The gateway's answer to ``body`` and what reached the fake backend (answering ``answer``:
    a JSON value, or SSE bytes)."""
    reached: list[bytes] = []

    def fake(request: Any) -> Any:
        reached.append(request.content)
        if isinstance(answer, bytes):
            return httpx.Response(200, content=answer, headers={"content-type": "text/event-stream"})
        return httpx.Response(200, json=answer)

    http = httpx.AsyncClient(transport=httpx.MockTransport(fake), base_url="http://backend")
    app = gateway.create_app(gateway.Backend(backend, "http://backend", "k", client=http))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as front:
        got = await front.post(PATHS[client], content=json.dumps(body))
    return got, reached


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_backend_is_sent_what_translate_request_built(name: str, stream: bool) -> None:
    client, backend, body = CASES[name]
    body = {**body, "stream": True} if stream else body
    answer: Any = CHAT_STREAM if stream else _chat_answer("ok")
    if backend == "anthropic":
        answer = (
            b"".join(lc.stream.translate("openai_chat", "anthropic", [CHAT_STREAM]))
            if stream
            else ANTHROPIC_ANSWER
        )
    got, reached = asyncio.run(_serve(client, backend, body, answer))
    assert got.status_code == 200, got.text
    assert reached == [lc.translate_request(client, backend, json.dumps(body)).body]
    if stream:
        back = lc.assemble(lc.stream.decode(client, [got.content]))
    else:
        back = lc.decode_response(client, got.content)
    assert back.message.parts == (lc.TextPart(text="ok"),)


def test_a_structured_answer_reaches_the_client_as_the_backend_wrote_it() -> None:
    """A schema with a boolean property declares an lm15 judgment: read with the client's response
    format, the answer became a DataPart, written back as compact JSON (``{"ok":true}``)."""
    text = '{ "ok" : true }'
    body = {
        "model": "gpt-4.1",
        "messages": [{"role": "user", "content": "ok?"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "ok", "schema": JUDGMENT}},
    }
    got, reached = asyncio.run(_serve("openai_chat", "openai_chat", body, _chat_answer(text)))
    assert got.status_code == 200 and len(reached) == 1
    assert got.json()["choices"][0]["message"]["content"] == text
