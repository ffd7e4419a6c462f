"""A Chat stream of several choices (a backend answering a client's ``n > 1``) through
``stream.translate`` (red team 17 F07).

lm15's Chat adapter reads each chunk's first choice as the answer's, whatever its ``index``, so
decoding merges the choices' texts into one (kept: lm15 parity). Translated, a Chat client got
choice 0 carrying "c0w0 c1w0 c2w0 c0w1 ..." and no word of it; now every client's stream ends with
an error naming the second choice's index, before any of its text is written.
"""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from openai.lib.streaming.chat import ChatCompletionStreamState

import lmcodec as lc

from ..providers.provider_support import lm15_stream, requests_for
from .chat_client_support import anthropic_error, gemini_error, responses_error
from .write_support import REQUEST, chat_chunks, chat_completion

_BASE = {"id": "chatcmpl-n3", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o-mini"}


def _chunk(choices: list[dict[str, Any]]) -> bytes:
    return b"data: " + json.dumps(dict(_BASE, choices=choices)).encode() + b"\n\n"


def _choice(index: int, delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"index": index, "delta": delta, "finish_reason": finish}


def _n_choices(one_chunk_each: bool) -> bytes:
    """Three choices of two words each: a chunk per choice (OpenAI's way) or all in one chunk."""
    rounds = [[_choice(i, {"role": "assistant", "content": ""}) for i in range(3)]]
    rounds += [[_choice(i, {"content": f"c{i}w{w} "}) for i in range(3)] for w in range(2)]
    rounds += [[_choice(i, {}, "stop") for i in range(3)]]
    if one_chunk_each:
        return b"".join(_chunk([c]) for r in rounds for c in r) + b"data: [DONE]\n\n"
    return b"".join(_chunk(r) for r in rounds) + b"data: [DONE]\n\n"


def _translated(dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))


@pytest.mark.parametrize("one_chunk_each", [True, False], ids=["chunk-per-choice", "choices-in-one-chunk"])
def test_a_chat_client_gets_an_error_naming_the_second_choice(one_chunk_each: bool) -> None:
    state = ChatCompletionStreamState()
    with pytest.raises(openai.APIError) as raised:  # the error comes mid-stream
        for chunk in chat_chunks(_translated("openai_chat", _n_choices(one_chunk_each))):
            state.handle_chunk(chunk)
    assert "choices[].index 1" in str(raised.value)
    texts = [choice.message.content or "" for choice in state.current_completion_snapshot.choices]
    assert not any("c1" in text or "c2" in text for text in texts)


@pytest.mark.parametrize(
    ("dst", "read"),
    [("openai", responses_error), ("anthropic", anthropic_error), ("gemini", gemini_error)],
)
@pytest.mark.parametrize("one_chunk_each", [True, False], ids=["chunk-per-choice", "choices-in-one-chunk"])
def test_another_dialect_s_stream_ends_with_an_error_naming_the_second_choice(
    dst: str, read: Any, one_chunk_each: bool
) -> None:
    body = _translated(dst, _n_choices(one_chunk_each))
    assert "choices[].index 1" in read(body)
    assert b"c1w0" not in body


def test_one_choice_with_its_index_is_translated_as_before() -> None:
    body = _chunk([_choice(0, {"role": "assistant", "content": "hi"})]) + _chunk([_choice(0, {}, "stop")])
    completion = chat_completion(_translated("openai_chat", body + b"data: [DONE]\n\n"))
    assert [c.message.content for c in completion.choices] == ["hi"]


@pytest.mark.parametrize("one_chunk_each", [True, False], ids=["chunk-per-choice", "choices-in-one-chunk"])
def test_decoding_keeps_lm15_s_reading_of_several_choices(one_chunk_each: bool) -> None:
    body = _n_choices(one_chunk_each)
    lm15_request, request = requests_for()
    events = [lc.to_builtins(e) for e in lc.stream.decode("openai_chat", [body], request=request)]
    assert events == lm15_stream("openai_chat", body, lm15_request)
