"""A short Chat Completions stream assembled straight (``providers/openai_chat/_lone.py`` through
``stream/_lone.py``) against the general way (an Assembler fed by the mapper) and lm15 1.5.0's
pipeline (adapter, ``coalesce_stream``, ``materialize_response``): the same Response, or the same
failure, for generated short streams at every chunking and any pair of requests, and for every
Chat body of the corpus."""

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
from lmcodec.providers.openai_chat import _lone
from lmcodec.providers.openai_chat.stream import StreamMapper
from lmcodec.stream._lone import lone_frames
from lmcodec.stream.decoder import Decoding

from ..budget import examples
from .provider_support import Raised, adapter, assert_same_response, needs_bodies, requests_for, stream_bodies

LM_REQUEST, REQUEST = requests_for("m-1")
PREFIXED = lc.Request(model="openai_chat:gpt-y", messages=(lc.Message.user("hi"),))
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
_HEAD = {
    "id": "chatcmpl-1",
    "object": "chat.completion.chunk",
    "created": 1788384103,
    "model": "gpt-5.4-mini",
}
_USAGE_COUNTS = {
    "prompt_tokens": 139,
    "completion_tokens": 1,
    "total_tokens": 140,
    "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
    "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
}


def chunk(delta: Any = None, finish: Any = None, *, usage: Any = "absent", **extra: Any) -> dict[str, Any]:
    """A chat.completion.chunk with one choice of ``delta`` (none when ``delta`` is None and no
    finish), ``finish`` as its finish_reason, ``usage`` when given."""
    out: dict[str, Any] = dict(_HEAD)
    if delta is not None or finish is not None:
        out["choices"] = [{"index": 0, "delta": delta or {}, "logprobs": None, "finish_reason": finish}]
    else:
        out["choices"] = []
    if usage != "absent":
        out["usage"] = usage
    out.update(extra)
    return out


def text(content: str) -> dict[str, Any]:
    return chunk({"content": content})


def call(index: int, arguments: str, id: Any = None, name: Any = None) -> dict[str, Any]:
    function: dict[str, Any] = {"arguments": arguments}
    if name is not None:
        function["name"] = name
    entry: dict[str, Any] = {"index": index, "function": function}
    if id is not None:
        entry["id"] = id
    return chunk({"tool_calls": [entry]})


ROLE = chunk({"role": "assistant", "content": ""})
FINISH = chunk({}, "stop")
USAGE = chunk(usage=_USAGE_COUNTS)


def sse(frames: list[Any], *, done: bool = True, separators: Any = (",", ":")) -> bytes:
    """The SSE body of ``frames`` (JSON values; a str is written as it is), ``[DONE]`` last."""
    out = []
    for frame in frames:
        data = frame if isinstance(frame, str) else json.dumps(frame, separators=separators)
        out.append(f"data: {data}\n\n")
    if done:
        out.append("data: [DONE]\n\n")
    return "".join(out).encode()


WORD = sse([ROLE, text("The "), FINISH, USAGE])


def _outcome(run: Any) -> tuple[Any, str | None, Any]:
    try:
        return run(), None, None
    except lc.LmcodecError as exc:
        return None, f"{type(exc).__name__}: {exc}", getattr(exc, "partial", None)


def _straight(chunks: list[bytes], stream_request: Any, request: Any) -> Any:
    return lc.assemble(lc.stream.decode("openai_chat", chunks, request=stream_request), request=request)


def _general(chunks: list[bytes], stream_request: Any, request: Any) -> Any:
    """The general way: an Assembler fed by the mapper (the straight path patched out)."""
    with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
        return lc.assemble(lc.stream.decode("openai_chat", chunks, request=stream_request), request=request)


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
    decoding = lc.stream.decode("openai_chat", chunks, request=stream_request)
    taken = decoding.lone_response(request)  # type: ignore[attr-defined]
    assert taken is None or (taken == want[0] and lc.encode(taken) == lc.encode(want[0]))
    return taken is not None


