"""examples/gateway.py: the official openai and anthropic clients against the gateway, over a fake
backend of each dialect that serves corpus bodies in small chunks (all on 127.0.0.1).

The full path runs the official clients against the app (client body -> ``lc.decode_request`` ->
``lc.build_request`` -> the fake backend -> ``lc.stream.atranslate`` / ``lc.encode_response``); a
path whose reader, builder or writer is missing skips with the reason. The backend half
(``gateway.forward``) is also exercised from a canonical Request, its answer read by the SDKs.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..providers.provider_support import BODIES, complete_bodies, stream_bodies
from ..stream.write_support import projection, sdk_chat
from .gateway_support import load_gateway

starlette = pytest.importorskip(
    "starlette", reason="the gateway example runs on Starlette (the gateway extra)"
)
uvicorn = pytest.importorskip("uvicorn", reason="the test serves the apps with uvicorn")
httpx = pytest.importorskip("httpx", reason="the gateway's backend client")
anthropic = pytest.importorskip("anthropic", reason="the official Anthropic client")
openai = pytest.importorskip("openai", reason="the official OpenAI client")

from starlette.applications import Starlette  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import Response, StreamingResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

pytestmark = pytest.mark.skipif(not BODIES.is_dir(), reason=f"lm15-contract corpus not found at {BODIES}")

BACKENDS = ("openai", "openai_chat", "anthropic", "gemini")
CLIENTS = ("openai_chat", "anthropic")
CHAT_BODIES = Path(__file__).resolve().parents[1] / "fixtures" / "providers" / "chat_bodies.json"
MODEL = "m-1"
TOOL = {"name": "get_weather", "description": "Weather", "parameters": {"type": "object", "properties": {}}}


gateway = load_gateway("lmcodec_gateway_example")


# ── the fake backend ──────────────────────────────────────────────────────────


def _stream_body(dialect: str, tools: bool) -> bytes:
    paths = [p for p in stream_bodies(dialect) if ("tool_call" in p.parent.name) == tools]
    paths = [p for p in paths if "unnamed" not in p.parent.name]
    return paths[-1].read_bytes()


CHAT_TOOL_BODY = {  # the corpus has no complete Chat body with a tool call: OpenAI's documented shape
    "id": "chatcmpl-tool1",
    "object": "chat.completion",
    "created": 1788384103,
    "model": "gpt-5.4-mini-2026-03-17",
    "choices": [
        {
            "index": 0,
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_zM72F7ViLkPs6vyGCDCMOySP",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": '{"city":"Gatineau"}'},
                    }
                ],
                "refusal": None,
            },
            "logprobs": None,
            "finish_reason": "tool_calls",
        }
    ],
    "usage": {"prompt_tokens": 139, "completion_tokens": 19, "total_tokens": 158},
}


def _complete_body(dialect: str, tools: bool) -> bytes:
    if dialect == "openai_chat":
        return json.dumps(CHAT_TOOL_BODY if tools else json.loads(CHAT_BODIES.read_text())[0]).encode()
    name = f"{dialect}.tools" if tools else f"{dialect}.basic_text"
    return [p for p in complete_bodies(dialect) if p.parent.name == name][-1].read_bytes()


def backend_body(dialect: str, stream: bool, tools: bool) -> bytes:
    """The corpus body the fake backend answers with (what the test expects the client to see)."""
    return _stream_body(dialect, tools) if stream else _complete_body(dialect, tools)


RECEIVED: dict[str, list[dict[str, Any]]] = {dialect: [] for dialect in BACKENDS}
"""The request bodies each fake backend was sent, in order."""


def fake_backend(dialect: str) -> Starlette:
    """Answers any POST with a corpus body of ``dialect``: streamed in 9-byte chunks when asked."""

    async def answer(request: Request) -> Response:
        payload = json.loads(await request.body())
        RECEIVED[dialect].append(payload)
        stream = bool(payload.get("stream")) or "streamGenerateContent" in request.url.path
        tools = bool(payload.get("tools"))
        body = backend_body(dialect, stream, tools)
        if not stream:
            return Response(body, media_type="application/json")

        async def chunks() -> Any:
            for i in range(0, len(body), 9):
                yield body[i : i + 9]
                await asyncio.sleep(0)

        return StreamingResponse(chunks(), media_type="text/event-stream")

    return Starlette(routes=[Route("/{path:path}", answer, methods=["POST"])])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class _Served:
    def __init__(self, app: Any) -> None:
        self.port = _free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def backends() -> Iterator[dict[str, _Served]]:
    served = {dialect: _Served(fake_backend(dialect)) for dialect in BACKENDS}
    yield served
    for s in served.values():
        s.stop()


def _base(dialect: str, served: _Served) -> str:
    return served.url + ("/v1" if dialect in ("openai", "openai_chat") else "")


@pytest.fixture(scope="module")
def gateways(backends: dict[str, _Served]) -> Iterator[dict[str, _Served]]:
    served = {
        dialect: _Served(gateway.create_app(gateway.Backend(dialect, _base(dialect, backends[dialect]), "k")))
        for dialect in BACKENDS
    }
    yield served
    for s in served.values():
        s.stop()


# ── what the client must see ──────────────────────────────────────────────────


def expected(backend: str, stream: bool, tools: bool, client: str) -> dict[str, Any]:
    """The canonical Response of the backend's body, as much of it as the client's wire carries."""
    request = lc.Request(model=MODEL, messages=(lc.Message.user("hi"),))
    body = backend_body(backend, stream, tools)
    if stream:
        response = lc.assemble(lc.stream.decode(backend, [body], request=request), request=request)
    else:
        response = lc.decode_response(backend, body, request=request)
    usage = response.usage
    if (
        backend == "gemini"
        and client != "gemini"
        and usage.reasoning_tokens
        and usage.output_tokens is not None
    ):
        # Gemini's candidatesTokenCount leaves out the thoughts the client's output count includes
        # (the gateway writes the counts in the client's meaning: docs/writers.md, "Usage")
        output = usage.output_tokens + usage.reasoning_tokens
        response = lc.replace(response, usage=lc.replace(usage, output_tokens=output))
    return projection(response, client)


def _needs(dialect: str, what: str) -> None:
    probe = lc.Request(model=MODEL, messages=(lc.Message.user("hi"),))
    try:
        if what == "read":
            lc.decode_request(
                dialect, b'{"model":"m","messages":[{"role":"user","content":"hi"}],"max_tokens":5}'
            )
        elif what == "write":
            lc.stream.Encoder(dialect).feed(lc.StreamStartEvent(id="x", model="m"))
        else:
            lc.build_request(dialect, probe)
    except NotImplementedError as exc:
        pytest.skip(f"needs {what} for {dialect}: {exc}")


def _anthropic_view(message: Any) -> dict[str, Any]:
    blocks = message.content
    finish = {"end_turn": "stop", "tool_use": "tool_call", "max_tokens": "length"}.get(
        message.stop_reason, "stop"
    )
    return {
        "text": "".join(b.text for b in blocks if b.type == "text"),
        "tool_calls": [(b.id, b.name, b.input) for b in blocks if b.type == "tool_use"],
        "thinking": "".join(b.thinking for b in blocks if b.type == "thinking"),
        "finish_reason": finish,
        "usage": (
            message.usage.input_tokens,
            message.usage.output_tokens,
            message.usage.input_tokens + message.usage.output_tokens,
        ),
    }


def _comparable(
    view: dict[str, Any], want: dict[str, Any], backend: str
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Gemini names no tool calls: an id the writer made up is compared by position only."""
    view, want = dict(view), dict(want)
    want.pop("reasoning_state", None)
    if backend == "gemini":
        view["tool_calls"] = [call[1:] for call in view["tool_calls"]]
        want["tool_calls"] = [call[1:] for call in want["tool_calls"]]
    return view, want


