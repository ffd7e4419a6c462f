"""What the Responses writer writes passes the openai SDK's own pydantic models (``Response`` and
the stream event models, ``model_validate``), not only its lenient client (which builds with
``construct``). One conflict is left out and named: a ``*_tokens_details`` object (or a count in
one) of a usage that reports none of its counts (the SDK requires both objects, and a written 0
would read back as a reported 0). An unreported input, output or total count beside reported ones
is written as the SDK requires (red team 9 F03). A usage that reports nothing is no conflict: it is
left out, which the SDK's models allow. A logprob's ``bytes`` the source did not give (Gemini's wire
has none) is written as the token's UTF-8 bytes, as OpenAI sends them (the SDK requires the list)."""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pydantic
import pytest
from hypothesis import given, settings
from openai.types.responses import Response, ResponseStreamEvent

import lmcodec as lc

from ..budget import examples
from ..stream.write_support import REQUEST, corpus_id, corpus_streams, synthesized, unnamed_call
from .provider_support import complete_bodies
from .sdk_readers import provider_shaped_streams

WIRE = "openai"
_MEMBERS = typing.get_args(typing.get_args(ResponseStreamEvent)[0])
_EVENT_MODELS: dict[str, Any] = {typing.get_args(m.model_fields["type"].annotation)[0]: m for m in _MEMBERS}
_NO_SDK_MODEL = {"response.output_audio.delta", "response.output_image.delta"}  # lm15's media events


def _at(data: Any, loc: tuple[Any, ...]) -> Any:
    for key in loc:
        data = data[key] if isinstance(data, (dict, list)) else None
    return data


def _left_out(data: dict[str, Any], loc: tuple[Any, ...]) -> bool:
    """The named conflict: a ``*_tokens_details`` object, or a count in one, missing from a usage
    object that reports other counts (an empty usage object is no conflict: a writer leaves out a
    usage that reports nothing)."""
    if "usage" not in loc or not any(str(key).endswith("_tokens_details") for key in loc):
        return False
    usage = _at(data, loc[: loc.index("usage") + 1])
    return isinstance(usage, dict) and bool(usage)


def _errors(model: Any, data: dict[str, Any]) -> list[str]:
    """The SDK's complaints, the other branches of its (undiscriminated) unions and the named
    conflicts left out."""
    try:
        model.model_validate(data)
    except pydantic.ValidationError as exc:
        errors = exc.errors()
        wrong = [e["loc"][:-1] for e in errors if e["loc"][-1:] == ("type",) and e["type"] == "literal_error"]
        kept = [
            e
            for e in errors
            if not any(e["loc"][: len(w)] == w for w in wrong) and not _left_out(data, e["loc"])
        ]
        return sorted({".".join(map(str, e["loc"])) + ": " + e["type"] for e in kept})
    return []


def _stream_errors(body: bytes) -> list[str]:
    out = []
    for line in body.split(b"\n"):
        if line.startswith(b"data: "):
            data = json.loads(line[6:])
            model = _EVENT_MODELS.get(data["type"])
            if model is None:
                assert data["type"] in _NO_SDK_MODEL, data["type"]
                continue
            out.extend(f"{data['type']} {e}" for e in _errors(model, data))
    return out


def _check(events: list[Any]) -> None:
    if unnamed_call(events):  # MAP-9: the writer refuses it, as assembly does
        with pytest.raises(lc.ValidationError, match="without a name"):
            b"".join(lc.stream.encode(WIRE, events))
        return
    assert _stream_errors(b"".join(lc.stream.encode(WIRE, events))) == []
    try:
        response = lc.assemble(events, request=REQUEST)
    except lc.LmcodecError:
        return
    assert _errors(Response, json.loads(lc.encode_response(WIRE, response))) == []


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_streams_written_as_responses_pass_the_sdk_models(case: tuple[str, Path]) -> None:
    _check(list(lc.stream.decode(case[0], [case[1].read_bytes()], request=REQUEST)))


@pytest.mark.parametrize("name", list(synthesized()))
def test_synthesized_streams_pass_the_sdk_models(name: str) -> None:
    _check(synthesized()[name])


