"""Every usage a writer writes, in all four dialects, bodies (``encode_response``) and streams
(``lc.stream.encode``), is taken by the destination SDK's own pydantic models validated strictly
(``model_validate_json``: what a client that validates, rather than the SDKs' lenient constructing
clients, runs): the openai ``Response`` / ``ChatCompletion`` and each Responses event's and Chat
chunk's model, the anthropic ``Message`` and each stream event's model, google-genai's
``GenerateContentResponse``. bigrows24 found the Responses body's ``input_tokens_details`` without
the ``cache_write_tokens`` the SDK requires; every other count and details object was checked here
against what the writers write."""

from __future__ import annotations

import json
import typing
from typing import Any

from anthropic.types import Message, RawMessageStreamEvent
from google.genai.types import GenerateContentResponse
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from openai.types.responses import Response, ResponseStreamEvent

import lmcodec as lc

from ..budget import examples

_DIALECTS: tuple[lc.Provider, ...] = ("openai", "openai_chat", "anthropic", "gemini")
_BODY_MODELS: dict[str, Any] = {
    "openai": Response,
    "openai_chat": ChatCompletion,
    "anthropic": Message,
    "gemini": GenerateContentResponse,
}


def _by_type(union: Any) -> dict[str, Any]:
    """Each event model of an SDK's stream-event union, by its ``type`` literal."""
    members = typing.get_args(union)
    if members and not hasattr(members[0], "model_fields"):  # Annotated[Union[...], ...]
        members = typing.get_args(members[0])
    return {typing.get_args(m.model_fields["type"].annotation)[0]: m for m in members}


_RESPONSES_EVENTS = _by_type(ResponseStreamEvent)
_ANTHROPIC_EVENTS = _by_type(RawMessageStreamEvent)


def _data(stream: bytes) -> list[str]:
    return [
        line[len("data: ") :]
        for line in stream.decode().replace("\r\n", "\n").split("\n")
        if line.startswith("data: ") and line != "data: [DONE]"
    ]


def _validate_stream(dst: str, stream: bytes) -> int:
    """Each event of ``stream`` through its strict model; how many were validated."""
    count = 0
    for data in _data(stream):
        if dst == "openai":
            _RESPONSES_EVENTS[json.loads(data)["type"]].model_validate_json(data)
        elif dst == "openai_chat":
            ChatCompletionChunk.model_validate_json(data)
        elif dst == "anthropic":
            kind = json.loads(data)["type"]
            if kind == "ping":  # (the SDK's stream skips it before any model)
                continue
            _ANTHROPIC_EVENTS[kind].model_validate_json(data)
        else:
            GenerateContentResponse.model_validate_json(data)
        count += 1
    return count


_COUNT = st.none() | st.integers(0, 10**6)
_USAGES = st.builds(
    lc.Usage,
    input_tokens=_COUNT,
    output_tokens=_COUNT,
    total_tokens=_COUNT,
    cache_read_tokens=_COUNT,
    cache_write_tokens=_COUNT,
    reasoning_tokens=_COUNT,
    input_audio_tokens=_COUNT,
    output_audio_tokens=_COUNT,
)


@settings(max_examples=examples(60), deadline=None)
@given(usage=_USAGES, source=st.sampled_from((None, *_DIALECTS)))
def test_every_written_usage_is_the_sdks_strict_model(usage: lc.Usage, source: lc.Provider | None) -> None:
    response = lc.Response(
        id="r1", model="m", message=lc.Message.assistant("hi"), finish_reason="stop", usage=usage
    )
    events = [
        lc.StreamStartEvent(id="r1", model="m"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi")),
        lc.StreamEndEvent(finish_reason="stop", usage=usage),
    ]
    for dst in _DIALECTS:
        _BODY_MODELS[dst].model_validate_json(lc.encode_response(dst, response, usage_from=source))
        assert _validate_stream(dst, b"".join(lc.stream.encode(dst, events, usage_from=source))) >= 1


def test_a_usage_with_the_input_count_alone_is_the_responses_strict_model() -> None:
    """bigrows24's body: no cache-write count reported, in the body and in ``response.completed``."""
    usage = lc.Usage(input_tokens=3)
    response = lc.Response(
        id="r1", model="m", message=lc.Message.assistant("hi"), finish_reason="stop", usage=usage
    )
    body = Response.model_validate_json(lc.encode_response("openai", response))
    assert body.usage is not None
    assert body.usage.input_tokens_details.cache_write_tokens == 0
    events = [lc.StreamStartEvent(id="r1", model="m"), lc.StreamEndEvent(finish_reason="stop", usage=usage)]
    assert _validate_stream("openai", b"".join(lc.stream.encode("openai", events))) >= 2