def _lm15(body: bytes) -> Any:
    from lm15 import vet

    try:
        events = vet._parse_stream_body(adapter("openai_chat"), LM_REQUEST, body)
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
_FINISH = st.sampled_from(
    ["stop", "stop", "length", "tool_calls", "function_call", "content_filter", "odd", ""]
)
_USAGE = st.one_of(
    st.fixed_dictionaries(
        {"prompt_tokens": st.sampled_from([0, 9, 139]), "completion_tokens": st.sampled_from([1, 12])},
        optional={
            "total_tokens": st.sampled_from([10, 151]),
            "cached_tokens": st.sampled_from([0, 3]),
            "prompt_tokens_details": st.sampled_from([{"cached_tokens": 5, "audio_tokens": 0}, {}, None]),
            "completion_tokens_details": st.sampled_from([{"reasoning_tokens": 4}, {}]),
        },
    ),
    st.sampled_from([{}, {"completion_tokens": -1}, {"completion_tokens": 1.5}, [], 3]),
)
_LOGPROBS = {"content": [{"token": "a", "logprob": -0.1, "bytes": [97], "top_logprobs": []}]}
_FRAGMENTS = st.lists(
    st.sampled_from(["", '{"city": "', 'Gatineau"}', "[1]", "NaN", "{", "1e400", '"x"', '"\\ud800"']),
    max_size=3,
)


@st.composite
def _piece(draw: Any) -> list[Any]:
    """One piece of an answer's chunks: text, reasoning, a tool call, or a rare chunk."""
    kind = draw(st.sampled_from(["text", "text", "reasoning", "call", "odd"]))
    if kind == "text":
        return [text(t) for t in draw(st.lists(_TEXT, min_size=1, max_size=3))]
    if kind == "reasoning":
        key = draw(st.sampled_from(["reasoning_content", "reasoning"]))
        return [
            chunk({key: t, "content": draw(st.sampled_from([None, "", "a"]))})
            for t in draw(st.lists(_TEXT, max_size=2))
        ]
    if kind == "call":
        index = draw(_INDEX)
        first = chunk(
            {
                "tool_calls": [
                    {
                        "index": index,
                        "id": draw(st.sampled_from(["call_1", "", None])),
                        "type": "function",
                        "function": {
                            "name": draw(st.sampled_from(["get_weather", "get_weather", "", None])),
                            "arguments": "",
                        },
                    }
                ]
            }
        )
        fragments = [call(index, f) for f in draw(_FRAGMENTS)]
        return [first, *fragments]
    return [
        draw(
            st.sampled_from(
                [
                    chunk(error={"message": "Overloaded", "type": "server_error"}),
                    chunk({"content": "a"}, error="a string"),
                    chunk({"content": "a"}, error=None),
                    {**text("a"), "choices": [{"delta": {"content": "a"}, "logprobs": _LOGPROBS}]},
                    {**text("a"), "choices": [{"delta": {"content": ""}, "logprobs": _LOGPROBS}]},
                    {
                        **text("a"),
                        "choices": [{"index": 0, "delta": {"content": "a"}, "logprobs": {"content": []}}],
                    },
                    {**text("a"), "choices": [{"index": 0, "delta": {"content": 5}}]},
                    {**text("a"), "choices": None},
                    {**text("a"), "choices": [{"index": 0}]},
                    chunk({"tool_calls": [{"index": 0}]}),
                    chunk({"tool_calls": [{"index": 1, "id": "c", "function": None}]}),
                    chunk({"tool_calls": [{"index": -1, "function": {"name": "f", "arguments": "{}"}}]}),
                    chunk(
                        {
                            "tool_calls": [{"index": 0, "function": {"name": "f", "arguments": "{}"}}],
                            "content": "b",
                        }
                    ),
                    [1],
                    "3",
                    "[DONE]",
                    '{"choices": [{"delta": {"content": "a"}}], "x": 1e400}',
                    '{"choices": [{"delta": {}, "finish_reason": "stop"}], "x": 1e400}',
                    '{"choices": [], "usage": {"prompt_tokens": 1}, "x": NaN}',
                    '{"choices": [{"delta": {"content": "a"',
                ]
            )
        )
    ]


