"""A call whose arguments open no object (``"str"``, ``42``, ``[1,2]``, ``null``, ``true``, or text
that is no JSON), streamed to an Anthropic client (red team 37 F03).

The Messages API's ``tool_use`` input is an object; the anthropic SDK's MessageStream read these
as a string, a number or a list, and raised "Unable to parse tool parameter JSON" at a string or
literal cut short (the client lost the whole answer). The writer holds them to the block's stop and
writes lm15's reading: ``{"value": X}`` for JSON, its marker ``{"partial_json": raw}`` for text
that is none. The oracles: ``json.loads`` of the source's arguments (lm15's rule), the anthropic
SDK's final message, lmcodec's reading of the source and of the written stream (lm15's), and the
protocol checks of ``test_parts_in_order``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.wire import (
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamStartEvent,
    TextDelta,
    ToolCallDelta,
)
from lmcodec.wire.telemetry import ErrorDetail

from ..budget import examples
from .test_arguments_whitespace import _responses_source
from .test_parts_in_order import PROTOCOL_BREAKS, sse_events
from .test_parts_in_order_chat import CLIENT_ORDER, translated
from .test_parts_in_order_chat_calls import _call, stream

pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")
pytest.importorskip("openai", reason="the openai SDK reads the source streams")

# red team 37 F03's values; each read by lm15 as {"value": json.loads(arguments)}
VALUES = [
    '"str"',
    "42",
    "[1,2]",
    "null",
    "true",
    "-1.5e3",
    '"a\\"}{["',
    ' [ {"a": 1} , 2 ] ',
    "12345678901234567890",
]
# arguments that are no JSON (cut, never closed, or followed by text): lm15's marker
NOT_JSON = ['"str', "[1,2", "nul", "42 x", "[1]]", "abc"]


def _cuts(arguments: str) -> list[list[str]]:
    """``arguments`` whole, cut after two characters, and one character a fragment."""
    return [[arguments], [arguments[:2], arguments[2:]], list(arguments)]


def _anthropic_read(path: str, fragments: list[str], after: list[dict[str, Any]]) -> bytes:
    source = stream([_call(0, fragments[0], "f"), *(_call(0, f) for f in fragments[1:]), *after])
    if path == "translate":
        return translated("anthropic", source)
    return b"".join(lc.stream.encode("anthropic", lc.stream.decode("openai_chat", source)))


def _source_input(fragments: list[str]) -> Any:
    """The Chat source's call input as lmcodec reads it (lm15's reading: tests/stream/test_assemble.py)."""
    source = stream([_call(0, fragments[0], "f"), *(_call(0, f) for f in fragments[1:])])
    response = lc.assemble(lc.stream.decode("openai_chat", source))
    return [part.input for part in response.message.parts if part.type == "tool_call"]


@pytest.mark.parametrize("path", ["translate", "encode"])
@pytest.mark.parametrize("arguments", VALUES)
def test_json_that_is_no_object_reaches_the_anthropic_client_as_lm15s_value(
    path: str, arguments: str
) -> None:
    """Whole, cut in two and a character a fragment, alone and followed by text: the SDK reads
    ``{"value": X}`` (it read X, or raised), the protocol holds, and lmcodec's reading of the
    written stream is lm15's reading of the source."""
    value = {"value": json.loads(arguments)}
    for fragments in _cuts(arguments):
        for after, also in (([], []), ([{"content": "done"}], [("text", "done")])):
            body = _anthropic_read(path, fragments, after)
            assert PROTOCOL_BREAKS["anthropic"](body) == []
            assert CLIENT_ORDER["anthropic"](body) == [("call", "f", value), *also]
            read = lc.assemble(lc.stream.decode("anthropic", [body]))
            assert [p.input for p in read.message.parts if p.type == "tool_call"] == [value]


