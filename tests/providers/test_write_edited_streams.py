"""A stream a gateway edits between decoding and encoding (text redacted, usage recounted, tool
arguments rewritten) is written as edited by the two OpenAI writers: the backend's final object
kept in the end's ``provider_data`` (Responses' final response, Chat's usage or finish chunk) is
written only when it says what the edited events say. Judged by the openai SDK's own client and
accumulators (ResponseStreamState / ChatCompletionStreamState behind an httpx.MockTransport) and by
lmcodec's decoder; an unedited stream still passes through unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..stream.write_support import (
    REQUEST,
    corpus_id,
    corpus_streams,
    named_as_served,
    sdk_read,
    served_request,
    unnamed_call,
)

OPENAI_CORPUS = [case for case in corpus_streams() if case[0] in ("openai", "openai_chat")]
RECOUNTED = lc.Usage(input_tokens=1000, output_tokens=500, total_tokens=1500)
RECOUNTED_RESPONSES = lc.Usage(
    input_tokens=1000,
    output_tokens=500,
    total_tokens=1500,
    cache_read_tokens=0,
    cache_write_tokens=0,
    reasoning_tokens=0,
)


def _redact(event: Any) -> Any:
    """Every text delta's characters as ``*``, tool arguments' digits as ``7``, the usage recounted."""
    if isinstance(event, lc.StreamDeltaEvent):
        delta = event.delta
        if isinstance(delta, lc.TextDelta) and delta.text:
            return lc.StreamDeltaEvent(delta=lc.replace(delta, text="*" * len(delta.text)))
        if isinstance(delta, lc.ToolCallDelta) and delta.input:
            edited = "".join("7" if c.isdigit() else c for c in delta.input)
            return lc.StreamDeltaEvent(delta=lc.replace(delta, input=edited))
    if isinstance(event, lc.StreamEndEvent):
        return lc.replace(event, usage=RECOUNTED)
    return event


def _decoded(case: tuple[str, Path], *, served: bool = False) -> list[Any]:
    """The corpus stream's events, under REQUEST or (``served``) a request naming the served model."""
    request = served_request(case[0], case[1].read_bytes()) if served else REQUEST
    events = list(lc.stream.decode(case[0], [case[1].read_bytes()], request=request))
    if served:
        events = named_as_served(case[0], case[1].read_bytes(), events)
    if not isinstance(events[-1], lc.StreamEndEvent) or not events[-1].provider_data:
        pytest.skip("the stream ends without a backend end object to keep")
    if unnamed_call(events):
        pytest.skip("a call without a name: the writers refuse it (MAP-9)")
    return events


def _text(response: lc.Response) -> str:
    return "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart))


def _calls(response: lc.Response) -> list[tuple[str, str, dict[str, Any]]]:
    return [(p.id, p.name, p.input) for p in response.message.parts if isinstance(p, lc.ToolCallPart)]


@pytest.mark.parametrize("case", OPENAI_CORPUS, ids=corpus_id)
def test_an_edited_stream_is_written_as_edited_in_its_own_dialect(case: tuple[str, Path]) -> None:
    wire = case[0]
    edited = [_redact(e) for e in _decoded(case)]
    want = lc.assemble(edited, request=REQUEST)
    body = b"".join(lc.stream.encode(wire, edited))
    sdk = sdk_read(wire, body)
    assert sdk["text"] == _text(want)
    assert sdk["usage"] == (1000, 500, 1500)
    assert sdk["tool_calls"] == _calls(want)
    back = lc.assemble(lc.stream.decode(wire, [body], request=REQUEST), request=REQUEST)
    # a Responses usage always carries its cached, cache-write and reasoning counts, 0 unreported
    # (red team 21 F03; the cache-write count since rtleft25)
    recounted = RECOUNTED if wire == "openai_chat" else RECOUNTED_RESPONSES
    assert (_text(back), back.usage, _calls(back)) == (_text(want), recounted, _calls(want))


