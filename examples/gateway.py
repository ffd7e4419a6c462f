"""A gateway: OpenAI Chat Completions and Anthropic Messages endpoints over any of the four backends.

    pip install -e '.[gateway]'    # from the root of a checkout of lmcodec
    LMCODEC_BACKEND=anthropic LMCODEC_BACKEND_URL=https://api.anthropic.com \\
        LMCODEC_BACKEND_KEY=sk-ant-... uvicorn gateway:app --app-dir examples

Then point any OpenAI client at ``http://127.0.0.1:8000/v1`` or any Anthropic
client at ``http://127.0.0.1:8000``: the client cannot tell which dialect the
backend speaks. Per request:

1. ``lc.translate_request(dialect, backend, body, stream=...)``: the backend's
   request (path, non-secret headers, body); the client dialect's own keys (its
   ``Config.extensions``) are never forwarded to another dialect: mapped onto
   canonical fields or dropped, each listed in ``.adaptations`` (so is unsigned
   thinking a client replays: no provider takes it back); the credential is
   added here;
2. the request is sent to the backend as built, and its answer read with a
   Request naming the client's model (``_answer_request``);
3. streamed: the backend's SSE bytes go through ``lc.stream.atranslate`` into
   the client's dialect chunk by chunk, as they arrive, with the built request's
   adaptations (a ``stop`` a Responses backend cannot take is applied there, as
   lm15's runtime applies it: the text cut before the first stop sequence; a
   body the client wants is then asked for as a stream, cut, and assembled), and
   a Chat client's ``stream_options.include_usage`` (the usage chunk only when
   asked, as OpenAI sends it); not streamed: the body goes through
   ``lc.translate_response`` (``lc.decode_response`` and ``lc.encode_response``, with the
   same adaptations: a function renamed for the backend, ``2fa_verify`` sent to Gemini as
   ``_2fa_verify``, is called under the client's name, as in a stream; a Gemini body Google
   filtered is the client's content-filter finish, as streamed, not an error its SDK retries).

A Chat Completions client in front of an Anthropic backend with thinking and
tools gets each signed thinking block as ``thinking_blocks`` on its message
(the openai SDK keeps the field) and sends it back on its assistant message, as
Anthropic requires for the turn after a tool call (``docs/writers.md``).

A backend error (HTTP status >= 400) is answered with the same status and the
client dialect's error body, with the backend's ``retry-after``, ``retry-after-ms`` and
``x-should-retry`` headers (``RETRY_HEADERS``: the client SDKs' retry rule reads them).
Starlette, uvicorn and httpx are the ``gateway`` extra, never dependencies of lmcodec.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from typing import Any, Final

import httpx
import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

import lmcodec as lc

__all__ = ["BASE_URLS", "RETRY_HEADERS", "Backend", "create_app", "forward", "send"]

BASE_URLS: Final[dict[lc.Provider, str]] = {
    "openai": "https://api.openai.com/v1",
    "openai_chat": "https://api.openai.com/v1",
    "anthropic": "https://api.anthropic.com",
    "gemini": "https://generativelanguage.googleapis.com",
}
"""Where each backend's ``build_request`` path is relative to."""


class _ClientHead(msgspec.Struct):
    """What the gateway reads of a client body itself: whether to stream, the model (a Gemini
    backend's body does not name it: its request is read back with this one), and a Chat client's
    ``stream_options`` (the usage chunk is sent only to a client that asked for it)."""

    stream: bool | None = None  # null: no stream, as translate_request reads it (Chat types it Optional)
    model: str | None = None
    stream_options: Any = None

    @property
    def include_usage(self) -> bool:
        options = self.stream_options
        return isinstance(options, dict) and options.get("include_usage") is True


_client_head: Final = msgspec.json.Decoder(_ClientHead)


def _auth(backend: str, key: str) -> dict[str, str]:
    if not key:
        return {}
    if backend == "anthropic":
        return {"x-api-key": key}
    if backend == "gemini":
        return {"x-goog-api-key": key}
    return {"authorization": f"Bearer {key}"}


