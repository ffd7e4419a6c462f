"""A short Anthropic stream assembled straight (``providers/anthropic/_lone.py`` through
``stream/_lone.py``) against the general way (an Assembler fed by the mapper) and lm15 1.5.0's
pipeline (adapter, ``coalesce_stream``, ``materialize_response``): the same Response, or the same
failure, for generated short streams at every chunking and any pair of requests, and for every
Anthropic body of the corpus."""

from __future__ import annotations

import json
import random
from typing import Any
from unittest import mock

import lm15.result as lr
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import _lone
from lmcodec.providers.anthropic.stream import StreamMapper
from lmcodec.stream._lone import lone_frames
from lmcodec.stream.decoder import Decoding

from ..budget import examples
from .provider_support import Raised, adapter, assert_same_response, needs_bodies, requests_for, stream_bodies

LM_REQUEST, REQUEST = requests_for("m-1")
PREFIXED = lc.Request(model="anthropic:claude-y", messages=(lc.Message.user("hi"),))
JUDGED = lc.Request(
    model="m-1",
    messages=(lc.Message.user("hi"),),
    config=lc.Config(
        response_format={
            "type": "json_schema",
            "schema": {"type": "object", "properties": {"label": {"type": "string"}}},
        }
    ),
)
_REQUESTS = st.sampled_from([None, REQUEST, PREFIXED, JUDGED])

_START = {
    "type": "message_start",
    "message": {
        "model": "claude-sonnet-4-5-20250929",
        "id": "msg_011CefKAcwrxpVDgJAAkGQiB",
        "type": "message",
        "role": "assistant",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 573, "output_tokens": 22},
    },
}
_END = {
    "type": "message_delta",
    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
    "usage": {"input_tokens": 573, "cache_read_input_tokens": 0, "output_tokens": 1},
}
_STOP = {"type": "message_stop"}
_PING = {"type": "ping"}


def _block_start(index: Any, **block: Any) -> dict[str, Any]:
    return {"type": "content_block_start", "index": index, "content_block": block}


def _delta(index: Any, **delta: Any) -> dict[str, Any]:
    return {"type": "content_block_delta", "index": index, "delta": delta}


def _block_stop(index: Any) -> dict[str, Any]:
    return {"type": "content_block_stop", "index": index}


def sse(frames: list[Any], *, names: bool = True, padding: str = "", separators: Any = (",", ":")) -> bytes:
    """The SSE body of ``frames`` (JSON values; a str is written as it is), each with its
    ``event:`` line (its ``type``) when ``names``, ``padding`` before each object's last brace."""
    out = []
    for frame in frames:
        if isinstance(frame, str):
            data = frame
        else:
            data = json.dumps(frame, separators=separators)
            if padding and data.endswith("}"):
                data = data[:-1] + padding + "}"
        name = frame.get("type") if isinstance(frame, dict) else None
        head = f"event: {name if isinstance(name, str) else 'x'}\n" if names else ""
        out.append(f"{head}data: {data}\n\n")
    return "".join(out).encode()


WORD = sse(
    [
        _START,
        _block_start(0, type="text", text=""),
        _PING,
        _delta(0, type="text_delta", text="The "),
        _block_stop(0),
        _END,
        _STOP,
    ]
)


def _outcome(run: Any) -> tuple[Any, str | None, Any]:
    try:
        return run(), None, None
    except lc.LmcodecError as exc:
        return None, f"{type(exc).__name__}: {exc}", getattr(exc, "partial", None)


def _straight(chunks: list[bytes], stream_request: Any, request: Any) -> Any:
    return lc.assemble(lc.stream.decode("anthropic", chunks, request=stream_request), request=request)


def _general(chunks: list[bytes], stream_request: Any, request: Any) -> Any:
    """The general way: an Assembler fed by the mapper (the straight path patched out)."""
    with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
        return lc.assemble(lc.stream.decode("anthropic", chunks, request=stream_request), request=request)


