"""The Responses API stream and body writer, judged by the openai SDK, lm15 1.5.0 and lmcodec's decoder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..stream.write_support import (
    REQUEST,
    check_written,
    corpus_id,
    corpus_streams,
    sdk_responses,
    synthesized,
)
from .provider_support import complete_bodies

WIRE = "openai"
SYNTH = synthesized()


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_written_as_responses(case: tuple[str, Path]) -> None:
    src, path = case
    events = list(lc.stream.decode(src, [path.read_bytes()], request=REQUEST))
    try:
        lc.assemble(events, request=REQUEST)
    except lc.LmcodecError as exc:
        pytest.skip(f"the source stream does not assemble ({exc}); nothing to compare")
    check_written(WIRE, events)


@pytest.mark.parametrize("name", [n for n in SYNTH if n != "error_mid_stream"])
def test_synthesized_stream_written_as_responses(name: str) -> None:
    check_written(WIRE, SYNTH[name])


def test_every_event_has_the_next_sequence_number_and_one_response_id() -> None:
    body = b"".join(lc.stream.encode(WIRE, SYNTH["parallel_tool_calls"]))
    datas = [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ")]
    assert [d["sequence_number"] for d in datas] == list(range(len(datas)))
    events = [line[7:].decode() for line in body.split(b"\n") if line.startswith(b"event: ")]
    assert events == [d["type"] for d in datas]
    ids = {d["response"]["id"] for d in datas if "response" in d}
    assert ids == {"resp_synth1"}
    view = sdk_responses(body)
    assert view["id"] == "resp_synth1" and view["model"] == "m-served"
    assert view["sequence_numbers"] == sorted(view["sequence_numbers"])


def test_parallel_calls_keep_their_own_output_items() -> None:
    body = b"".join(lc.stream.encode(WIRE, SYNTH["parallel_tool_calls"]))
    added = [
        json.loads(line[6:])
        for line in body.split(b"\n")
        if line.startswith(b'data: {"type":"response.output_item.added"')
    ]
    assert [(a["output_index"], a["item"]["type"], a["item"].get("call_id")) for a in added] == [
        (0, "message", None),
        (1, "function_call", "call_a"),
        (2, "function_call", "call_b"),
    ]


def test_an_error_mid_stream_is_an_error_event_then_response_failed() -> None:
    body = b"".join(lc.stream.encode(WIRE, SYNTH["error_mid_stream"]))
    kinds = [line[7:] for line in body.split(b"\n") if line.startswith(b"event: ")]
    assert kinds[-2:] == [b"error", b"response.failed"]
    events = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    error = events[-1]
    assert isinstance(error, lc.StreamErrorEvent)
    assert (error.error.provider_code, error.error.message) == ("rate_limit_exceeded", "slow down")
    from openai.lib.streaming.responses import ResponseStreamState

    from ..stream.write_support import _client

    state: Any = ResponseStreamState(input_tools=lc_omit(), text_format=lc_omit())
    seen = []
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            seen.extend(e.type for e in state.handle_event(event))
    assert seen[-2:] == ["error", "response.failed"]


def lc_omit() -> Any:
    import openai

    return openai.omit


@pytest.mark.parametrize("path", [p for p in corpus_streams() if p[0] == WIRE], ids=corpus_id)
def test_same_dialect_round_trip_keeps_events_and_provider_data(path: tuple[str, Path]) -> None:
    events = list(lc.stream.decode(WIRE, [path[1].read_bytes()], request=REQUEST))
    body = b"".join(lc.stream.encode(WIRE, events))
    again = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    assert again == events
    assert again[-1].provider_data == events[-1].provider_data
    assert lc.assemble(again, request=REQUEST) == lc.assemble(events, request=REQUEST)


def test_openai_reasoning_state_round_trips() -> None:
    events = SYNTH["openai_reasoning"]
    body = b"".join(lc.stream.encode(WIRE, events))
    assert list(lc.stream.decode(WIRE, [body], request=REQUEST))[:-1] == events[:-1]


@pytest.mark.parametrize("path", complete_bodies(WIRE), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_body_round_trip(path: Path) -> None:
    try:
        response = lc.decode_response(WIRE, path.read_bytes(), request=REQUEST)
    except lc.LmcodecError as exc:
        pytest.skip(f"an error body, no Response to write ({exc})")
    assert lc.decode_response(WIRE, lc.encode_response(WIRE, response), request=REQUEST) == response


@pytest.mark.parametrize("name", [n for n in SYNTH if n != "error_mid_stream"])
def test_body_of_an_assembled_stream(name: str) -> None:
    from ..stream.write_support import projection

    response = lc.assemble(SYNTH[name], request=REQUEST)
    body = lc.encode_response(WIRE, response)
    back = lc.decode_response(WIRE, body, request=REQUEST)
    assert projection(back, WIRE) == projection(response, WIRE)
    from ..stream.write_support import _client

    parsed = _client(body, "application/json").responses.create(model="m-1", input="hi")
    assert parsed.output_text == projection(response, WIRE)["text"]
    calls = [(i.call_id, i.name, json.loads(i.arguments)) for i in parsed.output if i.type == "function_call"]
    assert calls == projection(response, WIRE)["tool_calls"]