def _error_body(dialect: str, status: int, message: str) -> bytes:
    """An error body as the client's SDK reads it (its ``APIStatusError`` carries the message)."""
    invalid = status == 400  # the client's own body: both APIs type it invalid_request_error
    if dialect == "anthropic":
        kinds = {400: "invalid_request_error", 401: "authentication_error", 429: "rate_limit_error"}
        kind = kinds.get(status, "api_error")
        return msgspec.json.encode({"type": "error", "error": {"type": kind, "message": message}})
    kind = "invalid_request_error" if invalid else "api_error"
    return msgspec.json.encode({"error": {"message": message, "type": kind, "param": None, "code": None}})


RETRY_HEADERS: Final = ("retry-after", "retry-after-ms", "x-should-retry")
"""The headers of a backend's error answer the openai and anthropic SDKs retry by (their
``_base_client``: how long to wait, and whether to retry at all, over their own rule by status):
passed on with the error, or the client retries on its own short backoff into the same limit."""


def _retry_headers(headers: Any) -> dict[str, str]:
    return {name: headers[name] for name in RETRY_HEADERS if name in headers}


class Backend:
    """One backend: its dialect, base URL, credential and the HTTP client that reaches it."""

    def __init__(
        self, dialect: str, base_url: str | None = None, key: str = "", *, client: Any = None
    ) -> None:
        # a name from the environment is a str: the BASE_URLS key equal to it is an lc.Provider
        known = next((name for name in BASE_URLS if name == dialect), None)
        if known is None:
            raise ValueError(f"unknown backend dialect {dialect!r}; expected one of {sorted(BASE_URLS)}")
        self.dialect: lc.Provider = known
        self.key = key
        self.client = client or httpx.AsyncClient(base_url=base_url or BASE_URLS[known], timeout=600)


async def forward(backend: Backend, dialect: lc.Provider, request: lc.Request, *, stream: bool) -> Response:
    """A canonical ``request`` sent to ``backend``, answered in the client's ``dialect``."""
    built = lc.build_request(backend.dialect, request, stream=stream)
    if not stream and _cuts_at_stop(built):  # streamed under the hood, as lm15 does (send)
        built = lc.build_request(backend.dialect, request, stream=True)
    return await send(backend, dialect, built, request, stream=stream)


def _cuts_at_stop(built: lc.ProviderRequest) -> bool:
    """Whether the client's stop sequences are the gateway's to apply (a Responses backend has no
    stop field: a ``client_side`` Adaptation, MAP-13)."""
    return any(a.field == "config.stop" and a.action == "client_side" for a in built.adaptations)


async def send(
    backend: Backend,
    dialect: lc.Provider,
    built: lc.ProviderRequest,
    request: lc.Request,
    *,
    stream: bool,
    include_usage: bool = True,
) -> Response:
    """``built`` sent to ``backend``; its answer (read with ``request``) in the client's ``dialect``
    (``include_usage``: a Chat client's ``stream_options.include_usage``). A stop sequence the
    backend cannot take is applied as lm15 applies it: a streamed answer is cut by
    ``atranslate``; a body is asked for as a stream (``built`` is a streamed request then), cut
    the same way and assembled."""
    headers = {**built.headers, **_auth(backend.dialect, backend.key)}
    outgoing = backend.client.build_request(built.method, built.path, content=built.body, headers=headers)
    streamed = stream or _cuts_at_stop(built)
    try:
        upstream = await backend.client.send(outgoing, stream=streamed)
    except httpx.TransportError as exc:  # unreachable, refused, timed out: the client may retry
        status = 504 if isinstance(exc, httpx.TimeoutException) else 502
        message = f"the backend could not be reached: {type(exc).__name__}: {exc}"
        return Response(
            _error_body(dialect, status, message), status_code=status, media_type="application/json"
        )
    if upstream.status_code >= 400:
        body = await upstream.aread()
        await upstream.aclose()
        message = body.decode("utf-8", "replace")[:2000] or f"backend answered {upstream.status_code}"
        return Response(
            _error_body(dialect, upstream.status_code, message),
            status_code=upstream.status_code,
            headers=_retry_headers(upstream.headers),
            media_type="application/json",
        )
    if not stream:
        try:
            if streamed:
                response = await _cut_answer(backend.dialect, upstream, request, built.adaptations)
                body = lc.encode_response(  # counts in its meaning, calls under the client's names
                    dialect, response, usage_from=backend.dialect, adaptations=built.adaptations
                )
            else:  # the same, and a body Google filtered is the client's content-filter finish
                body = lc.translate_response(
                    backend.dialect, dialect, upstream.content, request=request, adaptations=built.adaptations
                )
        except lc.LmcodecError as exc:  # the backend's body is not one its dialect allows
            return Response(
                _error_body(dialect, 502, str(exc)), status_code=502, media_type="application/json"
            )
        return Response(body, media_type="application/json")

    async def translated() -> AsyncIterator[bytes]:
        try:
            async for chunk in lc.stream.atranslate(
                backend.dialect,
                dialect,
                upstream.aiter_bytes(),
                request=request,
                adaptations=built.adaptations,
                include_usage=include_usage,
            ):
                yield chunk
        finally:
            await upstream.aclose()

    return StreamingResponse(
        translated(), media_type="text/event-stream", headers={"cache-control": "no-cache"}
    )


