"""Gemini's straight path (``providers/gemini/_lone.py``): the common end's answer, read by
``StreamMapper.read_last`` in the same pass as its chunk, against lm15's reading of that chunk (the
port's sink calls) and the checked constructors; and ``providers/_response.parts_response``'s Message,
copied from its template, against the constructor's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _response
from lmcodec.providers._response import parts_response
from lmcodec.providers.gemini.stream import StreamMapper

from ..budget import examples
from ..corpus import CORPUS, needs_corpus
from ..stream.test_fast_paths import RecordingSink
from ..stream.test_lone import _REQUESTS, JUDGED, REQUEST, _general, _same
from .test_gemini_stream_views import _ONE_TEXT_END, _USAGE, _object

_COUNT = st.integers(min_value=0, max_value=2**40)
_COUNTS = _object(
    promptTokenCount=_COUNT,
    candidatesTokenCount=_COUNT,
    responseTokenCount=_COUNT,
    totalTokenCount=st.one_of(st.none(), _COUNT),
    cachedContentTokenCount=st.one_of(st.none(), _COUNT),
    thoughtsTokenCount=st.one_of(st.none(), _COUNT),
    promptTokensDetails=st.lists(
        _object(modality=st.sampled_from(["TEXT", "IMAGE", "AUDIO"]), tokenCount=_COUNT), max_size=2
    ),
)
_PLAIN_END = st.builds(
    lambda part, finish, rest: {
        "candidates": [{"content": {"parts": [part], "role": "model"}, "finishReason": finish, "index": 0}],
        **rest,
    },
    _object(text=st.text(max_size=4), thought=st.sampled_from([False, None])).filter(lambda p: "text" in p),
    st.sampled_from(["STOP", "MAX_TOKENS", "OTHER", "FINISH_REASON_UNSPECIFIED", "max_tokens", "odd", ""]),
    _object(usageMetadata=st.one_of(_COUNTS, _COUNTS, _USAGE), modelVersion=st.just("gemini-2.5-flash")),
)
"""An end chunk of one answer-text part, mostly one ``read_last`` reads as the common answer."""


def _port_calls(data: bytes) -> list[tuple[Any, ...]]:
    """The sink calls of lm15's reading of one chunk (the port)."""
    sink = RecordingSink()
    StreamMapper(None, sink).port(data)
    return sink.calls


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(_PLAIN_END, _ONE_TEXT_END), st.sampled_from([(", ", ": "), (",", ":")]))
@example({"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]}, (",", ":"))
@example(
    {
        "candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "MAX_TOKENS"}],
        "usageMetadata": {},
    },
    (",", ":"),
)
@example(
    {
        "candidates": [{"content": {"parts": [{"text": "", "thought": False}]}, "finishReason": "OTHER"}],
        "usageMetadata": {"promptTokenCount": 3, "responseTokenCount": 2, "thoughtsTokenCount": 1},
    },
    (",", ":"),
)
def test_the_common_end_is_read_as_lm15_reads_it(payload: Any, separators: Any) -> None:
    """Where ``read_last`` reads an end as one answer text (its fourth item), lm15 reads the chunk
    as that text at part 0 and the end: the same finish reason, usage and provider_data; the
    TextPart is the constructor's."""
    data = json.dumps(payload, separators=separators).encode()
    read = StreamMapper.read_last(data)
    end = None if read is None else read[3]
    if end is None:
        return
    parts, finish_reason, usage, provider_data, id, model = end
    assert parts == (lc.TextPart(parts[0].text),)
    assert (id, model, provider_data) == (None, None, payload)
    assert type(usage) is lc.Usage
    recorded = RecordingSink()
    recorded.text(0, parts[0].text)
    recorded.end(finish_reason, usage, provider_data, strict_json=True)
    assert recorded.calls == [
        call if call[0] != "end" else (*call[:4], True) for call in _port_calls(data)
    ]  # (the port reads with json.loads: strict_json is the typed path's)
    assert StreamMapper.lone_answer(read, 1) is end


@needs_corpus
def test_the_corpus_answers_are_read_in_one_pass() -> None:
    """Each one-event answer of the corpus (five of its seven bodies) is read as one answer text by
    ``read_last``, which ``lone_answer`` hands on as it is."""
    bodies = sorted((CORPUS / "lm15-contract" / "bodies").glob("gemini.streaming*/*.txt"))
    answers = 0
    for path in bodies:
        body = path.read_bytes()
        if body.count(b"data:") != 1 or b"functionCall" in body:
            continue
        frame = body[len(b"data: ") :].rstrip(b"\r\n")
        read = StreamMapper.read_last(frame)
        assert read is not None and read[3] is not None, path.name
        assert StreamMapper.lone_answer(read, 1) is read[3]
        answers += 1
    assert answers == 5


def test_the_message_is_the_constructor_s() -> None:
    """``parts_response``'s Message (the template's copy, its parts set) equals the checked
    constructor's, and the template keeps its own parts."""
    template_parts = _response.RESPONSE.message.parts
    parts = (lc.TextPart("a"), lc.ThinkingPart("b"), lc.ToolCallPart("c1", "f", {"x": 1}))
    response = parts_response("m-1", parts, "tool_call", lc.Usage(input_tokens=1), {"k": 1})
    assert response.message == lc.Message("assistant", parts)
    assert response.message.parts is parts
    assert lc.encode(response) == lc.encode(
        lc.Response(None, "m-1", lc.Message("assistant", parts), "tool_call", lc.Usage(input_tokens=1))
    )
    assert _response.RESPONSE.message.parts is template_parts
    again = parts_response("m-1", (lc.TextPart("z"),), "stop", lc.Usage(), None)
    assert again.message.parts == (lc.TextPart("z"),) and response.message.parts is parts


_EDGE_PART = st.fixed_dictionaries(
    {"text": st.sampled_from(["a", "", "é"])},
    optional={"thought": st.sampled_from([True, False]), "thoughtSignature": st.sampled_from(["s", ""])},
)
_EDGE_END = st.builds(
    lambda parts, finish, logprobs, model: {
        "candidates": [
            {
                "content": {"parts": parts, "role": "model"},
                "finishReason": finish,
                **({"logprobsResult": {"chosenCandidates": []}} if logprobs else {}),
            }
        ],
        "usageMetadata": {"promptTokenCount": 2, "candidatesTokenCount": 1},
        **({} if model is None else {"modelVersion": model}),
    },
    st.lists(
        st.one_of(_EDGE_PART, st.just({"functionCall": {"name": "f", "args": {}}})), min_size=1, max_size=2
    ),
    st.sampled_from(["STOP", "MAX_TOKENS", "OTHER", "SAFETY", ""]),
    st.booleans(),
    st.sampled_from([None, "gemini-x", ""]),
)
"""One-chunk ends just inside ``lone_chunk``'s Response (one answer-text part, an end, a model)
and just outside it (a thought, a signature, a second part or a call, logprobs, no or a refused
finish reason, no model)."""


_COMMON: Any = {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]}


@settings(max_examples=examples(300), deadline=None)
@given(_EDGE_END, _REQUESTS, _REQUESTS)
@example(
    {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]}, None, None
)  # no model anywhere: left to the Assembler
@example(_COMMON, None, REQUEST)  # the model of assemble's request: built
@example(_COMMON, None, JUDGED)  # a request that may judge: left to the Assembler
def test_lone_chunk_builds_the_common_answer_and_nothing_else(
    payload: Any, stream_request: Any, request: Any
) -> None:
    """``StreamMapper.lone_chunk`` returns a Response exactly for a common answer whose model the
    Assembler takes and whose request judges nothing, equal to the general way's (an Assembler fed
    by the mapper) and to lm15's reading of the chunk (the port's sink calls); else ``read_last``'s
    reading of the chunk."""
    data = json.dumps(payload).encode()
    candidate = payload["candidates"][0]
    parts = candidate["content"]["parts"]
    part = parts[0]
    model = stream_request.model if stream_request is not None else payload.get("modelVersion")
    if not model and request is not None:
        model = request.model
    common = (
        len(parts) == 1
        and "text" in part
        and not part.get("thought")
        and "thoughtSignature" not in part
        and "logprobsResult" not in candidate
        and candidate["finishReason"] in ("STOP", "MAX_TOKENS", "OTHER")
        and (request is None or request.config.response_format is None)
        and bool(model)
    )
    got = StreamMapper.lone_chunk(data, stream_request, request)
    assert (type(got) is lc.Response) == common
    if not common:
        assert got == StreamMapper.read_last(data)
        return
    assert got == _general([b"data: " + data + b"\n\n"], stream_request, request)
    calls = _port_calls(data)
    assert calls[0] == ("text", 0, part["text"]) and got.message.parts == (lc.TextPart(part["text"]),)
    assert calls[-1][1] == got.finish_reason and lc.Usage(**calls[-1][2]) == got.usage


