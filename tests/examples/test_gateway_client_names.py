"""examples/gateway.py answers under the client's own terms: a function Gemini refuses by name
(``2fa_verify``, sent as ``_2fa_verify``) is called back under the client's name whether the
client streams or not (red team 30 F02: the body path answered ``_2fa_verify``, a function the
client never declared), and ``"stream": null`` is no stream, as ``lc.translate_request`` reads it
(red team 30 F04: the gateway answered 400). The ASGI app runs over a fake backend (httpx's
MockTransport); no corpus needed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import lmcodec as lc

from .gateway_support import load_gateway

pytest.importorskip("starlette", reason="the gateway example runs on Starlette (the gateway extra)")
httpx = pytest.importorskip("httpx", reason="the gateway's backend client")

PATHS = {"openai_chat": "/v1/chat/completions", "anthropic": "/v1/messages"}
PARAMETERS = {"type": "object", "properties": {"code": {"type": "string"}}}


gateway = load_gateway("lmcodec_gateway_example_names")


def _client_body(client: str, name: str) -> dict[str, Any]:
    """A client body declaring one function tool ``name``."""
    messages = [{"role": "user", "content": "verify"}]
    if client == "anthropic":
        tool: dict[str, Any] = {"name": name, "input_schema": PARAMETERS}
        return {"model": "gemini-2.5-flash", "max_tokens": 50, "messages": messages, "tools": [tool]}
    tool = {"type": "function", "function": {"name": name, "parameters": PARAMETERS}}
    return {"model": "gemini-2.5-flash", "messages": messages, "tools": [tool]}


def _gemini_call(name: str) -> dict[str, Any]:
    """A Gemini answer calling ``name``."""
    call = {"functionCall": {"name": name, "args": {"code": "1"}}}
    return {
        "candidates": [{"content": {"role": "model", "parts": [call]}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
        "modelVersion": "gemini-2.5-flash",
    }


async def _serve(backend: str, client: str, body: dict[str, Any], answer: Any) -> tuple[Any, list[bytes]]:
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


def _called(client: str, got: Any, stream: bool) -> list[str]:
    """The names of the functions the gateway's answer asks ``client`` to call."""
    assert got.status_code == 200, got.text
    if stream:
        read = lc.assemble(lc.stream.decode(client, [got.content]))
    else:
        read = lc.decode_response(client, got.content)
    return [part.name for part in read.message.parts if isinstance(part, lc.ToolCallPart)]


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
@pytest.mark.parametrize("client", sorted(PATHS))
@pytest.mark.parametrize("name", ["2fa_verify", "-lint", "3d_render"])
def test_a_function_renamed_for_gemini_is_called_under_the_clients_name(
    name: str, client: str, stream: bool
) -> None:
    body = {**_client_body(client, name), "stream": stream}
    built = lc.translate_request(client, "gemini", json.dumps(body))
    sent = json.loads(built.body)["tools"][0]["functionDeclarations"][0]["name"]
    assert sent != name  # (the case: Gemini refuses the client's name)
    answer: Any = _gemini_call(sent)
    if stream:
        answer = b"data: " + json.dumps(answer).encode() + b"\r\n\r\n"
    got, reached = asyncio.run(_serve("gemini", client, body, answer))
    assert reached == [built.body]
    assert _called(client, got, stream) == [name]


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
@pytest.mark.parametrize("client", sorted(PATHS))
def test_a_name_gemini_takes_is_called_as_it_was_sent(client: str, stream: bool) -> None:
    """The mapping renames only what was renamed: a call of a name the client sent as it is, or of
    a name the client never declared, reaches the client as the backend wrote it."""
    body = {**_client_body(client, "verify_2fa"), "stream": stream}
    for called in ("verify_2fa", "undeclared"):
        answer: Any = _gemini_call(called)
        if stream:
            answer = b"data: " + json.dumps(answer).encode() + b"\r\n\r\n"
        got, _ = asyncio.run(_serve("gemini", client, body, answer))
        assert _called(client, got, stream) == [called]


CHAT_ANSWER = {
    "id": "c",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4.1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}


@pytest.mark.parametrize("client", sorted(PATHS))
def test_stream_null_is_no_stream(client: str) -> None:
    """``"stream": null`` (the openai SDK types Chat's flag Optional; clients that write every
    field send it) is answered as ``lc.translate_request`` reads it: a body, no stream."""
    messages = [{"role": "user", "content": "hi"}]
    body: dict[str, Any] = {"model": "gpt-4.1", "messages": messages, "stream": None}
    if client == "anthropic":
        body["max_tokens"] = 9
    got, reached = asyncio.run(_serve("openai_chat", client, body, CHAT_ANSWER))
    assert got.status_code == 200, got.text
    assert reached == [lc.translate_request(client, "openai_chat", json.dumps(body)).body]
    assert b'"stream"' not in reached[0]
    assert lc.decode_response(client, got.content).message.parts == (lc.TextPart(text="ok"),)
