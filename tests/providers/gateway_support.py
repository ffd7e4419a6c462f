"""Client bodies as the official SDKs send them, and the destination SDKs' request types, for the
gateway tests (``lc.translate_request``): each ``*_body`` helper runs the SDK's own request call
over an offline httpx MockTransport (answered 500) and returns the JSON it sent; each ``*_accepts``
helper validates a translated body against the destination SDK's typed request model."""

from __future__ import annotations

import json
import os
import ssl
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@cache
def _offline_ssl_context() -> ssl.SSLContext:
    return ssl.create_default_context()


def genai_http_options(httpx_client: Any, **options: Any) -> Any:
    """google-genai ``HttpOptions`` for a client on an offline transport (``httpx_client``).

    Given no SSL context, ``genai.Client`` loads certifi into three new ones (0.06 s of CPU per
    client, most of the time of a test that reads one body); the transport never connects, so one
    shared context stands in for them. What the client sends and reads is unchanged.
    """
    from google.genai import types

    ctx = _offline_ssl_context()
    return types.HttpOptions(
        httpx_client=httpx_client, client_args={"verify": ctx}, async_client_args={"ssl": ctx}, **options
    )


def capturing_client(hx: Any, seen: list[bytes], answer: bytes | None = None) -> Any:
    """An httpx client whose transport records each request body and answers ``answer`` (a JSON
    body), or 500 when there is none."""

    def handler(request: Any) -> Any:
        seen.append(request.content)
        if answer is None:
            return hx.Response(500, json={"error": {"message": "captured"}})
        return hx.Response(200, headers={"content-type": "application/json"}, content=answer)

    return hx.Client(transport=hx.MockTransport(handler))


def captured(call: Callable[[], Any], seen: list[bytes]) -> bytes:
    """The body the SDK sent when ``call`` ran over a :func:`capturing_client` recording into
    ``seen``."""
    try:
        call()
    except Exception:  # the capture answers 500: the body is what the SDK sent
        pass
    return seen[-1]


def chat_body(**params: Any) -> bytes:
    """What the openai SDK sends for ``client.chat.completions.create(**params)``."""
    openai = pytest.importorskip("openai")
    httpx = pytest.importorskip("httpx")
    seen: list[bytes] = []
    client = openai.OpenAI(
        api_key="x", base_url="http://gw/v1", http_client=capturing_client(httpx, seen), max_retries=0
    )
    return captured(lambda: client.chat.completions.create(**params), seen)


def responses_body(**params: Any) -> bytes:
    """What the openai SDK sends for ``client.responses.create(**params)``."""
    openai = pytest.importorskip("openai")
    httpx = pytest.importorskip("httpx")
    seen: list[bytes] = []
    client = openai.OpenAI(
        api_key="x", base_url="http://gw/v1", http_client=capturing_client(httpx, seen), max_retries=0
    )
    return captured(lambda: client.responses.create(**params), seen)


def anthropic_body(**params: Any) -> bytes:
    """What the anthropic SDK sends for ``client.messages.create(**params)``."""
    anthropic = pytest.importorskip("anthropic")
    hx = pytest.importorskip("httpx2")  # the anthropic SDK's HTTP client
    seen: list[bytes] = []
    client = anthropic.Anthropic(
        api_key="x", base_url="http://gw", http_client=capturing_client(hx, seen), max_retries=0
    )
    return captured(lambda: client.messages.create(**params), seen)


def gemini_body(contents: Any, config: Any = None, model: str = "gemini-2.5-flash") -> bytes:
    """What google-genai sends for ``client.models.generate_content(...)``."""
    genai = pytest.importorskip("google.genai")
    httpx = pytest.importorskip("httpx")

    seen: list[bytes] = []
    options = genai_http_options(capturing_client(httpx, seen), base_url="http://gw", retry_options=None)
    client = genai.Client(api_key="x", http_options=options)
    return captured(
        lambda: client.models.generate_content(model=model, contents=contents, config=config), seen
    )


def anthropic_accepts(body: bytes) -> None:
    """Raises unless the anthropic SDK's ``MessageCreateParams`` describes ``body``."""
    from anthropic.types import message_create_params
    from pydantic import TypeAdapter

    TypeAdapter(message_create_params.MessageCreateParamsNonStreaming).validate_python(json.loads(body))


def gemini_tools_accepted(body: bytes) -> None:
    """Raises unless google-genai's ``Tool`` model (extra keys forbidden) takes each tool of ``body``."""
    from google.genai import types

    for tool in json.loads(body).get("tools", []):
        types.Tool.model_validate(tool)


def responses_accepts(body: bytes) -> None:
    """Raises unless the openai SDK's ``ResponseCreateParams`` describes ``body``."""
    from openai.types.responses import response_create_params
    from pydantic import TypeAdapter

    TypeAdapter(response_create_params.ResponseCreateParamsNonStreaming).validate_python(json.loads(body))


def chat_accepts(body: bytes) -> None:
    """Raises unless the openai SDK's ``CompletionCreateParams`` describes ``body``."""
    from openai.types.chat import completion_create_params
    from pydantic import TypeAdapter

    TypeAdapter(completion_create_params.CompletionCreateParamsNonStreaming).validate_python(json.loads(body))


def notes(built: Any, word: str) -> list[tuple[str, str, Any, Any]]:
    """The (field, action, asked, applied) of each adaptation whose field holds ``word``."""
    return [(a.field, a.action, a.asked, a.applied) for a in built.adaptations if word in a.field]
