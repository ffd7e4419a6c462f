"""What the SDKs hand a client of a translated Chat Completions stream: the openai SDK's Chat
client and accumulator, and the error each other dialect's SDK raises or hands over where the
stream ends with one (shared by tests/stream/test_translate_chat_*.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import anthropic
import pytest
from google.genai import errors as genai_errors
from openai.lib.streaming.chat import ChatCompletionStreamState

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import _client


def chat_chunks(body: bytes) -> Iterator[Any]:
    """The chunks the openai SDK's Chat client reads from the stream ``body``, as it reads them
    (an error event raises where it stands)."""
    with _client(body).chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}], stream=True
    ) as stream:
        yield from stream


def chat_completion(body: bytes) -> Any:
    """The ChatCompletion the openai SDK's accumulator (ChatCompletionStreamState) makes of ``body``."""
    state = ChatCompletionStreamState()
    for chunk in chat_chunks(body):
        state.handle_chunk(chunk)
    return state.current_completion_snapshot


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