# ── the official clients against the gateway ─────────────────────────────────


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tools"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_openai_client(gateways: dict[str, _Served], backend: str, stream: bool, tools: bool) -> None:
    _needs("openai_chat", "read")
    _needs(backend, "build")
    client = openai.OpenAI(api_key="sk-test", base_url=gateways[backend].url + "/v1", max_retries=0)
    kwargs: dict[str, Any] = {"model": MODEL, "messages": [{"role": "user", "content": "hi"}]}
    if tools:
        kwargs["tools"] = [{"type": "function", "function": TOOL}]
    if stream:
        from openai.lib.streaming.chat import ChatCompletionStreamState

        state = ChatCompletionStreamState()
        options = {"include_usage": True}  # (the usage chunk is sent only when asked)
        with client.chat.completions.create(stream=True, stream_options=options, **kwargs) as chunks:
            for chunk in chunks:
                state.handle_chunk(chunk)
        done = state.current_completion_snapshot
    else:
        done = client.chat.completions.create(**kwargs)
    message = done.choices[0].message
    usage = done.usage
    view = {
        "text": message.content or "",
        "tool_calls": [
            (c.id, c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []
        ],
        "thinking": (getattr(message, "model_extra", None) or {}).get("reasoning_content") or "",
        "finish_reason": {"tool_calls": "tool_call"}.get(
            done.choices[0].finish_reason, done.choices[0].finish_reason
        ),
        "usage": (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens) if usage else (None,) * 3,
    }
    got, want = _comparable(view, expected(backend, stream, tools, "openai_chat"), backend)
    assert got == want


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tools"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_anthropic_client(gateways: dict[str, _Served], backend: str, stream: bool, tools: bool) -> None:
    _needs("anthropic", "read")
    _needs("anthropic", "write")
    _needs(backend, "build")
    client = anthropic.Anthropic(api_key="sk-ant-test", base_url=gateways[backend].url, max_retries=0)
    kwargs: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 64,
        "messages": [{"role": "user", "content": "hi"}],
    }
    if tools:
        kwargs["tools"] = [
            {"name": TOOL["name"], "description": TOOL["description"], "input_schema": TOOL["parameters"]}
        ]
    if stream:
        with client.messages.stream(**kwargs) as events:
            message = events.get_final_message()
    else:
        message = client.messages.create(**kwargs)
    got, want = _comparable(_anthropic_view(message), expected(backend, stream, tools, "anthropic"), backend)
    want["usage"] = (
        want["usage"][0] or 0,
        want["usage"][1] or 0,
        (want["usage"][0] or 0) + (want["usage"][1] or 0),
    )
    assert got == want