async def _cut_answer(
    dialect: lc.Provider, upstream: Any, request: lc.Request, adaptations: tuple[lc.Adaptation, ...]
) -> lc.Response:
    """A streamed answer cut at the client's stop sequence (the rest of it unread), assembled."""
    try:
        chunks = [
            chunk
            async for chunk in lc.stream.atranslate(
                dialect, dialect, upstream.aiter_bytes(), request=request, adaptations=adaptations
            )
        ]
    finally:
        await upstream.aclose()
    return lc.assemble(lc.stream.decode(dialect, chunks, request=request), request=request)


def _answer_request(model: str) -> lc.Request:
    """The Request a backend's answer is read with: the model the client named, which names a
    stream whose wire names none (Chat, Gemini). The body ``translate_request`` built is not read
    again: ``decode_request``, stricter than the reading that built it, refuses some of what it
    carries (a strict tool, a titled document: red team 29 F04). The client's response format is
    left out, so a structured answer's text reaches the client as the backend wrote it (lm15 reads
    a judgment schema's answer as a DataPart, which a writer spells again as compact JSON)."""
    return lc.Request(model=model, messages=(lc.Message.user(""),))


def create_app(backend: Backend) -> Starlette:
    """The ASGI app: ``POST /v1/chat/completions`` (OpenAI Chat) and ``POST /v1/messages`` (Anthropic)."""

    async def serve(dialect: lc.Provider, http: Request) -> Response:
        body = await http.body()
        try:
            head = _client_head.decode(body)
            stream = head.stream is True
            built = lc.translate_request(dialect, backend.dialect, body, stream=stream)
            if not stream and _cuts_at_stop(built):  # streamed under the hood, as lm15 does (send)
                built = lc.translate_request(dialect, backend.dialect, body, stream=True)
            request = _answer_request(head.model or "")
        except (lc.LmcodecError, ValueError, msgspec.DecodeError) as exc:
            return Response(
                _error_body(dialect, 400, str(exc)), status_code=400, media_type="application/json"
            )
        except RecursionError:  # msgspec's depth limit, reading the head before translate_request's checks
            return Response(
                _error_body(dialect, 400, "the request body nests deeper than the JSON parser allows"),
                status_code=400,
                media_type="application/json",
            )
        return await send(backend, dialect, built, request, stream=stream, include_usage=head.include_usage)

    async def chat_completions(http: Request) -> Response:
        return await serve("openai_chat", http)

    async def messages(http: Request) -> Response:
        return await serve("anthropic", http)

    return Starlette(
        routes=[
            Route("/v1/chat/completions", chat_completions, methods=["POST"]),
            Route("/v1/messages", messages, methods=["POST"]),
        ]
    )


def _from_environment() -> Starlette:
    dialect = os.environ.get("LMCODEC_BACKEND", "openai_chat")
    return create_app(
        Backend(dialect, os.environ.get("LMCODEC_BACKEND_URL"), os.environ.get("LMCODEC_BACKEND_KEY", ""))
    )


app: Any = _from_environment() if os.environ.get("LMCODEC_BACKEND") else None
"""The app uvicorn serves (``uvicorn gateway:app``), configured from the environment."""