_ODD_MODELS = [b'"gemini-x"', b'""', b"null", b"5", b"true", b'["gemini-x"]', b'{"a": "gemini-x"}']


@pytest.mark.parametrize("request_", [None, REQUEST, JUDGED])
@pytest.mark.parametrize("model", [None, *_ODD_MODELS])
def test_a_requestless_one_chunk_answer_takes_the_model_its_chunk_names(model: Any, request_: Any) -> None:
    """Decoded without a request, the common one-chunk answer's model is the chunk's
    ``modelVersion`` where it is a non-empty string (read from the value the chunk was decoded to,
    not from a second decode of its bytes), else the model of assemble's request, else none (the
    Assembler's way): ``lc.assemble`` and ``lone_chunk`` agree with the general way for a model
    that is absent, empty, not a string, or named twice (the last one read, as every reader reads it)."""
    head = b'{"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]'
    usage = b', "usageMetadata": {"promptTokenCount": 2, "candidatesTokenCount": 1}'
    bodies = (
        [head + usage + b"}"]
        if model is None
        else [
            head + usage + b', "modelVersion": ' + model + b"}",
            head + b', "modelVersion": "gemini-first"' + usage + b', "modelVersion": ' + model + b"}",
            head + b', "modelVersion": ' + model + usage + b', "modelVersion": "gemini-last"}',
        ]
    )
    for data in bodies:
        named = b'"gemini-last"' if b"gemini-last" in data else model  # (the last modelVersion)
        straight = request_ is not JUDGED and (
            named in (b'"gemini-x"', b'"gemini-last"') or request_ is REQUEST
        )
        assert _same(b"data: " + data + b"\n\n", None, request_) == straight, data
        got = StreamMapper.lone_chunk(data, None, request_)
        if type(got) is lc.Response:
            assert got == _general([b"data: " + data + b"\n\n"], None, request_)
            assert type(got.model) is str and got.model