def _keys(value: Any) -> set[str]:
    """Every object key anywhere in a JSON value."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


@pytest.mark.parametrize("backend", ["openai", "openai_chat", "gemini"])
def test_an_anthropic_clients_own_keys_never_reach_another_backend(
    gateways: dict[str, _Served], backend: str
) -> None:
    """System blocks and tools with cache marks (kept in extensions for Anthropic's fixed point)
    reach another backend as its own system prompt and tools, never in Anthropic's shape."""
    client = anthropic.Anthropic(api_key="sk-ant-test", base_url=gateways[backend].url, max_retries=0)
    message = client.messages.create(
        model=MODEL,
        max_tokens=256,
        system=[
            {"type": "text", "text": "You are a helpful agent.", "cache_control": {"type": "ephemeral"}},
            {"type": "text", "text": "Be terse."},
        ],
        tools=[
            {
                "name": TOOL["name"],
                "description": TOOL["description"],
                "input_schema": TOOL["parameters"],
                "cache_control": {"type": "ephemeral"},
            }
        ],
        metadata={"user_id": "u-1"},
        messages=[{"role": "user", "content": "hi"}],
    )
    assert message.content
    sent = RECEIVED[backend][-1]
    assert not {"system", "input_schema", "cache_control", "metadata"} & _keys(sent), sent
    text = json.dumps(sent)
    assert "You are a helpful agent." in text and "Be terse." in text and TOOL["name"] in text


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("signature", ["", None], ids=["empty signature", "no signature"])
def test_an_anthropic_client_replaying_unsigned_thinking_gets_its_next_turn(
    gateways: dict[str, _Served], backend: str, signature: str | None
) -> None:
    """Thinking another backend produced reaches an Anthropic client unsigned; the client sends it
    back on its next turn, and the gateway leaves it out of the backend's request (it read the
    turn with lc.decode_request before, which refuses unsigned thinking: a 400 on every turn 2)."""
    client = anthropic.Anthropic(api_key="sk-ant-test", base_url=gateways[backend].url, max_retries=0)
    thinking: dict[str, Any] = {"type": "thinking", "thinking": "Weighing the options."}
    if signature is not None:
        thinking["signature"] = signature
    message = client.messages.create(
        model=MODEL,
        max_tokens=64,
        messages=[
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [thinking, {"type": "text", "text": "Hello."}]},
            {"role": "user", "content": "and now?"},
        ],
    )
    assert message.content
    sent = json.dumps(RECEIVED[backend][-1])
    assert "Weighing the options." not in sent and "and now?" in sent and "Hello." in sent


