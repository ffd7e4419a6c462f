"""Bodies as the official SDKs send them, captured offline (httpx MockTransport answering 500)."""

from typing import Any

import httpx


def _client(seen: list[bytes]) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.content)
        return httpx.Response(500, json={"error": {"message": "captured"}})

    return httpx.Client(transport=httpx.MockTransport(handler))


def responses_body(**params: Any) -> bytes:
    """What the openai SDK sends for client.responses.create(**params)."""
    import openai

    seen: list[bytes] = []
    client = openai.OpenAI(api_key="x", base_url="http://gw/v1", http_client=_client(seen), max_retries=0)
    try:
        client.responses.create(**params)
    except openai.APIError:
        pass
    return seen[-1]


def gemini_body(contents: Any, config: Any = None, model: str = "gemini-2.5-flash") -> bytes:
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
    return seen[-1]


def chat_body(**params: Any) -> bytes:
    """What the openai SDK sends for client.chat.completions.create(**params)."""
    import openai

    seen: list[bytes] = []
    client = openai.OpenAI(api_key="x", base_url="http://gw/v1", http_client=_client(seen), max_retries=0)
    try:
        client.chat.completions.create(**params)
    except openai.APIError:
        pass
    return seen[-1]