@pytest.mark.parametrize("path", complete_bodies(WIRE), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_corpus_bodies_rebuilt_pass_the_sdk_models(path: Path) -> None:
    try:
        response = lc.decode_response(WIRE, path.read_bytes(), request=REQUEST)
    except lc.LmcodecError as exc:
        pytest.skip(f"an error body, no Response to write ({exc})")
    rebuilt = lc.Response(
        **{f: getattr(response, f) for f in response.__struct_fields__ if f != "provider_data"}
    )
    assert _errors(Response, json.loads(lc.encode_response(WIRE, rebuilt))) == []


@settings(max_examples=examples(60), deadline=None)
@given(events=provider_shaped_streams())
def test_provider_shaped_streams_and_their_bodies_pass_the_sdk_models(events: list[Any]) -> None:
    _check(events)


_NOTHING_REPORTED = lc.Response(
    id="r1",
    model="m-1",
    message=lc.Message(role="assistant", parts=(lc.TextPart(text="hi"),)),
    finish_reason="stop",
    usage=lc.Usage(),
)


def test_a_usage_that_reports_nothing_is_left_out_of_both_bodies_and_reads_back() -> None:
    """An assembled Chat stream sent without include_usage has lc.Usage(): ``"usage": {}`` was
    written, which ChatCompletion and Response refuse (every count is required)."""
    from openai.types.chat import ChatCompletion

    for wire, model in (("openai_chat", ChatCompletion), (WIRE, Response)):
        body = lc.encode_response(wire, _NOTHING_REPORTED)
        model.model_validate_json(body)
        back = lc.decode_response(wire, body)
        assert lc.replace(back, provider_data=None) == _NOTHING_REPORTED


@settings(max_examples=examples(60), deadline=None)
@given(events=provider_shaped_streams())
def test_chat_bodies_pass_the_sdk_chat_completion_model(events: list[Any]) -> None:
    from openai.types.chat import ChatCompletion

    try:
        response = lc.assemble(events, request=REQUEST)
    except lc.LmcodecError:
        return
    assert _errors(ChatCompletion, json.loads(lc.encode_response("openai_chat", response))) == []


@pytest.mark.parametrize(
    "usage",
    [
        lc.Usage(output_tokens=5),
        lc.Usage(input_tokens=7),
        lc.Usage(input_tokens=7, output_tokens=5),
        lc.Usage(total_tokens=12, reasoning_tokens=2, cache_read_tokens=3),
        lc.Usage(cache_read_tokens=3, reasoning_tokens=0),
    ],
    ids=repr,
)
def test_a_usage_missing_a_required_count_is_written_as_the_sdk_models_require(usage: lc.Usage) -> None:
    """Red team 9 F03: a Usage reporting some counts but not the input (an Anthropic stream whose
    message_delta holds only output_tokens) was written without ``prompt_tokens`` / ``input_tokens``
    and ``total_tokens``, which ChatCompletion, the stream's ChatCompletionChunk and Response
    require; the Anthropic writer writes the 0 its SDK requires. Both OpenAI writers (bodies and
    streams) write an unreported input count as its reported cached parts (else 0), an unreported
    output count as its reported reasoning (else 0) and an unreported total as the two counts' sum;
    the reported counts are written as given."""
    from openai.types.chat import ChatCompletion, ChatCompletionChunk

    answer = lc.replace(_NOTHING_REPORTED, usage=usage)
    given_in, given_out = usage.input_tokens, usage.output_tokens
    cached = (usage.cache_read_tokens or 0) + (usage.cache_write_tokens or 0)
    tokens_in = given_in if given_in is not None else cached
    tokens_out = given_out if given_out is not None else usage.reasoning_tokens or 0
    total = usage.total_tokens if usage.total_tokens is not None else tokens_in + tokens_out
    chat = ChatCompletion.model_validate_json(lc.encode_response("openai_chat", answer)).usage
    assert chat is not None
    assert (chat.prompt_tokens, chat.completion_tokens, chat.total_tokens) == (tokens_in, tokens_out, total)
    chunks = [
        json.loads(line[6:])
        for line in b"".join(lc.stream.encode("openai_chat", _text_stream(usage))).split(b"\n")
        if line.startswith(b"data: {")
    ]
    last = ChatCompletionChunk.model_validate(chunks[-1]).usage
    assert last is not None and (last.prompt_tokens, last.total_tokens) == (tokens_in, total)
    body = json.loads(lc.encode_response(WIRE, answer))
    assert _errors(Response, body) == []
    assert [body["usage"][k] for k in ("input_tokens", "output_tokens", "total_tokens")] == [
        tokens_in,
        tokens_out,
        total,
    ]
    stream = b"".join(lc.stream.encode(WIRE, _text_stream(usage)))
    assert _stream_errors(stream) == []
    completed = [
        json.loads(line[6:])
        for line in stream.split(b"\n")
        if line.startswith(b'data: {"type":"response.completed"')
    ]
    written = completed[0]["response"]["usage"]
    counts = [written[k] for k in ("input_tokens", "output_tokens", "total_tokens")]
    assert counts == [tokens_in, tokens_out, total]


def _text_stream(usage: lc.Usage) -> list[Any]:
    return [
        lc.StreamStartEvent(id="r1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi", part_index=0)),
        lc.StreamEndEvent(finish_reason="stop", usage=usage),
    ]