# ── the backend half, from a canonical Request ───────────────────────────────


def _forward(backend: str, url: str, dialect: str, stream: bool, tools: bool) -> tuple[int, bytes]:
    tool_defs = (
        lc.FunctionTool(name=TOOL["name"], description=TOOL["description"], parameters=TOOL["parameters"]),
    )
    request = lc.Request(model=MODEL, messages=(lc.Message.user("hi"),), tools=tool_defs if tools else ())

    async def run() -> tuple[int, bytes]:
        async with httpx.AsyncClient(base_url=url) as http:
            answer = await gateway.forward(
                gateway.Backend(backend, client=http), dialect, request, stream=stream
            )
            if isinstance(answer, StreamingResponse):
                pieces = [piece async for piece in answer.body_iterator]
                return answer.status_code, b"".join(p if isinstance(p, bytes) else p.encode() for p in pieces)
            return answer.status_code, bytes(answer.body)

    return asyncio.run(run())


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tools"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_forward_to_chat_clients(
    backends: dict[str, _Served], backend: str, stream: bool, tools: bool
) -> None:
    _needs(backend, "build")
    status, body = _forward(backend, _base(backend, backends[backend]), "openai_chat", stream, tools)
    assert status == 200
    if stream:
        view = {k: v for k, v in sdk_chat(body).items() if k not in ("id", "model")}
    else:
        response = lc.decode_response("openai_chat", body)
        view = projection(response, "openai_chat")
    got, want = _comparable(view, expected(backend, stream, tools, "openai_chat"), backend)
    assert got == want


@pytest.mark.parametrize("tools", [False, True], ids=["text", "tools"])
@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("backend", BACKENDS)
def test_forward_to_anthropic_clients(
    backends: dict[str, _Served], backend: str, stream: bool, tools: bool
) -> None:
    _needs(backend, "build")
    _needs("anthropic", "write")
    status, body = _forward(backend, _base(backend, backends[backend]), "anthropic", stream, tools)
    assert status == 200
    media = "text/event-stream" if stream else "application/json"

    transport = pytest.importorskip("httpx2", reason="the anthropic SDK's transport")

    def handler(request: Any) -> Any:
        return transport.Response(200, headers={"content-type": media}, content=body)

    http = transport.Client(transport=transport.MockTransport(handler))
    client = anthropic.Anthropic(api_key="sk-ant-test", base_url="http://sdk.test", http_client=http)
    kwargs: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 64,
        "messages": [{"role": "user", "content": "hi"}],
    }
    if stream:
        with client.messages.stream(**kwargs) as events:
            message = events.get_final_message()
    else:
        message = client.messages.create(**kwargs)
    got, want = _comparable(_anthropic_view(message), expected(backend, stream, tools, "anthropic"), backend)
    want["usage"] = (
        want["usage"][0] or 0,
        want["usage"][1] or 0,
        (want["usage"][0] or 0) + (want["usage"][1] or 0),
    )
    assert got == want


def test_a_backend_error_keeps_its_status_in_the_client_dialect(backends: dict[str, _Served]) -> None:
    def handler(request: Any) -> Any:
        return httpx.Response(429, content=b'{"error":{"message":"slow down"}}')

    async def run() -> Any:
        async with httpx.AsyncClient(transport=httpx.MockTransport(handler), base_url="http://x") as http:
            request = lc.Request(model=MODEL, messages=(lc.Message.user("hi"),))
            return await gateway.forward(
                gateway.Backend("openai_chat", client=http), "anthropic", request, stream=True
            )

    _needs("openai_chat", "build")
    answer = asyncio.run(run())
    assert answer.status_code == 429
    body = json.loads(bytes(answer.body))
    assert body["type"] == "error" and "slow down" in body["error"]["message"]


def test_a_stop_sequence_a_responses_backend_cannot_take_cuts_the_clients_stream(
    gateways: dict[str, _Served],
) -> None:
    """Red-team gateway F08: ``stop`` to a Responses backend is a client_side Adaptation; the
    gateway applies it (``atranslate(..., adaptations=built.adaptations)``), so the client gets the
    text before its stop sequence, finish ``stop``, as lm15's runtime gives it."""
    _needs("openai_chat", "read")
    _needs("openai", "build")
    whole = expected("openai", True, False, "openai_chat")["text"]
    stop = whole[len(whole) // 2 : len(whole) // 2 + 3]
    client = openai.OpenAI(api_key="sk-test", base_url=gateways["openai"].url + "/v1", max_retries=0)
    with client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "hi"}], stop=[stop], stream=True
    ) as chunks:
        seen = list(chunks)
    text = "".join(c.choices[0].delta.content or "" for c in seen if c.choices)
    finish = [c.choices[0].finish_reason for c in seen if c.choices and c.choices[0].finish_reason]
    assert stop and text == whole[: whole.index(stop)]
    assert finish == ["stop"]
    assert "stop" not in RECEIVED["openai"][-1]


