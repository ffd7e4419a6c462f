"""A lone surrogate (which lm15 reads from a frame such as "\\ud83d") has no UTF-8 spelling: every
writer entry point refuses it with lc.EncodeError, never a UnicodeEncodeError. A -inf logprob is
written as each wire spells it (OpenAI's -9999.0, Gemini's protobuf-JSON "-Infinity"), never as
the non-JSON token -Infinity, never a TypeError (tests/providers/test_write_nonfinite.py has the rest)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
REQUEST = lc.Request(model="m", messages=(lc.Message.user("hi"),))
LONE = "ok \ud83d"


def _events(delta: lc.StreamDeltaEvent) -> list[lc.StreamEvent]:
    return [
        lc.StreamStartEvent(id="r1", model="m"),
        delta,
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1)),
    ]


DELTAS: dict[str, Callable[[], lc.StreamDeltaEvent]] = {
    "text": lambda: lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=0, text=LONE)),
    "thinking": lambda: lc.StreamDeltaEvent(delta=lc.ThinkingDelta(part_index=0, text=LONE)),
    "tool arguments": lambda: lc.StreamDeltaEvent(
        delta=lc.ToolCallDelta(part_index=0, id="c1", name="f", input='{"a":"' + LONE + '"}')
    ),
}


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("where", sorted(DELTAS))
def test_the_stream_writers_refuse_a_lone_surrogate_with_an_lc_error(provider: str, where: str) -> None:
    events = _events(DELTAS[where]())
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        b"".join(lc.stream.encode(provider, events))
    encoder = lc.stream.Encoder(provider)
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        encoder.feed_all(events)
        encoder.close()


@pytest.mark.parametrize("provider", PROVIDERS)
def test_encode_response_refuses_a_lone_surrogate_with_an_lc_error(provider: str) -> None:
    response = lc.Response(
        id="r1", model="m", message=lc.Message.assistant(LONE), finish_reason="stop", usage=lc.Usage()
    )
    with pytest.raises(lc.EncodeError, match="U\\+D83D"):
        lc.encode_response(provider, response)


CHAT_SPLIT_PAIR = (
    b'data: {"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,'
    b'"delta":{"role":"assistant","content":"ok \\ud83d"}}]}\n\n'
    b'data: {"id":"c1","object":"chat.completion.chunk","model":"m","choices":[{"index":0,'
    b'"delta":{"content":"\\ude00"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
)


@pytest.mark.parametrize("destination", PROVIDERS)
def test_translate_of_a_split_surrogate_pair_is_an_lc_error(destination: str) -> None:
    """The source decodes (as lm15 reads it); writing it is refused with an lc error."""
    response = lc.assemble(
        lc.stream.decode("openai_chat", [CHAT_SPLIT_PAIR], request=REQUEST), request=REQUEST
    )
    assert response.text == "ok \ud83d\ude00"
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        b"".join(lc.stream.translate("openai_chat", destination, [CHAT_SPLIT_PAIR], request=REQUEST))


# A non-finite logprob: Chat sends -Infinity (json.loads reads it, as lm15 does), Gemini "-inf".
NON_FINITE_SOURCES = {
    "openai_chat": b'data: {"choices":[{"index":0,"delta":{"content":"a"},"logprobs":{"content":'
    b'[{"token":"a","logprob":-Infinity,"bytes":null,"top_logprobs":[]}]}}]}\n\n'
    b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    "gemini": b'data: {"candidates":[{"content":{"parts":[{"text":"a"}]},"logprobsResult":'
    b'{"chosenCandidates":[{"token":"a","logProbability":"-inf"}]},"finishReason":"STOP"}]}\n\n',
}
LOGPROB_WIRES = ("openai", "openai_chat", "gemini")  # the Messages API has no logprobs


def _logprobs(events: list[lc.StreamEvent]) -> list[Any]:
    return [e.delta.logprobs for e in events if isinstance(e, lc.StreamDeltaEvent) and e.delta.logprobs]


@pytest.mark.parametrize("source", sorted(NON_FINITE_SOURCES))
@pytest.mark.parametrize("destination", LOGPROB_WIRES)
def test_a_non_finite_logprob_is_written_as_the_destination_spells_it(source: str, destination: str) -> None:
    """msgspec cannot write lc.NonFiniteFloat (a TypeError escaped), and Python json's -Infinity is
    not JSON: the OpenAI writers write OpenAI's -9999.0, the Gemini writer the protobuf-JSON string,
    which its reader gives back as -inf."""
    want = -math.inf if destination == "gemini" else -9999.0
    body = NON_FINITE_SOURCES[source]
    for written in (
        b"".join(lc.stream.translate(source, destination, [body], request=REQUEST)),
        b"".join(lc.stream.encode(destination, lc.stream.decode(source, [body], request=REQUEST))),
    ):
        assert b"Infinity" not in written.replace(b'"-Infinity"', b"")
        [[logprob]] = _logprobs(list(lc.stream.decode(destination, [written], request=REQUEST)))
        assert logprob.token == "a" and logprob.logprob == want
    response = lc.assemble(lc.stream.decode(source, [body], request=REQUEST), request=REQUEST)
    written = lc.encode_response(destination, response)
    assert b"Infinity" not in written.replace(b'"-Infinity"', b"")
    (logprob,) = lc.decode_response(destination, written, request=REQUEST).logprobs or ()
    assert logprob.logprob == want
