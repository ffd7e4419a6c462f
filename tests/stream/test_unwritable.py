"""A lone surrogate (which lm15 reads from a frame such as "\\ud83d") has no UTF-8 spelling: every
writer entry point refuses it with lc.EncodeError, never a UnicodeEncodeError. A -inf logprob is
written as each wire spells it (OpenAI's -9999.0, Gemini's protobuf-JSON "-Infinity"), never as
the non-JSON token -Infinity, never a TypeError (tests/providers/test_write_nonfinite.py has the rest)."""

from __future__ import annotations

import json
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


# ── a lone surrogate spelled as an escape in tool arguments ───────────────────
#
# Tool arguments are JSON text: '{"a":"\ud800"}' is pure ASCII, and lm15 (json.loads) reads it as a
# string holding U+D800, which no UTF-8 JSON carries. A writer that copies the text (Chat and
# Responses arguments, Anthropic input_json_delta) handed it to clients whose partial-JSON readers
# refuse it (the anthropic SDK's accumulator always, the openai SDK's Chat accumulator for a strict
# tool: ValueError), and the Gemini writer wrote lm15's partial_json marker instead of the object.
# Every writer refuses it, as it refuses the character itself; a pair split anywhere is written.

LONE_ARGUMENTS = {
    "high then quote": '{"a":"\\ud800"}',
    "high then text": '{"a":"\\ud83dx"}',
    "high then other escape": '{"a":"\\ud83d\\n"}',
    "high then high": '{"a":"\\ud83d\\ud83d"}',
    "low alone": '{"a":"x\\udc00"}',
    "upper-case hex": '{"a":"\\uDBFF!"}',
}
WRITABLE_ARGUMENTS = {
    "pair": '{"a":"\\ud83d\\ude00"}',
    "escaped backslash before u": '{"a":"\\\\ud800"}',
    "three backslashes": '{"a":"\\\\\\ud83d\\ude00"}',
    "no surrogate": '{"a":"\\u00e9\\n\\"q\\""}',
}
STRICT_TOOL = {
    "type": "function",
    "function": {
        "name": "f",
        "parameters": {
            "type": "object",
            "properties": {"a": {"type": "string"}},
            "required": ["a"],
            "additionalProperties": False,
        },
        "strict": True,
    },
}


def _cuts(text: str) -> list[list[str]]:
    """The text whole, cut once at every position, and one character per fragment."""
    return [[text], *([text[:i], text[i:]] for i in range(1, len(text))), list(text)]


def _call_events(fragments: list[str]) -> list[lc.StreamEvent]:
    first, *rest = fragments
    return [
        lc.StreamStartEvent(id="r1", model="m"),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=0, id="call_1", name="f", input=first)),
        *(lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=0, input=piece)) for piece in rest),
        lc.StreamDeltaEvent(delta=lc.TextDelta(part_index=1, text="done")),
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=1)),
    ]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("name", sorted(LONE_ARGUMENTS))
def test_arguments_spelling_a_lone_surrogate_are_refused_however_cut(provider: str, name: str) -> None:
    for fragments in _cuts(LONE_ARGUMENTS[name]):
        with pytest.raises(lc.EncodeError, match="lone surrogate"):
            b"".join(lc.stream.encode(provider, _call_events(fragments)))


def _sdk_arguments(provider: str, body: bytes) -> Any:
    """The arguments the provider's SDK accumulates (the openai SDK's Chat accumulator with a strict
    tool, which parses each delta as the anthropic SDK's always does); lmcodec reads the rest."""
    if provider == "anthropic":
        from ..providers.sdk_readers import sdk_anthropic

        return sdk_anthropic(body)["tool_calls"][0][2]
    if provider == "openai_chat":
        from openai.lib.streaming.chat import ChatCompletionStreamState
        from openai.types.chat import ChatCompletionChunk

        state: Any = ChatCompletionStreamState(input_tools=[STRICT_TOOL])
        for line in body.split(b"\n"):
            if line.startswith(b"data: {"):
                state.handle_chunk(ChatCompletionChunk.model_validate_json(line[6:]))
        call = state.current_completion_snapshot.choices[0].message.tool_calls[0]
        return call.function.parsed_arguments
    if provider == "gemini":
        from ..providers.sdk_readers import sdk_gemini

        return sdk_gemini(body)["tool_calls"][0][2]
    from .write_support import sdk_responses

    return sdk_responses(body)["tool_calls"][0][2]


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("name", sorted(WRITABLE_ARGUMENTS))
def test_arguments_without_a_lone_surrogate_are_written_however_cut(provider: str, name: str) -> None:
    text = WRITABLE_ARGUMENTS[name]
    want = json.loads(text)
    for fragments in _cuts(text):
        body = b"".join(lc.stream.encode(provider, _call_events(fragments)))
        assert _sdk_arguments(provider, body) == want
        back = lc.assemble(lc.stream.decode(provider, [body], request=REQUEST), request=REQUEST)
        assert [p.input for p in back.message.parts if isinstance(p, lc.ToolCallPart)] == [want]


def _chat_source(fragments: list[str]) -> bytes:
    call = {"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}
    chunks = [{"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [call]}}]}]
    for piece in fragments:
        delta = {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}
        chunks.append({"choices": [{"index": 0, "delta": delta}]})
    chunks.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


@pytest.mark.parametrize("destination", PROVIDERS)
def test_translate_of_arguments_spelling_a_lone_surrogate_is_an_lc_error(destination: str) -> None:
    body = _chat_source(['{"a":"\\ud8', '00"}'])
    response = lc.assemble(lc.stream.decode("openai_chat", [body], request=REQUEST), request=REQUEST)
    assert [p.input for p in response.message.parts if isinstance(p, lc.ToolCallPart)] == [{"a": "\ud800"}]
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        b"".join(lc.stream.translate("openai_chat", destination, [body], request=REQUEST))


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_a_body_refuses_cut_arguments_spelling_a_lone_surrogate_as_its_stream_does(provider: str) -> None:
    """Chat and Responses bodies write a cut call's raw argument text (lm15's partial_json marker),
    as their streams write the fragments: the stream refuses a lone surrogate escape, so does the
    body. Anthropic and Gemini bodies write the marker object, whose string carries the escape's
    characters (no lone surrogate in what a client decodes)."""
    raw = '{"a":"\\ud800", "b'
    call = lc.ToolCallPart(id="call_1", name="f", input={"partial_json": raw})
    response = lc.Response(
        id="r1",
        model="m",
        message=lc.Message(role="assistant", parts=(call,)),
        finish_reason="length",
        usage=lc.Usage(),
    )
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        lc.encode_response(provider, response)
    for other in ("anthropic", "gemini"):
        back = lc.decode_response(other, lc.encode_response(other, response), request=REQUEST)
        assert [p.input for p in back.message.parts if isinstance(p, lc.ToolCallPart)] == [
            {"partial_json": raw}
        ]