def _same(chunks: list[bytes], stream_request: Any, request: Any) -> bool:
    """The straight outcome of ``chunks`` is the general way's (the Response's encoding, its
    provider_data and usage type too); whether the straight path took it."""
    got = _outcome(lambda: _straight(chunks, stream_request, request))
    want = _outcome(lambda: _general(chunks, stream_request, request))
    assert got == want
    if got[0] is not None:
        assert lc.encode(got[0]) == lc.encode(want[0])
        assert got[0].provider_data == want[0].provider_data
        assert type(got[0].usage) is type(want[0].usage)
    taken = lc.stream.decode("anthropic", chunks, request=stream_request).lone_response(request)  # type: ignore[attr-defined]
    assert taken is None or (taken == want[0] and lc.encode(taken) == lc.encode(want[0]))
    return taken is not None


def _lm15(body: bytes) -> Any:
    from lm15 import vet

    try:
        events = vet._parse_stream_body(adapter("anthropic"), LM_REQUEST, body)
        return lr.materialize_response(iter(events), LM_REQUEST)
    except Exception as exc:
        return Raised(exc)


def _chunkings(body: bytes, rng: random.Random) -> list[list[bytes]]:
    """The body whole, one chunk an event, in random cuts, byte by byte."""
    events = [e + b"\n\n" for e in body.split(b"\n\n")[:-1]]
    if b"".join(events) != body:
        events = [body]
    cuts = sorted(rng.randrange(len(body) + 1) for _ in range(rng.randrange(1, 6)))
    pieces = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)], strict=True)]
    return [[body], events, pieces, [body[i : i + 1] for i in range(len(body))]]


# -- generated short streams -----------------------------------------------------

