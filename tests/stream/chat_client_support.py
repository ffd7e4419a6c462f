"""What the SDKs hand a client of a translated Chat Completions stream: the error each dialect's SDK
raises or hands over where the stream ends with one (shared by tests/stream/test_translate_chat_*.py;
the openai SDK's Chat client and accumulator are write_support's chat_chunks and chat_completion)."""

from __future__ import annotations

import anthropic
import pytest
from google.genai import errors as genai_errors

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import _client


def responses_error(body: bytes) -> str:
    """The message of the ``error`` event the openai SDK hands a Responses client (its
    ``responses.stream()`` yields the event and the ``response.failed`` after it)."""
    with _client(body).responses.stream(model="m-1", input="hi") as stream:
        events = list(stream)
    assert events[-1].type == "response.failed"
    return str(next(event for event in events if event.type == "error").message)


def anthropic_error(body: bytes) -> str:
    with pytest.raises(anthropic.APIError) as raised:
        sdk_anthropic(body)
    return str(raised.value)


def gemini_error(body: bytes) -> str:
    with pytest.raises(genai_errors.APIError) as raised:
        sdk_gemini(body)
    return str(raised.value)
