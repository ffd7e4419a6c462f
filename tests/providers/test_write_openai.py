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


def _media_stream() -> list[Any]:
    return [
        lc.StreamStartEvent(id="resp_media", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="look", part_index=0)),
        lc.StreamDeltaEvent(delta=lc.AudioDelta(data="AAAA", part_index=1, media_type="audio/wav")),
        lc.StreamDeltaEvent(delta=lc.ImageDelta(data="iVBO", part_index=2, media_type="image/png")),
        lc.StreamDeltaEvent(delta=lc.ImageDelta(data="Rw==", part_index=2, media_type="image/png")),
        lc.StreamDeltaEvent(delta=lc.AudioDelta(data="BBBB", part_index=3, media_type="audio/mpeg")),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text=" more", part_index=5)),
        lc.StreamEndEvent(finish_reason="stop"),
    ]


def _is_mpeg(event: Any) -> bool:
    return isinstance(event, lc.StreamDeltaEvent) and getattr(event.delta, "media_type", None) == "audio/mpeg"


@pytest.mark.parametrize(
    ("delta", "part"),
    [
        (
            lc.ImageDelta(data="/9j/", part_index=1, media_type="image/jpeg"),
            lc.ImagePart(data="/9j/", media_type="image/jpeg"),
        ),
        (
            lc.AudioDelta(data="SUQz", part_index=1, media_type="audio/mpeg"),
            lc.AudioPart(data="SUQz", media_type="audio/mpeg"),
        ),
        (  # raw PCM: assembled as WAV, but lm15 reads the streamed chunks as WAV data, unwrapped
            lc.AudioDelta(data="AAAAAAAA", part_index=1, media_type="audio/pcm"),
            lc.AudioPart(data="AAAAAAAA", media_type="audio/pcm"),
        ),
    ],
)
def test_a_media_delta_lm15_would_relabel_is_refused_as_encode_response_refuses_its_part(
    delta: Any, part: Any
) -> None:
    """Review 8 F5 / red team 9: the stream wrote a JPEG or MP3 delta that lm15 reads back as
    image/png or audio/wav while encode_response refuses the part; both now refuse, in the same
    words."""
    response = lc.Response(
        id="r",
        model="m-1",
        message=lc.Message.assistant([lc.TextPart("a"), part]),
        finish_reason="stop",
        usage=lc.Usage(),
    )
    with pytest.raises(lc.ValidationError) as whole:
        lc.encode_response(WIRE, response)
    events = [
        lc.StreamStartEvent(id="r", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="a", part_index=0)),
        lc.StreamDeltaEvent(delta=delta),
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    with pytest.raises(lc.ValidationError) as streamed:
        b"".join(lc.stream.encode(WIRE, events))
    reason = str(whole.value).split("(", 1)[1].split(")", 1)[0]
    assert f"({reason})" in str(streamed.value)
    assert "no form in a Responses stream" in str(streamed.value)


def test_audio_and_image_deltas_stream_as_lm15_reads_them() -> None:
    """``response.output_audio.delta`` / ``response.output_image.delta`` at their item's output
    index (each media slot a message item, numbered with the others), with a sequence_number; the
    wire names no media type (lm15 reads audio/wav and image/png) and no media by url: a url delta
    is refused (it was dropped: red team 9 F01,
    tests/providers/test_write_media_parts.py), and so is a delta of another media type
    (test_a_media_delta_lm15_would_relabel_is_refused_as_encode_response_refuses_its_part)."""
    events = [e for e in _media_stream() if not _is_mpeg(e)]
    with_url = [*events[:-1], lc.StreamDeltaEvent(delta=lc.ImageDelta(url="https://x/img.png", part_index=4))]
    with pytest.raises(lc.ValidationError, match="no form in a Responses stream"):
        b"".join(lc.stream.encode(WIRE, with_url))
    body = b"".join(lc.stream.encode(WIRE, events))
    back = [
        e.delta for e in lc.stream.decode(WIRE, [body], request=REQUEST) if isinstance(e, lc.StreamDeltaEvent)
    ]
    media = [
        (type(d).__name__, d.part_index, d.data, d.media_type)
        for d in back
        if not isinstance(d, lc.TextDelta)
    ]
    assert media == [
        ("AudioDelta", 1, "AAAA", "audio/wav"),
        ("ImageDelta", 2, "iVBO", "image/png"),
        ("ImageDelta", 2, "Rw==", "image/png"),
    ]
    text_slots = [d.part_index for d in back if isinstance(d, lc.TextDelta)]
    assert text_slots == [0, 3]  # each item at its position in the output, media items among them
    view = sdk_responses(body)  # the openai SDK reads past the media events
    assert view["text"] == "look more"
    assert view["sequence_numbers"] == list(range(len(view["sequence_numbers"])))