_TEXT = st.sampled_from(["", "The ", "Hello! How can", " I help?", "é\u2028", '"}\n'])
_INDEX = st.sampled_from([0, 0, 0, 1, 2])
_ID = st.sampled_from(["msg_1", "", None, 7])
_MODEL = st.sampled_from(["claude-x", "claude-x", "", None])
_STOP_REASON = st.sampled_from(
    ["end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "pause_turn", None, 3]
)
_USAGE = st.one_of(
    st.fixed_dictionaries(
        {"input_tokens": st.sampled_from([0, 9, 573]), "output_tokens": st.sampled_from([1, 12])},
        optional={
            "cache_read_input_tokens": st.sampled_from([0, 5]),
            "output_tokens_details": st.sampled_from([{"thinking_tokens": 4}, {}]),
        },
    ),
    st.sampled_from([{}, None, {"output_tokens": -1}, {"output_tokens": 1.5}]),
)
_INPUTS = st.sampled_from([{}, {"city": "Gatineau"}, [], "x", None])
_FRAGMENTS = st.lists(
    st.sampled_from(["", '{"city": "', 'Gatineau"}', "[1]", "NaN", "{", "1e400", '"x"']), max_size=3
)


@st.composite
def _block(draw: Any) -> list[Any]:
    """One content block's frames: a text, thinking (with signatures), tool_use block, or a rare one."""
    index = draw(_INDEX)
    kind = draw(st.sampled_from(["text", "text", "thinking", "tool_use", "odd"]))
    if kind == "text":
        deltas = [
            _delta(index, type="text_delta", text=t) for t in draw(st.lists(_TEXT, min_size=1, max_size=3))
        ]
        return [_block_start(index, type="text", text=""), *deltas, _block_stop(index)]
    if kind == "thinking":
        deltas = [_delta(index, type="thinking_delta", thinking=t) for t in draw(st.lists(_TEXT, max_size=2))]
        signatures = [
            _delta(index, type="signature_delta", signature=s)
            for s in draw(st.lists(st.sampled_from(["c2ln", ""]), max_size=2))
        ]
        return [
            _block_start(index, type="thinking", thinking="", signature=""),
            *deltas,
            *signatures,
            _block_stop(index),
        ]
    if kind == "tool_use":
        block: dict[str, Any] = {"type": "tool_use", "input": draw(_INPUTS)}
        for key, values in (("id", ["toolu_1", ""]), ("name", ["get_weather", "get_weather", ""])):
            value = draw(st.sampled_from([*values, None]))
            if value is not None:
                block[key] = value
        fragments = [_delta(index, type="input_json_delta", partial_json=f) for f in draw(_FRAGMENTS)]
        return [_block_start(index, **block), *fragments, _block_stop(index)]
    return [
        draw(
            st.sampled_from(
                [
                    _block_start(index, type="redacted_thinking", data="cmVk"),
                    _block_start(index, type="server_tool_use", id="srv", name="web_search", input={}),
                    _delta(index, type="citations_delta", citation={"cited_text": "c", "url": "https://u"}),
                    _delta(index, type="other_delta"),
                    {"type": "content_block_delta", "index": index},
                    {"type": "content_block_delta", "index": index, "delta": None},
                    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
                    {"type": "other"},
                    '{"type": "ping", "x": 1e400}',
                    '{"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta"',
                    {
                        "type": "content_block_delta",
                        "index": -1,
                        "delta": {"type": "text_delta", "text": "a"},
                    },
                ]
            )
        )
    ]


@st.composite
def short_streams(draw: Any) -> list[Any]:
    """An Anthropic short answer's frames: a start, blocks, pings, the message_delta end(s) and the
    stop, mostly in the API's order, sometimes shuffled or with a piece left out."""
    message: dict[str, Any] = {"type": "message", "role": "assistant", "content": []}
    for key, value in (("id", draw(_ID)), ("model", draw(_MODEL))):
        if value is not None:
            message[key] = value
    start = (
        {"type": "message_start", "message": message}
        if draw(st.integers(0, 9))
        else {"type": "message_start"}
    )
    frames: list[Any] = [start] if draw(st.integers(0, 9)) else []
    for block in draw(st.lists(_block(), max_size=3)):
        frames += block
        if draw(st.booleans()):
            frames.append(_PING)
    for _ in range(draw(st.sampled_from([1, 1, 1, 0, 2]))):
        end: dict[str, Any] = {"type": "message_delta"}
        stop = draw(_STOP_REASON)
        if stop != 3:
            end["delta"] = {"stop_reason": stop, "stop_sequence": None}
        usage = draw(_USAGE)
        if usage is not None:
            end["usage"] = usage
        frames.append(end)
    if draw(st.integers(0, 5)):
        frames.append(_STOP)
    if not draw(st.integers(0, 7)):
        frames = draw(st.permutations(frames))
    return frames


@settings(max_examples=examples(400), deadline=None)
@given(
    short_streams(),
    st.sampled_from(["", "   "]),
    st.sampled_from([(",", ":"), (", ", ": ")]),
    st.booleans(),
    _REQUESTS,
    _REQUESTS,
    st.randoms(use_true_random=False),
)
@example(
    [_START, _block_start(0, type="text", text=""), _delta(0, type="text_delta", text="a"), _END, _STOP],
    "",
    (",", ":"),
    True,
    None,
    None,
    random.Random(0),
)
def test_a_short_stream_assembles_as_the_assembler_assembles_it(
    frames: list[Any],
    padding: str,
    separators: Any,
    names: bool,
    stream_request: Any,
    request: Any,
    rng: random.Random,
) -> None:
    body = sse(frames, names=names, padding=padding, separators=separators)
    for chunks in _chunkings(body, rng):
        _same(chunks, stream_request, request)


@settings(max_examples=examples(200), deadline=None)
@given(short_streams(), st.sampled_from(["", "   "]))
def test_a_short_stream_assembles_as_lm15_assembles_it(frames: list[Any], padding: str) -> None:
    body = sse(frames, padding=padding)
    got = _outcome(lambda: _straight([body], REQUEST, REQUEST))
    assert_same_response(got[0] if got[1] is None else Raised(lc.LmcodecError(got[1])), _lm15(body))


# -- what it takes, what it leaves ------------------------------------------------

_TOOL = [
    {**_START, "message": {**_START["message"], "model": "claude-haiku-4-5"}},
    _block_start(0, type="tool_use", id="toolu_01", name="get_weather", input={}, caller={"type": "direct"}),
    _PING,
    _delta(0, type="input_json_delta", partial_json=""),
    _delta(0, type="input_json_delta", partial_json='{"city": "'),
    _delta(0, type="input_json_delta", partial_json='Gatineau"}'),
    _block_stop(0),
    {**_END, "delta": {"stop_reason": "tool_use", "stop_sequence": None}},
    _STOP,
]
_THINKING = [
    _START,
    _block_start(0, type="thinking", thinking="", signature=""),
    _delta(0, type="thinking_delta", thinking="Let me "),
    _delta(0, type="thinking_delta", thinking="think."),
    _delta(0, type="signature_delta", signature="c2ln"),
    _block_stop(0),
    _block_start(1, type="text", text=""),
    _delta(1, type="text_delta", text="Done."),
    _block_stop(1),
    _block_start(2, type="tool_use", id="toolu_02", name="f", input={"a": 1}),
    _block_stop(2),
    _END,
    _STOP,
]


def test_the_short_answers_are_assembled_straight() -> None:
    """A text answer, a call with its input in fragments, thinking with its signature beside text
    and a call whose input came whole: taken by the straight path whole and one chunk an event,
    with and without requests (so the differentials above test it), and the Decoding used up."""
    for frames in (
        [
            _START,
            _block_start(0, type="text", text=""),
            _PING,
            _delta(0, type="text_delta", text="The "),
            _block_stop(0),
            _END,
            _STOP,
        ],
        _TOOL,
        _THINKING,
    ):
        body = sse(frames, padding="  ")
        events = [e + b"\n\n" for e in body.split(b"\n\n")[:-1]]
        for chunks in ([body], events):
            for stream_request, request in (
                (REQUEST, REQUEST),
                (None, None),
                (PREFIXED, None),
                (None, REQUEST),
            ):
                assert _same(chunks, stream_request, request)
    decoding = lc.stream.decode("anthropic", [WORD], request=REQUEST)
    response = lc.assemble(decoding, request=REQUEST)
    assert (response.text, response.model, response.id, response.finish_reason) == (
        "The ",
        "claude-sonnet-4-5-20250929",
        "msg_011CefKAcwrxpVDgJAAkGQiB",
        "stop",
    )
    assert response.usage == lc.Usage(input_tokens=573, output_tokens=1, cache_read_tokens=0)
    assert response.provider_data == _END
    assert list(decoding) == []
    response = _straight([sse(_THINKING)], None, None)
    assert response.message.parts == (
        lc.ThinkingPart(
            text="Let me think.",
            continuation=(
                lc.ContinuationState(
                    provider="anthropic", kind="thinking_signature", data={"signature": "c2ln"}
                ),
            ),
        ),
        lc.TextPart(text="Done."),
        lc.ToolCallPart(id="toolu_02", name="f", input={"a": 1}),
    )
    assert response.finish_reason == "tool_call"


def test_what_the_straight_path_leaves_to_the_general_way() -> None:
    """An error frame, a citation, redacted thinking, an unnamed call, input msgspec does not read,
    two ends, no end, a start without a model or after content, a frame the views refuse, a
    judgments request: the general way (the same outcome)."""
    text = [_block_start(0, type="text", text=""), _delta(0, type="text_delta", text="a"), _block_stop(0)]
    error = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    cases: list[tuple[list[Any], Any]] = [
        ([_START, *text, _END, _STOP], JUDGED),
        ([_START, *text, error], REQUEST),
        ([_START, _delta(0, type="citations_delta", citation={"cited_text": "c"}), *text, _END], REQUEST),
        ([_START, _block_start(0, type="redacted_thinking", data="cmVk"), _END], REQUEST),
        ([_START, _block_start(0, type="tool_use", id="t", input={}), _END], REQUEST),
        (
            [
                _START,
                _block_start(0, type="tool_use", name="f", input={}),
                _delta(0, type="input_json_delta", partial_json="NaN"),
                _END,
            ],
            REQUEST,
        ),
        ([_START, *text, _END, _END, _STOP], REQUEST),
        ([_START, *text, _STOP, _END], REQUEST),
        ([_START, *text], REQUEST),
        ([{"type": "message_start", "message": {"id": "m"}}, *text, _END], REQUEST),
        ([*text, _START, _END], REQUEST),
        ([_START, *text, '{"type": "ping"', _END], REQUEST),
        ([_START, *text, '{"type": "ping", "x": NaN}', _END], REQUEST),
        ([_START, *text, '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"x":1e400}'], REQUEST),
    ]
    for frames, request in cases:
        assert not _same([sse(frames)], REQUEST, request), frames
    signature = _delta(0, type="signature_delta", signature="c2ln")
    for frames in (
        [_START, *text, error, _END],
        [signature, _START, *text, _END],
    ):
        assert not _same([sse(frames)], REQUEST, REQUEST), frames


def test_the_rules_the_straight_path_keeps() -> None:
    """The first start only; a message_delta with no stop reason and no usage is no end; an empty
    signature is none; a slot of a signature alone is an empty text; text beside a call or a
    signature is not the one-text answer; an empty id is none; slots in ascending order: each
    taken and the general way's Response."""
    text = [_block_start(0, type="text", text=""), _delta(0, type="text_delta", text="a"), _block_stop(0)]
    other_start = {"type": "message_start", "message": {"id": "msg_2", "model": "claude-2"}}
    empty_end = {"type": "message_delta", "delta": {"stop_reason": None}, "usage": {}}
    call = [_block_start(1, type="tool_use", id="t", name="f", input={"a": 1}), _block_stop(1)]
    cases = [
        [_START, other_start, *text, _END],
        [_START, *text, empty_end, _STOP],
        [_START, *text, _delta(0, type="signature_delta", signature=""), _END],
        [_START, *text, _delta(1, type="signature_delta", signature="c2ln"), _END],
        [_START, *text, *call, _END],
        [_START, _END],
    ]
    no_id = {"type": "message_start", "message": {"id": "", "model": "claude-2"}}
    slots = [_delta(2, type="text_delta", text="b"), _delta(9, type="thinking_delta", thinking="c")]
    cases += [[no_id, *text, _END], [_START, *slots, _END]]
    for frames in cases:
        assert _same([sse(frames)], REQUEST, REQUEST), frames
    assert _straight([sse(cases[6])], None, None).id is None
    assert [type(p) for p in _straight([sse(cases[7])], None, None).message.parts] == [
        lc.TextPart,
        lc.ThinkingPart,
    ]
    response = _straight([sse(cases[0])], None, None)
    assert (response.id, response.model) == (_START["message"]["id"], _START["message"]["model"])
    assert _straight([sse(cases[1])], None, None).provider_data is None
    assert _straight([sse(cases[2])], None, None).message.parts == (lc.TextPart(text="a"),)
    assert _straight([sse(cases[3])], None, None).message.parts[1] == lc.TextPart(
        text="",
        continuation=(
            lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "c2ln"}),
        ),
    )
    assert len(_straight([sse(cases[4])], None, None).message.parts) == 2
    assert _straight([sse(cases[5])], None, None).message.parts == (lc.TextPart(text=""),)
    assert lone_frames([WORD[:9], WORD[9:]]) == lone_frames([WORD])
    assert _lone.read_body([b'{"type":"ping"}', b"{"]) is None
    assert StreamMapper.lone_answer(None, 2) is None