@pytest.mark.parametrize("path", ["translate", "encode"])
@pytest.mark.parametrize("arguments", NOT_JSON)
def test_arguments_that_never_close_reach_the_client_as_lm15_marks_them(path: str, arguments: str) -> None:
    """Text that opens no object and is no JSON: the client reads lm15's ``{"partial_json": raw}``,
    what lm15 reads of the source."""
    for fragments in _cuts(arguments):
        body = _anthropic_read(path, fragments, [])
        assert PROTOCOL_BREAKS["anthropic"](body) == []
        assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"partial_json": arguments})]
        assert _source_input(fragments) == [{"partial_json": arguments}]


@pytest.mark.parametrize("arguments", ["42", '"str"', "[1]", " null"])
def test_a_responses_sources_value_reaches_the_anthropic_client_as_an_object(arguments: str) -> None:
    for fragments in _cuts(arguments):
        body = b"".join(lc.stream.translate("openai", "anthropic", _responses_source(fragments)))
        assert PROTOCOL_BREAKS["anthropic"](body) == []
        assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"value": json.loads(arguments)})]


def _deltas(body: bytes) -> list[tuple[str, Any]]:
    """The written frames after message_start, by name: a tool delta's partial_json, else the index."""
    out: list[tuple[str, Any]] = []
    for name, data in sse_events(body):
        if name == "content_block_delta" and data["delta"]["type"] == "input_json_delta":
            out.append(("input", data["delta"]["partial_json"]))
        elif name in ("content_block_start", "content_block_stop"):
            out.append((name, data["index"]))
        elif name in ("error", "message_delta"):
            out.append((name, None))
    return out


_START = StreamStartEvent(id="m1", model="m")


def _call_events(*fragments: str) -> list[Any]:
    head = ToolCallDelta(input=fragments[0], part_index=0, id="toolu_0", name="f")
    return [
        StreamDeltaEvent(delta=head),
        *(StreamDeltaEvent(delta=ToolCallDelta(input=f, part_index=0)) for f in fragments[1:]),
    ]


def test_the_value_is_written_before_the_block_stops() -> None:
    body = b"".join(
        lc.stream.encode(
            "anthropic", [_START, *_call_events("4", "2"), StreamEndEvent(finish_reason="tool_call")]
        )
    )
    assert _deltas(body) == [
        ("content_block_start", 0),
        ("input", '{"value":42}'),
        ("content_block_stop", 0),
        ("message_delta", None),
    ]


def test_the_value_is_written_before_an_error() -> None:
    error = StreamErrorEvent(error=ErrorDetail(code="server", message="boom"))
    body = b"".join(lc.stream.encode("anthropic", [_START, *_call_events('"a', 'b"'), error]))
    assert _deltas(body) == [("content_block_start", 0), ("input", '{"value":"ab"}'), ("error", None)]


def test_a_stream_left_without_its_end_gets_the_value_unstopped() -> None:
    body = b"".join(lc.stream.encode("anthropic", [_START, *_call_events("[1,", "2]")]))
    assert _deltas(body) == [("content_block_start", 0), ("input", '{"value":[1,2]}')]


def test_a_fragment_after_the_values_stop_is_left_out() -> None:
    """An Encoder fed another slot between two fragments of a value (a Chat source's text between
    them, decoded and encoded): the value is written at its block's stop, and the fragment after it
    could only make the object written not JSON."""
    events = [
        _START,
        *_call_events("4"),
        StreamDeltaEvent(delta=TextDelta(text="x", part_index=1)),
        StreamDeltaEvent(delta=ToolCallDelta(input="2", part_index=0)),
        StreamEndEvent(finish_reason="tool_call"),
    ]
    body = b"".join(lc.stream.encode("anthropic", events))
    assert PROTOCOL_BREAKS["anthropic"](body) == []
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"value": 4}), ("text", "x")]


def test_whitespace_then_a_value_is_held_as_the_value() -> None:
    body = b"".join(
        lc.stream.encode("anthropic", [_START, *_call_events(" ", "\n", "tr", "ue"), StreamEndEvent()])
    )
    assert [d for d in _deltas(body) if d[0] == "input"] == [("input", '{"value": \ntrue}')]