def test_a_stop_sequence_a_responses_backend_cannot_take_cuts_a_non_streamed_answer_too(
    gateways: dict[str, _Served],
) -> None:
    """lm15 streams under the hood to apply a client-side stop to a non-streamed call; so does the
    gateway: the client's body holds the text before its stop sequence, finish ``stop``."""
    _needs("openai_chat", "read")
    _needs("openai", "build")
    whole = expected("openai", True, False, "openai_chat")["text"]
    stop = whole[len(whole) // 2 : len(whole) // 2 + 3]
    client = openai.OpenAI(api_key="sk-test", base_url=gateways["openai"].url + "/v1", max_retries=0)
    done = client.chat.completions.create(
        model=MODEL, messages=[{"role": "user", "content": "hi"}], stop=[stop]
    )
    assert stop and done.choices[0].message.content == whole[: whole.index(stop)]
    assert done.choices[0].finish_reason == "stop"
    assert RECEIVED["openai"][-1].get("stream") is True and "stop" not in RECEIVED["openai"][-1]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_chat_client_that_did_not_ask_for_usage_gets_no_usage_chunk(
    gateways: dict[str, _Served], backend: str
) -> None:
    """Red-team gateway F16: OpenAI sends the ``choices: []`` usage chunk only with
    ``stream_options.include_usage``; the gateway sent it to every Chat client."""
    _needs("openai_chat", "read")
    _needs(backend, "build")
    client = openai.OpenAI(api_key="sk-test", base_url=gateways[backend].url + "/v1", max_retries=0)
    messages = [{"role": "user", "content": "hi"}]
    with client.chat.completions.create(model=MODEL, messages=messages, stream=True) as chunks:
        plain = list(chunks)
    with client.chat.completions.create(
        model=MODEL, messages=messages, stream=True, stream_options={"include_usage": True}
    ) as chunks:
        asked = list(chunks)
    assert plain and all(chunk.choices for chunk in plain)
    assert asked[-1].choices == [] and asked[-1].usage is not None


@pytest.mark.parametrize(
    ("failure", "status"),
    [(httpx.ConnectError("connection refused"), 502), (httpx.ReadTimeout("timed out"), 504)],
    ids=["refused", "timeout"],
)
@pytest.mark.parametrize("client", ["anthropic", "openai_chat"])
def test_an_unreachable_backend_is_a_502_in_the_client_dialect(
    backends: dict[str, _Served], failure: Exception, status: int, client: str
) -> None:
    """redteam8 F08: Starlette's text/plain 500 Internal Server Error before (the cause lost)."""

    def handler(request: Any) -> Any:
        raise failure

    async def run() -> Any:
        async with httpx.AsyncClient(transport=httpx.MockTransport(handler), base_url="http://x") as http:
            request = lc.Request(model=MODEL, messages=(lc.Message.user("hi"),))
            return await gateway.forward(
                gateway.Backend("openai_chat", client=http), client, request, stream=True
            )

    _needs("openai_chat", "build")
    answer = asyncio.run(run())
    assert answer.status_code == status and answer.media_type == "application/json"
    body = json.loads(bytes(answer.body))
    error = body["error"]
    assert (body.get("type") == "error") == (client == "anthropic")
    assert "could not be reached" in error["message"] and type(failure).__name__ in error["message"]


@pytest.mark.parametrize("client", ["anthropic", "openai_chat"])
def test_a_malformed_client_body_is_an_invalid_request_error(client: str) -> None:
    """redteam8 F08: a 400 for the client's own body was typed api_error; the APIs say
    invalid_request_error."""
    body = json.loads(gateway._error_body(client, 400, "bad body"))
    assert body["error"]["type"] == "invalid_request_error"
    assert json.loads(gateway._error_body(client, 500, "x"))["error"]["type"] == "api_error"