def test_the_calls_and_slots_the_straight_path_builds() -> None:
    """A lone call (its input in fragments, whole in the start, or both; no end reason, or end_turn:
    a call's finish reason either way), two calls and nothing else, fragments before their start,
    two signatures and an empty first delta in a slot: each taken and the general way's Response."""
    call = _block_start(0, type="tool_use", id="toolu_1", name="f", input={})
    fragment = _delta(0, type="input_json_delta", partial_json='{"a": 1}')
    usage_only = {"type": "message_delta", "usage": {"output_tokens": 3}}
    second = _block_start(1, type="tool_use", id="toolu_2", name="g", input={"b": 2})
    cases = [
        [_START, call, fragment, _block_stop(0), _END, _STOP],  # end_turn
        [_START, call, fragment, usage_only, _STOP],  # no stop reason
        [_START, {**call, "content_block": {**call["content_block"], "input": {"a": 1}}}, _END],
        [_START, call, fragment, second, _END],
        [
            _START,
            _delta(0, type="input_json_delta", partial_json=""),
            {**call, "content_block": {**call["content_block"], "input": {"a": 1}}},
            _END,
        ],
        [_START, _delta(0, type="input_json_delta"), call, _END],
        [
            _START,
            _block_start(0, type="thinking", thinking="", signature=""),
            _delta(0, type="thinking_delta"),
            _delta(0, type="thinking_delta", thinking="b"),
            _delta(0, type="signature_delta", signature="s1"),
            _delta(0, type="signature_delta", signature="s2"),
            _END,
        ],
    ]
    for frames in cases:
        assert _same([sse(frames)], REQUEST, REQUEST), frames
    calls = [_straight([sse(frames)], None, None) for frames in cases[:6]]
    assert [r.finish_reason for r in calls] == ["tool_call"] * 6
    assert [[p.input for p in r.message.parts] for r in calls] == [  # type: ignore[attr-defined]
        [{"a": 1}],
        [{"a": 1}],
        [{"a": 1}],
        [{"a": 1}, {"b": 2}],
        [{"a": 1}],
        [{}],
    ]
    thinking = _straight([sse(cases[6])], None, None).message.parts
    assert [(type(p), p.text, [s.data for s in p.continuation]) for p in thinking] == [  # type: ignore[union-attr]
        (lc.ThinkingPart, "b", [{"signature": "s1"}, {"signature": "s2"}])
    ]


