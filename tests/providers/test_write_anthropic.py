"""The Anthropic Messages stream and body writer, judged by the anthropic SDK (a real client and
its MessageStream), lm15 1.5.0's adapter and lmcodec's decoder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import _block_frames as block_frames
from lmcodec.providers.anthropic import _frames as frames_module
from lmcodec.providers.anthropic import write as write_module

from ..budget import examples
from .provider_support import assert_same_outcome, complete_bodies, lc_stream, lm15_stream, requests_for
from .sdk_readers import (
    REQUEST,
    _transport,
    anthropic,
    assembles,
    check_written,
    corpus_id,
    corpus_streams,
    expected_view,
    frames,
    provider_shaped_streams,
    sdk_anthropic,
    source_streams,
)

WIRE = "anthropic"
SOURCES = source_streams()
ERROR_SOURCES = sorted(n for n, ev in SOURCES.items() if any(isinstance(e, lc.StreamErrorEvent) for e in ev))
CLEAN_SOURCES = sorted(n for n in SOURCES if n not in ERROR_SOURCES)


def _written(events: list[Any]) -> bytes:
    return b"".join(lc.stream.encode(WIRE, events))


def _names(body: bytes) -> list[str]:
    return [line[7:].decode() for line in body.splitlines() if line.startswith(b"event: ")]


def _check_consumed(events: list[Any]) -> None:
    """A stream that does not assemble (MAP-9) still writes bytes the SDK consumes and that lm15
    and lmcodec read alike."""
    body = _written(events)
    sdk_anthropic(body)
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(WIRE, [body], reqlc), lm15_stream(WIRE, body, req15), WIRE)


@pytest.mark.parametrize("case", corpus_streams(), ids=corpus_id)
def test_corpus_stream_written_as_anthropic(case: tuple[str, Path]) -> None:
    src, path = case
    events = list(lc.stream.decode(src, [path.read_bytes()], request=REQUEST))
    refused = assembles(events)
    if refused is not None and "without a name" in refused:  # MAP-9: no client function call either
        with pytest.raises(lc.ValidationError, match="without a name"):
            _written(events)
        return
    if refused is not None:
        _check_consumed(events)
        return
    check_written(WIRE, events)


@pytest.mark.parametrize("name", CLEAN_SOURCES)
def test_synthesized_stream_written_as_anthropic(name: str) -> None:
    if _holds_media(SOURCES[name]):  # no media on the Messages wire: refused (red team 9 F01)
        with pytest.raises(lc.ValidationError, match="no form in a Messages stream"):
            _written(SOURCES[name])
        return
    check_written(WIRE, SOURCES[name])


def _holds_media(events: list[Any]) -> bool:
    return any(
        isinstance(e, lc.StreamDeltaEvent)
        and isinstance(e.delta, (lc.ImageDelta, lc.AudioDelta))
        and (e.delta.data or e.delta.url or e.delta.file_id)
        for e in events
    )


def test_the_comparison_sees_signatures_redaction_citations_and_cache_usage() -> None:
    """The anthropic-to-anthropic synthesized stream carries everything the wire has; the SDK must
    report each of them (so the view comparison of the other tests is not vacuous)."""
    body = check_written(WIRE, SOURCES["anthropic_full"])
    view = sdk_anthropic(body)
    assert view["id"] == "msg_full1" and view["model"] == "claude-full"
    assert view["thinking"] == "Weigh it." and view["signatures"] == ["EqQBsig=="]
    assert view["redacted"] == ["EmwKredacted"]
    assert view["citations"] == [("it works", "https://example.com/a", "A")]
    assert view["tool_calls"] == [("toolu_full1", "lookup", {"q": 'a"bé'})]
    assert view["finish_reason"] == "tool_call"
    assert view["usage"] == (30, 40, 20, 5)


@pytest.mark.parametrize("name", ERROR_SOURCES)
def test_an_error_mid_stream_is_an_anthropic_error_event(name: str) -> None:
    events = SOURCES[name]
    error = next(e for e in events if isinstance(e, lc.StreamErrorEvent)).error
    body = _written(events)
    assert _names(body)[-1] == "error"
    assert frames(body)[-1]["error"]["message"] == error.message
    with pytest.raises(anthropic.APIStatusError) as raised:
        sdk_anthropic(body)
    assert raised.value.body["error"]["message"] == error.message
    back = list(lc.stream.decode(WIRE, [body], request=REQUEST))
    assert isinstance(back[-1], lc.StreamErrorEvent)
    assert back[-1].error.message == error.message
    assert back[-1].error.code == error.code
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(WIRE, [body], reqlc), lm15_stream(WIRE, body, req15), WIRE)


def test_nothing_is_written_after_the_error() -> None:
    events = [*SOURCES["error_mid_stream"], lc.StreamEndEvent(finish_reason="stop")]
    assert _names(_written(events))[-1] == "error"


def test_the_served_id_and_model_are_kept_and_a_missing_id_is_synthesized_once() -> None:
    kept = sdk_anthropic(_written(SOURCES["parallel_tool_calls"]))
    assert (kept["id"], kept["model"]) == ("resp_synth1", "m-served")
    no_id = [lc.StreamStartEvent(model="gemini-x"), *SOURCES["gemini_thought_calls"][1:]]
    body = _written(no_id)
    view = sdk_anthropic(body)
    assert view["id"].startswith("msg_") and len(view["id"]) == 28 and view["model"] == "gemini-x"
    assert [f["message"]["id"] for f in frames(body) if f["type"] == "message_start"] == [view["id"]]


def test_calls_without_ids_get_distinct_toolu_ids_stable_for_the_message() -> None:
    events = [lc.StreamStartEvent(id="msg_fixed", model="m"), *SOURCES["gemini_thought_calls"][1:]]
    first = sdk_anthropic(_written(events))["tool_calls"]  # Gemini names no call ids
    ids = [i for i, _, _ in first]
    assert len(set(ids)) == 2 and all(i.startswith("toolu_") for i in ids)
    assert [i for i, _, _ in sdk_anthropic(_written(events))["tool_calls"]] == ids
    other = sdk_anthropic(_written([lc.StreamStartEvent(id="msg_other", model="m"), *events[1:]]))
    assert not {i for i, _, _ in other["tool_calls"]} & set(ids)


def test_blocks_run_one_at_a_time_with_sequential_indices() -> None:
    body = _written(SOURCES["chat_parallel_escapes"])
    opened: list[int] = []
    current = None
    for frame in frames(body):
        kind = frame["type"]
        if kind == "content_block_start":
            assert current is None, "a block opened while another was open"
            assert frame["index"] == len(opened)
            opened.append(frame["index"])
            current = frame["index"]
        elif kind == "content_block_delta":
            assert frame["index"] == current
        elif kind == "content_block_stop":
            assert frame["index"] == current
            current = None
    assert current is None and opened == [0, 1, 2]
    starts = [f["content_block"] for f in frames(body) if f["type"] == "content_block_start"]
    assert [(b["type"], b.get("id"), b.get("name")) for b in starts] == [
        ("text", None, None),
        ("tool_use", "call_p0", "search"),
        ("tool_use", "call_p1", "read"),
    ]
    assert _names(body)[:2] == ["message_start", "ping"] and _names(body)[-2:] == [
        "message_delta",
        "message_stop",
    ]


def test_usage_of_another_dialect_is_in_message_delta_and_reaches_the_final_message() -> None:
    events = SOURCES["chat_parallel_escapes"]
    end = events[-1]
    assert isinstance(end, lc.StreamEndEvent) and end.usage is not None
    body = _written(events)
    delta = next(f for f in frames(body) if f["type"] == "message_delta")
    assert delta["usage"] == {"input_tokens": 9, "output_tokens": 8}
    assert delta["delta"]["stop_reason"] == "tool_use"
    assert sdk_anthropic(body)["usage"] == (9, 8, None, None)


def test_other_providers_state_is_not_written_as_an_anthropic_signature() -> None:
    body = _written(SOURCES["gemini_thought_calls"])  # thoughtSignatures on a thought and a call
    assert b"signature_delta" not in body and b"c2lnM" not in body
    body = _written(SOURCES["openai_reasoning"])  # encrypted reasoning item
    assert b"gAAA" not in body and b"rs_1" not in body


def test_each_delta_is_written_when_it_arrives() -> None:
    encoder = lc.stream.Encoder(WIRE)
    chunks = []
    for event in SOURCES["text"]:
        out = encoder.feed(event)
        if isinstance(event, lc.StreamDeltaEvent):
            assert frames(out)[-1]["delta"] == {"type": "text_delta", "text": event.delta.text}
        chunks.append(out)
    assert encoder.close() == b""
    assert b"".join(chunks) == _written(SOURCES["text"])


def test_a_stream_without_an_end_is_left_unterminated() -> None:
    body = _written(SOURCES["text"][:-1])
    assert "message_stop" not in _names(body) and _names(body)[-1] == "content_block_delta"


def test_empty_thinking_slot_then_redacted_state_is_one_redacted_block() -> None:
    events = [
        lc.StreamStartEvent(id="msg_r", model="m"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="", part_index=0)),
        lc.StreamDeltaEvent(
            delta=lc.ContinuationDelta(
                provider="anthropic", kind="redacted_thinking", data={"data": "R"}, part_index=0
            )
        ),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="ok", part_index=1)),
        lc.StreamEndEvent(finish_reason="stop"),
    ]
    body = check_written(WIRE, events)
    starts = [f["content_block"] for f in frames(body) if f["type"] == "content_block_start"]
    assert starts == [{"type": "redacted_thinking", "data": "R"}, {"type": "text", "text": ""}]


# ── bodies ────────────────────────────────────────────────────────────────────


def _sdk_message(body: bytes) -> Any:
    client = anthropic.Anthropic(
        api_key="sk-test", http_client=_transport(body, "application/json"), max_retries=0
    )
    return client.messages.create(model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}])


def _without_data(response: lc.Response) -> lc.Response:
    return lc.replace(response, provider_data=None)


def _message_bodies() -> list[Path]:
    """The complete Messages bodies (not the error envelopes, which are not responses)."""
    return [p for p in complete_bodies(WIRE) if json.loads(p.read_bytes()).get("type") == "message"]


@pytest.mark.parametrize("path", _message_bodies(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_corpus_body_round_trips_verbatim(path: Path) -> None:
    original = path.read_bytes()
    response = lc.decode_response(WIRE, original, request=REQUEST)
    written = lc.encode_response(WIRE, response)
    assert json.loads(written) == json.loads(original)
    again = lc.decode_response(WIRE, written, request=REQUEST)
    assert again == response and again.provider_data == response.provider_data


@pytest.mark.parametrize("path", _message_bodies(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_corpus_body_rebuilt_from_its_parts(path: Path) -> None:
    response = _without_data(lc.decode_response(WIRE, path.read_bytes(), request=REQUEST))
    written = lc.encode_response(WIRE, response)
    again = lc.decode_response(WIRE, written, request=REQUEST)
    assert _without_data(again) == response
    message = _sdk_message(written)
    assert message.id == response.id and message.model == response.model
    assert message.usage.input_tokens == response.usage.input_tokens


@pytest.mark.parametrize("name", CLEAN_SOURCES)
def test_body_of_an_assembled_stream(name: str) -> None:
    events = SOURCES[name]
    response = lc.assemble(events, request=REQUEST)
    if _holds_media(events):  # no media in a Messages answer: refused (red team 9 F01)
        with pytest.raises(lc.ValidationError, match="no form in a Messages response"):
            lc.encode_response(WIRE, response)
        return
    written = lc.encode_response(WIRE, response)
    again = lc.decode_response(WIRE, written, request=REQUEST)
    ids = {p.id for p in response.message.parts if isinstance(p, lc.ToolCallPart)}
    assert expected_view(again, WIRE, ids) == expected_view(response, WIRE, ids)
    message = _sdk_message(written)
    calls = [(b.id, b.name, b.input) for b in message.content if b.type == "tool_use"]
    assert calls == [
        (p.id, p.name, p.input) for p in response.message.parts if isinstance(p, lc.ToolCallPart)
    ]
    text = "".join(b.text for b in message.content if b.type == "text")
    assert text == expected_view(response, WIRE, ids)["text"]


def test_a_body_whose_provider_data_disagrees_is_rebuilt() -> None:
    bodies = _message_bodies()
    if not bodies:
        pytest.skip("no corpus bodies")
    response = lc.decode_response(WIRE, bodies[0].read_bytes(), request=REQUEST)
    changed = lc.replace(response, message=lc.Message.assistant("something else"))
    again = lc.decode_response(WIRE, lc.encode_response(WIRE, changed), request=REQUEST)
    assert again.message == changed.message


# ── the template fast path against the Struct frames ──────────────────────────


# A fragment holding no closing bracket: one that closes the call's object and goes on is cut at
# the close (tests/stream/test_arguments_object_then_more.py), not framed as it came.
@settings(max_examples=examples(200), deadline=None)
@given(text=st.text(), fragment=st.text(st.characters(blacklist_characters="}]")), index=st.integers(0, 3))
def test_open_block_deltas_are_the_struct_frames(text: str, fragment: str, index: int) -> None:
    writer = write_module.StreamWriter()
    writer.feed(lc.StreamStartEvent(id="msg_t", model="m"))
    for k in range(index):  # earlier blocks, so the open one has block index ``index``
        writer.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="x", part_index=k)))
    writer.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text="a", part_index=index)))
    got = writer.feed(lc.StreamDeltaEvent(delta=lc.TextDelta(text=text, part_index=index)))
    assert got == block_frames.block_delta(index, frames_module.TextDelta(text=text))
    # a call whose arguments open an object (one that opens none is held to its stop: _call_input.py)
    writer.feed(lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="{", part_index=9, id="c", name="f")))
    got = writer.feed(lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input=fragment, part_index=9)))
    assert got == block_frames.block_delta(index + 1, frames_module.InputJsonDelta(partial_json=fragment))


@settings(max_examples=examples(60), deadline=None)
@given(events=provider_shaped_streams())
def test_provider_shaped_streams_read_back_alike(events: list[Any]) -> None:
    check_written(WIRE, events)


@settings(max_examples=examples(100), deadline=None)
@given(events=provider_shaped_streams())
def test_write_methods_write_what_feed_writes(events: list[Any]) -> None:
    """The translator's event-free calls (``write_text`` / ``write_thinking`` / ``write_tool_input``)
    against ``feed`` of the same events."""
    fed, called = write_module.StreamWriter(), write_module.StreamWriter()
    events = [lc.StreamStartEvent(id="msg_fixed", model="m"), *events[1:]]  # one message id for both
    for event in events:
        want = fed.feed(event)
        delta = getattr(event, "delta", None)
        if isinstance(delta, lc.TextDelta):
            got = called.write_text(delta.part_index, delta.text)
        elif isinstance(delta, lc.ThinkingDelta):
            got = called.write_thinking(delta.part_index, delta.text)
        elif isinstance(delta, lc.ToolCallDelta):
            got = called.write_tool_input(delta.part_index, delta.input, delta.id, delta.name)
        else:
            got = called.feed(event)
        assert got == want


def test_a_non_event_is_refused_with_an_lmcodec_error() -> None:
    with pytest.raises(lc.ValidationError):
        lc.stream.Encoder(WIRE).feed("not an event")  # type: ignore[arg-type]