def test_a_whole_object_in_the_start_then_a_fragment_is_not_held_as_a_value() -> None:
    """A fragment after a start that held the whole object follows its close: not a value, left
    out (red team 40 F03: the SDK raised on `` x``); the client reads the start's object."""
    body = b"".join(
        lc.stream.encode("anthropic", [_START, *_call_events('{"a":1}', " ", "x"), StreamEndEvent()])
    )
    assert [d for d in _deltas(body) if d[0] == "input"] == []
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"a": 1})]


_OBJECT = st.dictionaries(
    st.sampled_from("abc"), st.integers(-9, 9) | st.text('xy{}[]"\\ ', max_size=4), max_size=3
)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_OBJECT, st.sets(st.integers(1, 40), max_size=5), st.booleans())
def test_object_arguments_are_written_fragment_for_fragment(value: Any, cuts: set[int], spaced: bool) -> None:
    """The common stream: arguments that open an object, cut anywhere, are written as they came
    (the start's input when the first fragment is the whole object as lm15 prints it)."""
    text = json.dumps(value, separators=(", ", ": ") if spaced else (",", ":"))
    edges = sorted(c for c in cuts if c < len(text))
    fragments = [text[i:j] for i, j in zip([0, *edges], [*edges, len(text)], strict=True)]
    body = b"".join(lc.stream.encode("anthropic", [_START, *_call_events(*fragments), StreamEndEvent()]))
    written = [d[1] for d in _deltas(body) if d[0] == "input"]
    whole_in_start = value and fragments == [json.dumps(value, separators=(",", ":"))]
    assert written == ([] if whole_in_start else fragments)
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", value)]


def test_text_that_is_no_json_at_the_stop_waits_for_the_end() -> None:
    """An Encoder fed a text between two fragments of ``[1,2]``: the block stops at ``[1,``, which
    may still grow; the value is written at the end to its block, as the Encoder writes any late
    fragment (after the block's stop: the documented limit), and the client reads it whole."""
    events = [
        _START,
        *_call_events("[1,"),
        StreamDeltaEvent(delta=TextDelta(text="x", part_index=1)),
        StreamDeltaEvent(delta=ToolCallDelta(input="2]", part_index=0)),
        StreamEndEvent(finish_reason="tool_call"),
    ]
    body = b"".join(lc.stream.encode("anthropic", events))
    assert _deltas(body) == [
        ("content_block_start", 0),
        ("content_block_stop", 0),
        ("content_block_start", 1),
        ("content_block_stop", 1),
        ("input", '{"value":[1,2]}'),
        ("message_delta", None),
    ]
    assert CLIENT_ORDER["anthropic"](body) == [("call", "f", {"value": [1, 2]}), ("text", "x")]


@pytest.mark.parametrize(
    "deltas",
    [
        [_call(0, "[1,2", "f"), {"content": "x"}],
        [_call(0, '"ab', "f"), _call(1, "[1", "g"), {"content": "x"}],
        [_call(0, "nu", "f"), _call(1, "[1", "g"), _call(2, '{"a":1}', "h")],
    ],
    ids=["never closed, then text", "two never closed, then text", "two never closed, then a call"],
)
def test_translate_writes_arguments_that_never_close_in_their_block(deltas: list[dict[str, Any]]) -> None:
    """The translate sink holds what follows a call that may grow, and at the end tells the writer
    that each call gets no more fragments: its marker is written before its block's stop."""
    body = translated("anthropic", stream(deltas))
    assert PROTOCOL_BREAKS["anthropic"](body) == []
    calls = [r for r in CLIENT_ORDER["anthropic"](body) if r[0] == "call"]
    want = [
        ("call", d["tool_calls"][0]["function"]["name"], d["tool_calls"][0]["function"]["arguments"])
        for d in deltas
        if "tool_calls" in d
    ]
    assert calls == [(k, n, {"a": 1} if a == '{"a":1}' else {"partial_json": a}) for k, n, a in want]
