"""A Chat Completions audio answer through ``stream.translate`` (red team 14 F10).

With ``modalities: ["text", "audio"]`` a Chat backend streams its answer as ``delta.audio``
fragments (``{id, transcript}``, ``{data}``, ..., ``{data, expires_at}``) with ``content: null``.
lm15's Chat adapter reads no ``audio`` (``decode`` / ``assemble`` keep that), and ``translate``
gave a Chat client an empty ``stop`` answer, nothing named. A Chat client now gets every fragment as
it came (the openai SDK's ``ChoiceDelta.audio``, and its accumulator's message); another dialect has
no form for it (the data's format is the request's, not the stream's): its stream ends with an
error naming the audio.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from openai.lib.streaming.chat import ChatCompletionStreamState

import lmcodec as lc

from .chat_client_support import anthropic_error, gemini_error, responses_error
from .write_support import REQUEST, chat_chunks

_BASE = {
    "id": "chatcmpl-a1",
    "object": "chat.completion.chunk",
    "created": 1,
    "model": "gpt-4o-audio-preview",
}
_USAGE = {"prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30}
_PCM = [base64.b64encode(bytes([i, i + 1]) * 40).decode() for i in (0, 2)]


def _chunk(delta: dict[str, Any] | None, finish: str | None = None, **extra: Any) -> bytes:
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]
    return b"data: " + json.dumps(dict(_BASE, choices=choices, **extra)).encode() + b"\n\n"


FRAGMENTS: list[dict[str, Any]] = [
    {"id": "audio_1", "transcript": "Hi"},
    {"data": _PCM[0]},
    {"transcript": " there"},
    {"data": _PCM[1], "expires_at": 1760003600},
]
STREAM = (
    _chunk({"role": "assistant", "content": None, "audio": FRAGMENTS[0]})
    + b"".join(_chunk({"audio": fragment}) for fragment in FRAGMENTS[1:])
    + _chunk({}, "stop")
    + _chunk(None, usage=_USAGE)
    + b"data: [DONE]\n\n"
)


def _client_audio(body: bytes) -> tuple[list[dict[str, Any]], Any, str | None]:
    """Each ``delta.audio`` the openai SDK hands a Chat client, the accumulated message's audio,
    and its finish reason."""
    fragments: list[dict[str, Any]] = []
    state = ChatCompletionStreamState()
    for chunk in chat_chunks(body):
        state.handle_chunk(chunk)
        for choice in chunk.choices:
            if choice.delta.audio is not None:
                fragments.append(choice.delta.audio.model_dump(exclude_unset=True))
    choice = state.current_completion_snapshot.choices[0]
    return fragments, choice.message.model_dump().get("audio"), choice.finish_reason


def _translated(dst: str, chunks: list[bytes]) -> bytes:
    return b"".join(lc.stream.translate("openai_chat", dst, chunks, request=REQUEST))


@pytest.mark.parametrize("per_event", [False, True], ids=["whole", "per-event"])
def test_a_chat_client_gets_every_audio_fragment_as_the_backend_sent_it(per_event: bool) -> None:
    expected = _client_audio(STREAM)
    assert expected[0] == FRAGMENTS  # (the source, as the SDK reads it)
    chunks = [event + b"\n\n" for event in STREAM.split(b"\n\n") if event] if per_event else [STREAM]
    assert _client_audio(_translated("openai_chat", chunks)) == expected


@pytest.mark.parametrize(
    ("dst", "read"),
    [("openai", responses_error), ("anthropic", anthropic_error), ("gemini", gemini_error)],
)
def test_another_dialect_s_stream_ends_with_an_error_naming_the_audio(dst: str, read: Any) -> None:
    message = read(_translated(dst, [STREAM]))
    assert "delta.audio" in message


def test_decoding_keeps_lm15_s_reading_of_an_audio_answer() -> None:
    response = lc.assemble(lc.stream.decode("openai_chat", [STREAM], request=REQUEST))
    assert [type(part).__name__ for part in response.message.parts] == ["TextPart"]
