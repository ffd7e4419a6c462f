"""A Responses stream ended by ``response.failed`` reaches every client as the backend's error.

Red team 14 F02: lm15 1.5.0's Responses adapter maps ``response.failed`` to nothing (``decode`` and
``assemble`` keep that: no end), so ``translate`` ended such a stream with lmcodec's own "the source
stream ended without an end event" (code ``provider``): a client never saw the backend's
``error.code`` / ``error.message`` (Codex compacts and retries on ``context_length_exceeded``). It
now gets the error the failed response names, as the same pair in an ``error`` event reaches it.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai
import pytest
from google.genai import errors as genai_errors

import lmcodec as lc

from ..providers.sdk_readers import gemini_chunks, sdk_anthropic
from .write_support import REQUEST, _client, response_object, sdk_chat

_MESSAGE = "Your input exceeds the context window of this model."


def _stream(last: dict[str, Any], done: bool = False) -> bytes:
    frames = [
        {"type": "response.created", "response": response_object("in_progress")},
        {"type": "response.in_progress", "response": response_object("in_progress")},
        last,
    ]
    body = b"".join(
        f"event: {frame['type']}\ndata: {json.dumps(dict(frame, sequence_number=n))}\n\n".encode()
        for n, frame in enumerate(frames)
    )
    return body + (b"data: [DONE]\n\n" if done else b"")


def _failed(code: str, done: bool = False) -> bytes:
    error = {"code": code, "message": _MESSAGE}
    return _stream({"type": "response.failed", "response": response_object("failed", error=error)}, done)


def _error_event(code: str) -> bytes:
    return _stream({"type": "error", "code": code, "message": _MESSAGE, "param": None})


def _translated(dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate("openai", dst, [body], request=REQUEST))


def _seen(dst: str, body: bytes) -> Any:
    """What the client's SDK reports for the written stream: its error's type, code and message."""
    written = _translated(dst, body)
    if dst == "openai":
        with _client(written).responses.stream(model="m-1", input="hi") as stream:
            events = list(stream)
        error = next(event for event in events if event.type == "error")
        return ("error", error.code, error.message, events[-1].type)
    if dst == "openai_chat":
        with pytest.raises(openai.APIError) as chat:
            sdk_chat(written)
        return (type(chat.value).__name__, chat.value.code, chat.value.message)
    if dst == "anthropic":
        with pytest.raises(anthropic.APIError) as messages:
            sdk_anthropic(written)
        return (type(messages.value).__name__, messages.value.body)
    with pytest.raises(genai_errors.APIError) as gemini:
        gemini_chunks(written)
    return (gemini.value.code, gemini.value.status, gemini.value.message)


@pytest.mark.parametrize("code", ["server_error", "context_length_exceeded", "rate_limit_exceeded"])
@pytest.mark.parametrize("dst", ["openai", "openai_chat", "anthropic", "gemini"])
def test_a_failed_response_reaches_the_client_as_the_same_error_event_does(dst: str, code: str) -> None:
    seen = _seen(dst, _failed(code))
    assert seen == _seen(dst, _error_event(code))
    assert _MESSAGE in repr(seen)
    assert seen == _seen(dst, _failed(code, done=True))  # a [DONE] after it


def test_a_failed_response_without_an_error_object_still_ends_as_a_cut_stream() -> None:
    body = _stream({"type": "response.failed", "response": response_object("failed")})
    with pytest.raises(openai.APIError) as raised:
        sdk_chat(_translated("openai_chat", body))
    assert "without an end event" in str(raised.value)


def test_decoding_keeps_lm15_s_reading_of_a_failed_response() -> None:
    events = list(lc.stream.decode("openai", [_failed("server_error")], request=REQUEST))
    assert not any(isinstance(event, (lc.StreamEndEvent, lc.StreamErrorEvent)) for event in events)


@pytest.mark.parametrize(
    "code",
    [
        "context_length_exceeded",
        "insufficient_quota",
        "model_not_found",
        "server_error",
        "rate_limit_exceeded",
    ],
)
def test_a_responses_client_gets_the_backend_s_failed_response_code_and_message(code: str) -> None:
    """Responses -> Responses: the written ``response.failed`` says the backend's ``error.code`` and
    ``error.message`` (Codex compacts on ``context_length_exceeded``); it said ``invalid_prompt``
    for every code the openai SDK's Literal lacks."""
    written = _translated("openai", _failed(code))
    with _client(written).responses.stream(model="m-1", input="hi") as stream:
        events = list(stream)
    failed = events[-1]
    assert failed.type == "response.failed"
    assert failed.response.error is not None
    assert (failed.response.error.code, failed.response.error.message) == (code, _MESSAGE)
