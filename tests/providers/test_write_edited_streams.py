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

from ..stream.write_support import REQUEST, corpus_id, corpus_streams, sdk_read, unnamed_call

OPENAI_CORPUS = [case for case in corpus_streams() if case[0] in ("openai", "openai_chat")]
RECOUNTED = lc.Usage(input_tokens=1000, output_tokens=500, total_tokens=1500)


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


def _decoded(case: tuple[str, Path]) -> list[Any]:
    events = list(lc.stream.decode(case[0], [case[1].read_bytes()], request=REQUEST))
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
    assert (_text(back), back.usage, _calls(back)) == (_text(want), RECOUNTED, _calls(want))


@pytest.mark.parametrize("case", OPENAI_CORPUS, ids=corpus_id)
def test_an_unedited_stream_keeps_the_backends_end_object(case: tuple[str, Path]) -> None:
    wire = case[0]
    events = _decoded(case)
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