@st.composite
def short_streams(draw: Any) -> list[Any]:
    """A Chat short answer's chunks: a role chunk, pieces, the finish chunk (with or without its
    usage), the usage chunk, mostly in the API's order, sometimes shuffled or with a piece left out."""
    frames: list[Any] = [ROLE] if draw(st.integers(0, 3)) else []
    for piece in draw(st.lists(_piece(), max_size=3)):
        frames += piece
    if draw(st.integers(0, 9)):
        usage = draw(_USAGE) if not draw(st.integers(0, 3)) else "absent"
        frames.append(chunk({}, draw(_FINISH), usage=usage))
    for _ in range(draw(st.sampled_from([1, 1, 0, 2]))):
        frames.append(chunk(usage=draw(_USAGE)))
    if not draw(st.integers(0, 7)):
        frames = draw(st.permutations(frames))
    model = draw(st.sampled_from(["absent", "gpt-x", "", 7]))
    for frame in frames[:1]:
        if isinstance(frame, dict):
            if model == "absent":
                frame.pop("model", None)
            else:
                frame["model"] = model
    return frames


@settings(max_examples=examples(400), deadline=None)
@given(
    short_streams(),
    st.booleans(),
    st.sampled_from([(",", ":"), (", ", ": ")]),
    _REQUESTS,
    _REQUESTS,
    st.randoms(use_true_random=False),
)
@example([ROLE, text("a"), FINISH, USAGE], True, (",", ":"), None, None, random.Random(0))
def test_a_short_stream_assembles_as_the_assembler_assembles_it(
    frames: list[Any],
    done: bool,
    separators: Any,
    stream_request: Any,
    request: Any,
    rng: random.Random,
) -> None:
    body = sse(frames, done=done, separators=separators)
    for chunks in _chunkings(body, rng):
        _same(chunks, stream_request, request)


@settings(max_examples=examples(200), deadline=None)
@given(short_streams(), st.booleans())
def test_a_short_stream_assembles_as_lm15_assembles_it(frames: list[Any], done: bool) -> None:
    body = sse(frames, done=done)
    got = _outcome(lambda: _straight([body], REQUEST, REQUEST))
    assert_same_response(got[0] if got[1] is None else Raised(lc.LmcodecError(got[1])), _lm15(body))


# -- what it takes, what it leaves ------------------------------------------------

_CALL = [
    chunk(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "index": 0,
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_weather", "arguments": ""},
                }
            ],
        }
    ),
    call(0, '{"city": "'),
    call(0, 'Gatineau"}'),
    chunk({}, "tool_calls"),
    USAGE,
]
_THINKING = [
    ROLE,
    chunk({"reasoning_content": "Let me "}),
    chunk({"reasoning": "think."}),
    text("Done."),
    chunk({"tool_calls": [{"index": 1, "function": {"name": "f", "arguments": "[1]"}}]}),
    chunk({}, "stop", usage=_USAGE_COUNTS),
]


def test_the_short_answers_are_assembled_straight() -> None:
    """A text answer, a call with its arguments in fragments, reasoning beside text and a call:
    taken by the straight path whole and one chunk an event, with and without requests (so the
    differentials above test it), and the Decoding used up."""
    for frames in ([ROLE, text("The "), FINISH, USAGE], _CALL, _THINKING):
        for done in (True, False):
            body = sse(frames, done=done)
            events = [e + b"\n\n" for e in body.split(b"\n\n")[:-1]]
            for chunks in ([body], events):
                for stream_request, request in (
                    (REQUEST, REQUEST),
                    (None, None),
                    (PREFIXED, None),
                    (None, REQUEST),
                ):
                    assert _same(chunks, stream_request, request)
    decoding = lc.stream.decode("openai_chat", [WORD], request=REQUEST)
    response = lc.assemble(decoding, request=REQUEST)
    assert (response.text, response.model, response.id, response.finish_reason) == (
        "The ",
        "m-1",
        None,
        "stop",
    )
    assert response.usage == lc.Usage(
        input_tokens=139,
        output_tokens=1,
        total_tokens=140,
        cache_read_tokens=0,
        reasoning_tokens=0,
        input_audio_tokens=0,
        output_audio_tokens=0,
    )
    assert response.provider_data == USAGE
    assert list(decoding) == []
    assert _straight([WORD], None, None).model == "gpt-5.4-mini"
    response = _straight([sse(_CALL)], None, None)
    assert response.message.parts == (
        lc.ToolCallPart(id="call_1", name="get_weather", input={"city": "Gatineau"}),
    )
    assert (response.finish_reason, response.provider_data) == ("tool_call", USAGE)
    response = _straight([sse(_THINKING)], None, None)
    assert response.message.parts == (
        lc.ThinkingPart(text="Let me think."),
        lc.TextPart(text="Done."),
        lc.ToolCallPart(id="tool_call_1", name="f", input={"value": [1]}),
    )
    assert response.finish_reason == "tool_call"
    assert response.provider_data == _THINKING[-1]