def test_a_long_digit_run_leaves_the_body_to_the_port() -> None:
    """A frame longer than ``json.loads``'s integer limit with a run of digits (in a string too):
    the general way, whose port reads such a frame as lm15 does; as long a frame without one is
    taken."""
    digits = "1" * 5000
    frames = [
        _START,
        _block_start(0, type="text", text=""),
        _delta(0, type="text_delta", text="a"),
        f'{{"type":"ping","n":{digits}}}',
        _END,
    ]
    body = sse(frames)
    assert _lone.read_body(lone_frames([body]) or []) is None
    assert not _same([body], REQUEST, REQUEST)
    assert not _same([sse([*frames[:2], _delta(0, type="text_delta", text=digits), _END])], REQUEST, REQUEST)
    assert _same([sse([*frames[:2], _delta(0, type="text_delta", text="a" * 5000), _END])], REQUEST, REQUEST)


# -- the corpus ------------------------------------------------------------------


@needs_bodies
@pytest.mark.parametrize("path", stream_bodies("anthropic"), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_anthropic_corpus_stream_assembles_as_the_general_way(path: Any) -> None:
    """Each Anthropic SSE body of the corpus, whole, one chunk an event, in random cuts and byte by
    byte, with any pair of requests; the short answers among them are taken straight."""
    body = path.read_bytes()
    rng = random.Random(path.name)
    taken = set()
    for chunks in _chunkings(body, rng):
        for stream_request, request in (
            (REQUEST, REQUEST),
            (None, None),
            (PREFIXED, REQUEST),
            (REQUEST, JUDGED),
        ):
            if _same(chunks, stream_request, request):
                taken.add(len(chunks))
    got = _outcome(lambda: _straight([body], REQUEST, REQUEST))
    assert_same_response(got[0] if got[1] is None else Raised(lc.LmcodecError(got[1])), _lm15(body))
    if b"error" not in body and b"citation" not in body:
        assert 1 in taken
