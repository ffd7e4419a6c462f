"""Request bodies as the official SDKs send them, captured offline (httpx MockTransport answering 500)."""

from __future__ import annotations

import json
from typing import Any

import httpx


def _client(seen: list[bytes]) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.content)
        return httpx.Response(500, json={"error": {"message": "captured"}})

    return httpx.Client(transport=httpx.MockTransport(handler))


def _openai(seen: list[bytes]) -> Any:
    import openai

    return openai.OpenAI(api_key="x", base_url="http://gw/v1", http_client=_client(seen), max_retries=0)


def responses_body(**params: Any) -> dict[str, Any]:
    """What the openai SDK sends for client.responses.create(**params)."""
    import openai

    seen: list[bytes] = []
    try:
        _openai(seen).responses.create(**params)
    except openai.APIError:
        pass
    return json.loads(seen[-1])  # type: ignore[no-any-return]


def chat_body(**params: Any) -> dict[str, Any]:
    """What the openai SDK sends for client.chat.completions.create(**params)."""
    import openai

    seen: list[bytes] = []
    try:
        _openai(seen).chat.completions.create(**params)
    except openai.APIError:
        pass
    return json.loads(seen[-1])  # type: ignore[no-any-return]


def anthropic_body(beta: bool = False, **params: Any) -> dict[str, Any]:
    """What the anthropic SDK sends for client.messages.create(**params) (beta: client.beta.messages)."""
    import anthropic

    import httpx2  # the anthropic SDK in this venv runs on httpx2

    seen: list[bytes] = []

    def handler(request: Any) -> Any:
        seen.append(request.content)
        return httpx2.Response(500, json={"error": {"message": "captured"}})

    http = httpx2.Client(transport=httpx2.MockTransport(handler))
    client = anthropic.Anthropic(api_key="x", base_url="http://gw", http_client=http, max_retries=0)
    try:
        (client.beta.messages if beta else client.messages).create(**params)
    except anthropic.APIError:
        pass
    return json.loads(seen[-1])  # type: ignore[no-any-return]


def gemini_body(contents: Any, config: Any = None, model: str = "gemini-2.5-flash") -> dict[str, Any]:
    """What google-genai sends for client.models.generate_content(...)."""
    from google import genai
    from google.genai import errors, types

    seen: list[bytes] = []
    options = types.HttpOptions(httpx_client=_client(seen), base_url="http://gw", retry_options=None)
    client = genai.Client(api_key="x", http_options=options)
    try:
        client.models.generate_content(model=model, contents=contents, config=config)
    except errors.APIError:
        pass
    return json.loads(seen[-1])  # type: ignore[no-any-return]