def test_what_the_straight_path_leaves_to_the_general_way() -> None:
    """An error key, logprobs, an unnamed call, arguments msgspec does not read, no end, a
    ``[DONE]`` before the last chunk, a chunk the view refuses, an end chunk msgspec does not read
    whole, a one-chunk body, a judgments request: the general way (the same outcome)."""
    cases: list[tuple[bytes, Any]] = [
        (sse([ROLE, text("a"), FINISH]), JUDGED),
        (sse([ROLE, text("a"), chunk(error={"message": "Overloaded"}), FINISH]), REQUEST),
        (sse([ROLE, text("a"), chunk(error="a string"), FINISH]), REQUEST),
        (
            sse(
                [ROLE, {**text("a"), "choices": [{"delta": {"content": "a"}, "logprobs": _LOGPROBS}]}, FINISH]
            ),
            REQUEST,
        ),
        (sse([ROLE, call(0, "{}", id="c"), FINISH]), REQUEST),
        (sse([ROLE, chunk({"tool_calls": [{"index": 0, "id": "c"}]}), FINISH]), REQUEST),
        (sse([ROLE, call(0, "{", name="f"), FINISH]), REQUEST),
        (sse([ROLE, call(0, "NaN", name="f"), FINISH]), REQUEST),
        (sse([ROLE, text("a")], done=False), REQUEST),
        (sse([ROLE, text("a"), "[DONE]", FINISH]), REQUEST),
        (sse([ROLE, text("a"), [1], FINISH]), REQUEST),
        (sse([ROLE, '{"choices": [{"delta": {"content": 5}}]}', FINISH]), REQUEST),
        (
            sse([ROLE, text("a"), '{"choices": [{"delta": {}, "finish_reason": "stop"}], "x": 1e400}']),
            REQUEST,
        ),
        (sse([ROLE, text("a"), FINISH, '{"choices": [], "usage": {}, "x": 1e400}']), REQUEST),
        (sse([chunk({"content": "a"}, "stop")], done=False), REQUEST),
    ]
    for body, request in cases:
        assert not _same([body], REQUEST, request), body