def _reasoning(summary_first: bool, final: dict[str, Any] | None = None) -> list[Any]:
    state = lc.ContinuationDelta(
        part_index=0,
        provider="openai",
        kind="reasoning_item",
        data={"id": "rs_backend", "encrypted_content": "enc"},
    )
    thinking = [
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="", part_index=0)),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="think", part_index=0)),
    ]
    body = (
        [*thinking, lc.StreamDeltaEvent(delta=state)]
        if summary_first
        else [thinking[0], lc.StreamDeltaEvent(delta=state)]
    )
    return [
        lc.StreamStartEvent(id="resp_r", model="m-1"),
        *body,
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="answer", part_index=1)),
        lc.StreamEndEvent(finish_reason="stop", provider_data=final),
    ]


def _states(body: bytes) -> list[Any]:
    return [
        e.delta.data
        for e in lc.stream.decode(WIRE, [body], request=REQUEST)
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.ContinuationDelta)
    ]


def test_a_reasoning_state_before_any_summary_gives_the_item_the_backends_id() -> None:
    body = b"".join(lc.stream.encode(WIRE, _reasoning(summary_first=False)))
    assert _states(body) == [{"id": "rs_backend", "encrypted_content": "enc"}]
    assert sdk_responses(body)["reasoning_state"] == [{"id": "rs_backend", "encrypted_content": "enc"}]


def test_a_summary_before_its_state_streams_under_a_synthesized_id() -> None:
    """The documented limit of the event order: the summary is not held back for the id, so the
    item streams as ``rs_...`` (added and done alike, as the openai SDK requires); the encrypted
    content is kept; a final response that says what was streamed is written verbatim and still
    lists the backend's id, which the SDK reports; one that contradicts the stream (no summary where
    one streamed) is rebuilt from the events, under the streamed id."""
    body = b"".join(lc.stream.encode(WIRE, _reasoning(summary_first=True)))
    (state,) = _states(body)
    assert state["encrypted_content"] == "enc"
    assert state["id"].startswith("rs_") and state["id"] != "rs_backend"
    assert sdk_responses(body)["reasoning_state"] == [state]
    final = {
        "id": "resp_r",
        "object": "response",
        "status": "completed",
        "model": "m-1",
        "output": [
            {
                "id": "rs_backend",
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "think"}],
                "encrypted_content": "enc",
            },
            {
                "id": "msg_backend",
                "type": "message",
                "status": "completed",
                "role": "assistant",
                "content": [{"type": "output_text", "annotations": [], "text": "answer"}],
            },
        ],
    }
    body = b"".join(lc.stream.encode(WIRE, _reasoning(summary_first=True, final=final)))
    assert sdk_responses(body)["reasoning_state"] == [{"id": "rs_backend", "encrypted_content": "enc"}]
    final["output"][0]["summary"] = []
    body = b"".join(lc.stream.encode(WIRE, _reasoning(summary_first=True, final=final)))
    (state,) = _states(body)
    assert sdk_responses(body)["reasoning_state"] == [state]
    assert sdk_responses(body)["thinking"] == "think"


# -- linear in the number of output items ------------------------------------