_NO_BYTES = lc.Response(
    id="r1",
    model="m-1",
    message=lc.Message(role="assistant", parts=(lc.TextPart(text="Hié"),)),
    finish_reason="stop",
    usage=lc.Usage(
        input_tokens=1,
        output_tokens=2,
        total_tokens=3,
        cache_read_tokens=0,
        cache_write_tokens=0,
        reasoning_tokens=0,
    ),
    logprobs=(
        lc.TokenLogprob(token="Hi", logprob=-0.1, top=(lc.TopLogprob(token="Hi", logprob=-0.1),)),
        lc.TokenLogprob(
            token="é", logprob=-0.2, bytes=(195, 169), top=(lc.TopLogprob(token="e", logprob=-2.0),)
        ),
    ),
)


def test_logprobs_without_bytes_are_written_as_the_tokens_utf8_bytes() -> None:
    """A Gemini source (its wire has no bytes) or a Chat one sending ``bytes: null``: the Responses
    writers wrote ``"bytes": null``, which the SDK's ``Logprob.bytes: List[int]`` refuses. They
    write the token's UTF-8 bytes (what OpenAI sends); given bytes are written as given."""
    from openai.types.responses import ResponseCompletedEvent

    body = lc.encode_response(WIRE, _NO_BYTES)
    text = Response.model_validate_json(body).output[0].content[0]
    assert text.type == "output_text"
    assert [
        (e.token, e.bytes, [(t.token, t.bytes) for t in e.top_logprobs]) for e in text.logprobs or ()
    ] == [
        ("Hi", [72, 105], [("Hi", [72, 105])]),
        ("é", [195, 169], [("e", [101])]),
    ]
    stream = b"".join(lc.stream.encode(WIRE, _stream_of(_NO_BYTES)))
    events = list(lc.stream.decode(WIRE, [stream], request=REQUEST))
    completed = [
        json.loads(line[6:])
        for line in stream.split(b"\n")
        if line.startswith(b'data: {"type":"response.completed"')
    ]
    ResponseCompletedEvent.model_validate(completed[0])
    assert _stream_errors(stream) == []
    back = lc.assemble(events, request=REQUEST).logprobs
    assert [(e.token, e.bytes) for e in back or ()] == [("Hi", (72, 105)), ("é", (195, 169))]
    chat = json.loads(lc.encode_response("openai_chat", _NO_BYTES))
    assert chat["choices"][0]["logprobs"]["content"][0]["bytes"] is None  # Chat allows null: kept


def _stream_of(response: lc.Response) -> list[Any]:
    delta = lc.TextDelta(text="Hié", part_index=0, logprobs=response.logprobs)
    return [
        lc.StreamStartEvent(id=response.id, model=response.model),
        lc.StreamDeltaEvent(delta=delta),
        lc.StreamEndEvent(finish_reason="stop", usage=response.usage),
    ]