def test_the_rules_the_straight_path_keeps() -> None:
    """The ends merged as the Assembler merges them (the last finish and usage; the provider_data
    of the last usage chunk, else of the last finish chunk), an unknown finish read as stop, an
    empty one as none, a bare ``[DONE]`` alone an end, logprobs beside no content ignored, empty
    reasoning none, a call's last id and name, an empty id none, a call without arguments ``{}``,
    a call of slot 0 after its text, slots in ascending order, no content one empty text: each
    taken and the general way's Response."""
    other_usage = chunk(usage={"prompt_tokens": 2, "completion_tokens": 3})
    length = chunk({}, "length")
    cases = [
        [ROLE, text("a"), FINISH, USAGE, length],
        [ROLE, text("a"), USAGE, FINISH],
        [ROLE, text("a"), FINISH, USAGE, other_usage],
        [ROLE, text("a"), chunk({}, "odd")],
        [ROLE, text("a")],
        [call(0, "", id="a", name="f"), call(0, "{}", id="b", name="g"), call(0, "", id="", name="")],
        [call(0, "{}", id="", name="f"), FINISH],
        [text("a"), call(0, "{}", name="f"), FINISH],
        [call(2, "{}", name="g"), call(1, "[]", name="f"), chunk({"reasoning": "r"}), FINISH],
        [ROLE, FINISH],
        [ROLE, chunk({"reasoning_content": "r"}), FINISH],
        [
            ROLE,
            {**text(""), "choices": [{"delta": {"content": ""}, "logprobs": _LOGPROBS}]},
            text("a"),
            FINISH,
        ],
        [ROLE, chunk({"reasoning": ""}), chunk({"reasoning_content": ""}), text("a"), FINISH],
        [call(0, "", id="a", name="f"), FINISH],
        [ROLE, text("a"), length, chunk({}, "", usage={"prompt_tokens": 2})],
    ]
    for frames in cases:
        assert _same([sse(frames)], REQUEST, REQUEST), frames
    assert _straight([sse(cases[0])], None, None).finish_reason == "length"
    assert _straight([sse(cases[0])], None, None).provider_data == USAGE
    assert _straight([sse(cases[1])], None, None).provider_data == USAGE
    assert _straight([sse(cases[2])], None, None).provider_data == other_usage
    assert _straight([sse(cases[2])], None, None).usage == lc.Usage(input_tokens=2, output_tokens=3)
    assert _straight([sse(cases[3])], None, None).finish_reason == "stop"
    response = _straight([sse(cases[4])], None, None)
    assert (response.finish_reason, response.provider_data, response.usage) == ("stop", None, lc.Usage())
    response = _straight([sse(cases[5])], None, None)
    assert response.message.parts == (lc.ToolCallPart(id="b", name="g", input={}),)
    assert response.finish_reason == "tool_call"
    assert _straight([sse(cases[6])], None, None).message.parts[0].id == "tool_call_0"  # type: ignore[union-attr]
    assert [type(p) for p in _straight([sse(cases[7])], None, None).message.parts] == [
        lc.TextPart,
        lc.ToolCallPart,
    ]
    parts = _straight([sse(cases[8])], None, None).message.parts
    assert [(type(p).__name__, getattr(p, "name", None)) for p in parts] == [
        ("ThinkingPart", None),
        ("ToolCallPart", "f"),
        ("ToolCallPart", "g"),
    ]
    assert _straight([sse(cases[9])], None, None).message.parts == (lc.TextPart(text=""),)
    assert _straight([sse(cases[10])], None, None).message.parts == (lc.ThinkingPart(text="r"),)
    assert _straight([sse(cases[12])], None, None).message.parts == (lc.TextPart(text="a"),)
    assert _straight([sse(cases[13])], None, None).message.parts == (
        lc.ToolCallPart(id="a", name="f", input={}),
    )
    response = _straight([sse(cases[14])], None, None)
    assert (response.finish_reason, response.usage) == ("length", lc.Usage(input_tokens=2))
    assert lone_frames([WORD[:9], WORD[9:]]) == lone_frames([WORD])
    assert _lone.read_body([b'{"choices":[]}', b"{"]) is None
    assert StreamMapper.lone_answer(None, 2) is None


def test_a_long_digit_run_leaves_the_body_to_the_port() -> None:
    """A chunk longer than ``json.loads``'s integer limit with a run of digits (in a string too):
    the general way, whose port reads such a chunk as lm15 does; as long a chunk without one is
    taken."""
    digits = "1" * 5000
    body = sse([ROLE, text("a"), f'{{"choices":[],"n":{digits}}}', FINISH])
    assert _lone.read_body(lone_frames([body]) or []) is None
    assert not _same([body], REQUEST, REQUEST)
    assert not _same([sse([ROLE, text(digits), FINISH])], REQUEST, REQUEST)
    assert _same([sse([ROLE, text("a" * 5000), FINISH])], REQUEST, REQUEST)


# -- the corpus ------------------------------------------------------------------


@needs_bodies
@pytest.mark.parametrize("path", stream_bodies("openai_chat"), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_chat_corpus_stream_assembles_as_the_general_way(path: Any) -> None:
    """Each Chat SSE body of the corpus, whole, one chunk an event, in random cuts and byte by
    byte, with any pair of requests, and as lm15 reads it; the short answers among them are taken
    straight."""
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
    if "unnamed" not in path.parent.name:
        assert 1 in taken