def _lines_run(run: Any) -> int:
    """How many lines of lmcodec code ``run()`` executes (a loop's every pass counts): a work count
    that does not move with the machine's load, unlike a timing."""
    import sys
    from types import FrameType

    src = str(Path(lc.__file__).parent)
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        return local if frame.f_code.co_filename.startswith(src) else None

    sys.settrace(tracer)
    try:
        run()
    finally:
        sys.settrace(None)
    return count


def _many_items(n: int, kind: str) -> list[Any]:
    """A stream of ``n`` output items of one kind (every item stays open to the end)."""
    events: list[Any] = [lc.StreamStartEvent(id="resp_n", model="m-1")]
    for k in range(n):
        if kind == "text":
            events.append(lc.StreamDeltaEvent(delta=lc.TextDelta(text="x", part_index=k)))
        elif kind == "call":
            call = lc.ToolCallDelta(input="{}", part_index=k, id=f"c{k}", name="f")
            events.append(lc.StreamDeltaEvent(delta=call))
        else:
            events.append(lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="t", part_index=k)))
    events.append(lc.StreamEndEvent(finish_reason="stop"))
    return events


@pytest.mark.parametrize("kind", ["text", "call", "thinking"])
def test_writing_grows_linearly_with_the_output_items(kind: str) -> None:
    """Closing an item costs the same however many are open (it once scanned every open slot per
    item: 16,000 items took 15 s). Four times the items, about four times the lines run."""
    small, large = (
        _lines_run(lambda n=n: b"".join(lc.stream.encode(WIRE, _many_items(n, kind)))) for n in (150, 600)
    )
    assert large < 4.6 * small, (small, large)


def _anthropic_blocks(n: int) -> bytes:
    start = {"id": "msg_1", "type": "message", "role": "assistant", "model": "m", "content": []}
    frames: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"message": {**start, "usage": {"input_tokens": 1, "output_tokens": 1}}})
    ]
    for k in range(n):
        frames.append(("content_block_start", {"index": k, "content_block": {"type": "text", "text": ""}}))
        frames.append(("content_block_delta", {"index": k, "delta": {"type": "text_delta", "text": "x"}}))
        frames.append(("content_block_stop", {"index": k}))
    frames.append(("message_delta", {"delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 5}}))
    frames.append(("message_stop", {}))
    return b"".join(
        f"event: {name}\ndata: {json.dumps({'type': name, **data})}\n\n".encode() for name, data in frames
    )


def test_translating_to_responses_grows_linearly_with_the_output_items() -> None:
    """The sink path of translate (the red-team's repro: Anthropic blocks -> Responses)."""

    def run(n: int) -> None:
        b"".join(lc.stream.translate("anthropic", WIRE, [_anthropic_blocks(n)], request=REQUEST))

    small, large = (_lines_run(lambda n=n: run(n)) for n in (150, 600))
    assert large < 4.6 * small, (small, large)


def test_a_citation_costs_the_calls_of_its_annotation_event() -> None:
    """Red team 39 F07 (a cited answer to Responses, a citation between each two text deltas):
    a citation's ``output_text.annotation.added`` is framed where it is made (``_emit_bodies`` of
    one event was a call a citation), and reads as the annotation."""
    import sys

    from lmcodec.providers.openai.write import StreamWriter

    writer = StreamWriter()
    writer.feed(lc.StreamStartEvent(id="resp_1", model="m-1"))
    writer.write_text(0, "claim. ")
    cite = lc.StreamDeltaEvent(delta=lc.CitationDelta(part_index=0, url="https://e.x/0", title="t", text="c"))
    writer.feed(cite)
    calls = 0

    def hook(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(hook)
    try:
        written = writer.feed(cite)
    finally:
        sys.setprofile(None)
    assert calls <= 7
    head, _, data = written.partition(b"\ndata: ")
    assert head == b"event: response.output_text.annotation.added"
    event = json.loads(data)
    assert event["annotation_index"] == 1
    assert event["annotation"] == {
        "type": "url_citation",
        "url": "https://e.x/0",
        "title": "t",
        "start_index": 0,
        "end_index": 0,
        "text": "c",
    }
    assert event["sequence_number"] == 6