@pytest.mark.parametrize("case", OPENAI_CORPUS, ids=corpus_id)
def test_an_unedited_stream_keeps_the_backends_end_object(case: tuple[str, Path]) -> None:
    """Unedited: decoded under a request naming the model the backend served, the start naming the
    backend's id (a Chat stream has no start frame: lm15's start names the request's model and no
    id, and a written stream names the start's on every chunk, so under another model or id the
    backend's chunk is not written: see below)."""
    wire = case[0]
    events = _decoded(case, served=True)
    body = b"".join(lc.stream.encode(wire, events))
    frames = [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: {")]
    kept = events[-1].provider_data
    if wire == "openai":
        assert frames[-1]["response"] == kept
    else:
        assert kept in frames


def test_a_recounted_chat_usage_is_written_instead_of_the_backends_chunk() -> None:
    source = (
        b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,'
        b'"delta":{"role":"assistant","content":"hi"},"finish_reason":null}]}\n\n'
        b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[{"index":0,'
        b'"delta":{},"finish_reason":"stop"}]}\n\n'
        b'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt-x","choices":[],'
        b'"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}\n\ndata: [DONE]\n\n'
    )
    events = list(lc.stream.decode("openai_chat", [source]))
    end = lc.replace(events[-1], usage=RECOUNTED, finish_reason="length")
    body = b"".join(lc.stream.encode("openai_chat", [*events[:-1], end]))
    sdk = sdk_read("openai_chat", body)
    assert (sdk["usage"], sdk["finish_reason"]) == ((1000, 500, 1500), "length")
    back = lc.assemble(lc.stream.decode("openai_chat", [body]))
    assert (back.usage, back.finish_reason) == (RECOUNTED, "length")


def test_a_redacted_responses_stream_leaks_nothing_in_its_final_response() -> None:
    events = [
        lc.StreamStartEvent(id="resp_1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="the secret is 1234", part_index=0)),
        lc.StreamEndEvent(
            finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=4, total_tokens=7)
        ),
    ]
    backend = b"".join(lc.stream.encode("openai", events))
    decoded = list(lc.stream.decode("openai", [backend]))
    redacted = [
        lc.StreamDeltaEvent(delta=lc.replace(e.delta, text=e.delta.text.replace("1234", "****")))
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.TextDelta)
        else e
        for e in decoded
    ]
    body = b"".join(lc.stream.encode("openai", redacted))
    assert b"1234" not in body
    assert sdk_read("openai", body)["text"] == "the secret is ****"


# ── an edited start: the id and model every chunk names ───────────────────────

HEADLESS_CORPUS = [case for case in corpus_streams() if case[0] in ("openai_chat", "gemini")]
"""The wires without a start frame: every chunk names the response's id and model, the last one too."""


def _names_per_chunk(wire: str, body: bytes) -> tuple[set[Any], set[Any]]:
    """The ids and models the SDK's chunk objects carry (the openai SDK's ChatCompletionChunk,
    google-genai's GenerateContentResponse), every chunk, the last one included."""
    if wire == "gemini":
        from .sdk_readers import sdk_gemini

        view = sdk_gemini(body)
        return view["ids"], view["models"]
    from ..stream.write_support import _client

    ids, models = set(), set()
    stream = _client(body).chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}], stream=True
    )
    for chunk in stream:
        ids.add(chunk.id)
        models.add(chunk.model)
    return ids, models


def _said(response: lc.Response) -> tuple[Any, ...]:
    return _text(response), _calls(response), response.usage, response.finish_reason


@pytest.mark.parametrize("case", HEADLESS_CORPUS, ids=corpus_id)
def test_an_edited_start_is_the_id_and_model_of_every_chunk(case: tuple[str, Path]) -> None:
    """A gateway that names the response itself (its own id, the model alias its client asked for)
    is not contradicted by the backend's last chunk, which the Chat and Gemini writers wrote as it
    came: the backend's model showed on the last chunk only."""
    wire = case[0]
    events = _decoded(case)
    edited = [lc.StreamStartEvent(id="gw-resp-1", model="gw-model"), *events[1:]]
    body = b"".join(lc.stream.encode(wire, edited))
    assert _names_per_chunk(wire, body) == ({"gw-resp-1"}, {"gw-model"})
    back = lc.assemble(lc.stream.decode(wire, [body], request=REQUEST), request=REQUEST)
    assert _said(back) == _said(lc.assemble(edited, request=REQUEST))


@pytest.mark.parametrize("case", HEADLESS_CORPUS, ids=corpus_id)
def test_the_start_translate_gives_keeps_the_backends_last_chunk(case: tuple[str, Path]) -> None:
    """Unedited (the start naming the stream's own id and served model, as translate names them),
    the backend's last chunk is written as it came."""
    wire, path = case
    events = _decoded(case)
    out = b"".join(lc.stream.translate(wire, wire, [path.read_bytes()], request=REQUEST))
    frames = [json.loads(line[6:]) for line in out.split(b"\n") if line.startswith(b"data: {")]
    assert events[-1].provider_data in frames


@pytest.mark.parametrize("id_", [None, "resp-gw"])
def test_an_edited_model_is_what_a_gemini_body_names(id_: str | None) -> None:
    from .provider_support import complete_bodies
    from .sdk_readers import genai

    for path in complete_bodies("gemini")[:12]:
        try:
            response = lc.decode_response("gemini", path.read_bytes())
        except lc.LmcodecError:
            continue
        assert json.loads(lc.encode_response("gemini", response)) == json.loads(path.read_bytes())
        edited = lc.replace(response, model="gw-model", id=id_ if id_ is not None else response.id)
        body = lc.encode_response("gemini", edited)
        parsed = genai.types.GenerateContentResponse.model_validate_json(body)
        assert (parsed.model_version, parsed.response_id) == ("gw-model", edited.id), path
        back = lc.decode_response("gemini", body)
        assert lc.replace(back, provider_data=None) == lc.replace(edited, provider_data=None)
