"""The Gemini chunks the typed views map without the port (one part of any kind, several parts,
ends, logprobs, usage) against the port (lm15's dict code): the same sink calls, or the same
failure, for any values."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini import stream as gemini_stream
from lmcodec.providers.gemini.stream import StreamMapper

from ..budget import examples
from ..corpus import CORPUS, needs_corpus
from ..stream.test_fast_paths import REQUEST, RecordingSink, _outcome, typed_and_port

_ABSENT = object()
_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=2**66),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=3),
)
_VALUE = st.one_of(
    _SCALAR, st.lists(_SCALAR, max_size=2), st.dictionaries(st.text(max_size=2), _SCALAR, max_size=2)
)


def _object(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A JSON object whose keys may each be absent."""
    return st.fixed_dictionaries({k: st.one_of(st.just(_ABSENT), v) for k, v in fields.items()}).map(
        lambda d: {k: v for k, v in d.items() if v is not _ABSENT}
    )


def _or_odd(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``value`` mostly, now and then any JSON value in its place."""
    return st.one_of(value, value, value, _VALUE)


_TEXT = st.text(max_size=4)
_SIGNATURE = _or_odd(st.sampled_from(["c2ln", ""]))
_CALL = _object(
    name=_or_odd(st.sampled_from(["f", ""])),
    id=_or_odd(st.sampled_from(["c1", ""])),
    args=st.one_of(_VALUE, st.dictionaries(st.text(max_size=2), _VALUE, max_size=2)),
    thoughtSignature=_SIGNATURE,
)
_INLINE = _object(
    mimeType=_or_odd(st.sampled_from(["audio/pcm", "image/png", "text/plain", ""])),
    data=_or_odd(st.sampled_from(["AAAA", ""])),
)
_PART = st.one_of(
    _object(text=_or_odd(_TEXT), thought=_or_odd(st.booleans()), thoughtSignature=_SIGNATURE),
    _object(functionCall=_or_odd(_CALL), thoughtSignature=_SIGNATURE, text=st.none()),
    _object(inlineData=_or_odd(_INLINE), thought=_or_odd(st.booleans())),
    _VALUE,
)
_LOGPROB = _object(
    token=_or_odd(_TEXT),
    logProbability=_or_odd(st.floats(-9, 0)),
    tokenId=_or_odd(st.integers(0, 9)),
)
_LOGPROBS = _or_odd(
    _object(
        chosenCandidates=_or_odd(st.lists(_or_odd(_LOGPROB), max_size=2)),
        topCandidates=_or_odd(
            st.lists(_or_odd(_object(candidates=st.lists(_LOGPROB, max_size=2))), max_size=2)
        ),
    )
)
_COUNT = _or_odd(st.integers(min_value=0, max_value=99))
_DETAILS = _or_odd(
    st.lists(_or_odd(_object(modality=st.sampled_from(["AUDIO", "TEXT"]), tokenCount=_COUNT)), max_size=2)
)
_USAGE = _or_odd(
    _object(
        promptTokenCount=_COUNT,
        candidatesTokenCount=_COUNT,
        responseTokenCount=_COUNT,
        totalTokenCount=_COUNT,
        cachedContentTokenCount=_COUNT,
        thoughtsTokenCount=_COUNT,
        promptTokensDetails=_DETAILS,
        candidatesTokensDetails=_DETAILS,
        responseTokensDetails=_DETAILS,
    )
)
_FINISH = _or_odd(st.sampled_from(["STOP", "MAX_TOKENS", "SAFETY", "OTHER", ""]))
_CANDIDATE = _object(
    content=_or_odd(_object(parts=_or_odd(st.lists(_PART, min_size=1, max_size=3)), role=st.just("model"))),
    finishReason=_FINISH,
    logprobsResult=_LOGPROBS,
    finishMessage=_TEXT,
)
_CHUNK = _object(
    candidates=_or_odd(st.lists(_or_odd(_CANDIDATE), min_size=1, max_size=2)),
    usageMetadata=_USAGE,
    promptFeedback=_or_odd(_object(blockReason=_or_odd(st.sampled_from(["SAFETY", ""])))),
    modelVersion=st.just("gemini-2.5-flash"),
)
_ONE_PART = _object(
    candidates=st.lists(
        _object(
            content=_object(parts=st.lists(_PART, min_size=1, max_size=1)),
            finishReason=_FINISH,
            logprobsResult=_LOGPROBS,
        ),
        min_size=1,
        max_size=1,
    ),
    usageMetadata=_USAGE,
)


def _same(payload: Any) -> None:
    typed, port = typed_and_port(StreamMapper, json.dumps(payload).encode())
    assert typed == port


@settings(max_examples=examples(150), deadline=None)
@given(_ONE_PART)
@example({"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {"x": 1}}}]}}]})
@example(
    {"candidates": [{"content": {"parts": [{"inlineData": {"mimeType": "image/png", "data": "AAAA"}}]}}]}
)
@example({"candidates": [{"content": {"parts": [{}]}}], "usageMetadata": {"promptTokenCount": 1}})
@example({"candidates": [{"content": {"parts": [{"thought": True}]}}]})
def test_a_one_part_chunk_maps_as_the_port_maps_it(payload: Any) -> None:
    _same(payload)


@settings(max_examples=examples(150), deadline=None)
@given(_CHUNK)
def test_any_chunk_maps_as_the_port_maps_it(payload: Any) -> None:
    _same(payload)


class _OrderedSink(RecordingSink):
    """Records the end's provider_data in its own key order (what the Response keeps)."""

    def end(self, finish_reason: Any, usage: Any, provider_data: Any, *, strict_json: bool = False) -> None:
        super().end(finish_reason, usage, provider_data, strict_json=strict_json)
        self.calls.append(("provider_data", json.dumps(provider_data)))


def _mapped(datas: list[bytes], whole: bool) -> tuple[Any, Any]:
    sink = _OrderedSink()
    mapper = StreamMapper(None, sink)
    outcome = _outcome(lambda: mapper.map_body(datas) if whole else mapper.map_frames(datas))
    return outcome, sink.calls


_END = _object(
    candidates=st.lists(
        _object(
            content=_or_odd(_object(parts=st.lists(_PART, min_size=1, max_size=2))),
            finishReason=_FINISH,
            logprobsResult=_LOGPROBS,
        ),
        min_size=1,
        max_size=1,
    ),
    usageMetadata=_USAGE,
    promptFeedback=st.none(),
    modelVersion=st.just("gemini-2.5-flash"),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(_ONE_PART, _CHUNK), max_size=2), st.one_of(_END, _ONE_PART, _CHUNK))
@example([], {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]})
@example(
    [], {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}], "usageMetadata": {}}
)
@example(
    [{"candidates": [{"content": {"parts": [{"text": "a"}]}}]}],
    {
        "candidates": [
            {
                "content": {"parts": [{"functionCall": {"name": "f", "args": {"x": [1, 2.5]}}}]},
                "finishReason": "STOP",
            }
        ],
        "usageMetadata": {
            "promptTokenCount": 1,
            "promptTokensDetails": [{"modality": "AUDIO", "tokenCount": 1}],
        },
    },
)
@example([], {"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "SAFETY"}]})
def test_a_body_held_whole_maps_as_its_frames_map(before: list[Any], last: Any) -> None:
    """``map_body`` (the last chunk decoded once, untyped, and typed by ``msgspec.convert``) gives
    the sink calls, provider_data key order and failures that ``map_frames`` gives."""
    datas = [json.dumps(p).encode() for p in [*before, last]]
    assert _mapped(datas, True) == _mapped(datas, False)


@needs_corpus
def test_a_whole_answer_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Gemini answer held whole, its one chunk the end: one JSON decode in all (it was two, the
    typed view's and the untyped one for provider_data)."""
    decodes: list[bytes] = []

    def counted(decode: Any) -> Any:
        def run(data: bytes) -> Any:
            decodes.append(data)
            return decode(data)

        return run

    monkeypatch.setattr(gemini_stream, "_decode", counted(gemini_stream._decode))
    monkeypatch.setattr(
        gemini_stream, "text_chunk_decoder", _Counted(gemini_stream.text_chunk_decoder, decodes)
    )
    monkeypatch.setattr(gemini_stream, "chunk_decoder", _Counted(gemini_stream.chunk_decoder, decodes))
    bodies = sorted((CORPUS / "lm15-contract" / "bodies").glob("gemini.streaming*/*.txt"))
    one_event = [b for b in (p.read_bytes() for p in bodies) if b.count(b"data:") == 1]
    assert one_event
    for body in one_event:
        decodes.clear()
        response = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=REQUEST)
        assert response.provider_data is not None
        assert len(decodes) == 1, body[:80]


class _Counted:
    def __init__(self, decoder: Any, decodes: list[bytes]) -> None:
        self._decoder, self._decodes = decoder, decodes

    def decode(self, data: bytes) -> Any:
        self._decodes.append(data)
        return self._decoder.decode(data)


def test_a_last_chunk_with_an_integer_json_loads_refuses_goes_to_the_port() -> None:
    """A last chunk longer than the int string limit, holding an integer of more digits than
    ``json.loads`` reads (in a key the views skip): ``map_body`` leaves it to ``map_frames``,
    which sends it to the port (lm15 raises there), not to msgspec, which reads it."""
    end = b'{"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}], "n": '
    datas = [end + b"9" * 5000 + b"}"]
    whole, framed = _mapped(datas, True), _mapped(datas, False)
    assert whole == framed
    assert whole[0][0] == "error"


@needs_corpus
def test_a_whole_answer_translated_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for ``lc.stream.translate`` of an answer given as the one chunk of a list (cut
    without a framer: ``Engine.feed_frames``), whose output is the framed translation's."""
    decodes: list[bytes] = []
    bodies = sorted((CORPUS / "lm15-contract" / "bodies").glob("gemini.streaming*/*.txt"))
    one_event = [b for b in (p.read_bytes() for p in bodies) if b.count(b"data:") == 1]
    framed = {
        body: b"".join(lc.stream.translate("gemini", "openai_chat", [body[:7], body[7:]]))
        for body in one_event
    }
    real = gemini_stream._decode
    monkeypatch.setattr(gemini_stream, "_decode", lambda data: decodes.append(data) or real(data))
    monkeypatch.setattr(
        gemini_stream, "text_chunk_decoder", _Counted(gemini_stream.text_chunk_decoder, decodes)
    )
    monkeypatch.setattr(gemini_stream, "chunk_decoder", _Counted(gemini_stream.chunk_decoder, decodes))
    assert one_event
    for body in one_event:
        decodes.clear()
        out = b"".join(lc.stream.translate("gemini", "openai_chat", [body]))
        assert len(decodes) == 1, body[:80]
        assert _undated(out) == _undated(framed[body])


def _undated(sse: bytes) -> bytes:
    """A Chat stream with its ``created`` timestamps blanked (two runs may straddle a second)."""
    return re.sub(rb'"created":\d+', b'"created":0', sse)


_MANY_PARTS_END = _object(
    candidates=st.lists(
        _object(
            content=_or_odd(_object(parts=st.lists(_PART, min_size=2, max_size=6))),
            finishReason=_FINISH,
            logprobsResult=_LOGPROBS,
        ),
        min_size=1,
        max_size=1,
    ),
    usageMetadata=_USAGE,
    promptFeedback=_or_odd(_object(blockReason=_or_odd(st.sampled_from(["SAFETY", ""])))),
    modelVersion=st.just("gemini-2.5-flash"),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.one_of(_ONE_PART, _CHUNK), max_size=2), _MANY_PARTS_END)
def test_a_last_chunk_of_many_parts_held_whole_maps_as_its_frames_map(before: list[Any], last: Any) -> None:
    """``map_body`` of a last chunk EndChunk refuses (several parts: parallel calls), typed from
    its untyped value (red team 13 F05), against ``map_frames``: the same sink calls and failures."""
    datas = [json.dumps(p).encode() for p in [*before, last]]
    assert _mapped(datas, True) == _mapped(datas, False)


def test_a_last_chunk_of_many_calls_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: four decodes of the whole chunk (untyped, the text view's, the chunk view's and
    untyped again for provider_data)."""
    decodes: list[bytes] = []
    real = gemini_stream._decode

    def counted(data: bytes) -> Any:
        decodes.append(data)
        return real(data)

    monkeypatch.setattr(gemini_stream, "_decode", counted)
    monkeypatch.setattr(
        gemini_stream, "text_chunk_decoder", _Counted(gemini_stream.text_chunk_decoder, decodes)
    )
    monkeypatch.setattr(gemini_stream, "chunk_decoder", _Counted(gemini_stream.chunk_decoder, decodes))
    parts = [{"functionCall": {"name": "f", "args": {"a": i}}} for i in range(20)]
    chunk = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}]}
    body = b"data: " + json.dumps(chunk).encode() + b"\n\n"
    response = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=REQUEST)
    assert [call.input for call in response.tool_calls] == [{"a": i} for i in range(20)]
    assert len(decodes) == 1


_SEVERAL_PARTS = _object(
    candidates=st.lists(
        _object(
            content=_object(parts=st.lists(_PART, min_size=2, max_size=6), role=st.just("model")),
            finishReason=_FINISH,
            logprobsResult=_LOGPROBS,
        ),
        min_size=1,
        max_size=1,
    ),
    usageMetadata=_USAGE,
    modelVersion=st.just("gemini-2.5-flash"),
)


@settings(max_examples=examples(300), deadline=None)
@given(_SEVERAL_PARTS)
@example({"candidates": [{"content": {"parts": [{"text": "a"}, {"text": "b", "thought": True}]}}]})
@example({"candidates": [{"content": {"parts": [{"text": "a"}, {"text": "b"}]}, "logprobsResult": {}}]})
def test_a_chunk_of_several_parts_maps_as_the_port_maps_it(payload: Any) -> None:
    """A chunk of several parts, now decoded by the common chunk's view (red team 17 F06)."""
    _same(payload)


def test_a_chunk_of_several_text_parts_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Red team 17 F06 (Gemini chunks of 16 text parts): the common chunk's view took one part, so
    every such chunk was decoded twice (that view, refused, then the general one)."""
    decodes: list[bytes] = []
    monkeypatch.setattr(
        gemini_stream, "text_chunk_decoder", _Counted(gemini_stream.text_chunk_decoder, decodes)
    )
    monkeypatch.setattr(gemini_stream, "chunk_decoder", _Counted(gemini_stream.chunk_decoder, decodes))
    parts = [[{"text": f"{j}.{k} "} for k in range(16)] for j in range(3)]
    datas = [json.dumps({"candidates": [{"content": {"parts": p, "role": "model"}}]}).encode() for p in parts]
    sink = RecordingSink()
    assert StreamMapper(None, sink).map_frames(datas) == 0
    assert len(decodes) == 3
    port_sink = RecordingSink()
    port = StreamMapper(None, port_sink)
    for data in datas:
        port.port(data)
    assert sink.calls == port_sink.calls
    assert len(sink.calls) == 48


# The end chunk of one answer-text part is mapped inline by StreamMapper._ended (not by the loop of
# _parts): its text, thought, signature and logprobs each decide whether it may be.
_ONE_TEXT_END = st.builds(
    lambda candidate, finish, rest: {"candidates": [{**candidate, "finishReason": finish}], **rest},
    _object(
        content=_object(
            parts=st.lists(
                _object(text=_or_odd(_TEXT), thought=_or_odd(st.booleans()), thoughtSignature=_SIGNATURE),
                min_size=1,
                max_size=1,
            )
        ),
        logprobsResult=_LOGPROBS,
    ),
    _or_odd(st.sampled_from(["STOP", "MAX_TOKENS", "OTHER", "SAFETY", "FINISH_REASON_UNSPECIFIED"])),
    _object(usageMetadata=_USAGE),
)


@settings(max_examples=examples(300), deadline=None)
@given(_ONE_TEXT_END)
@example({"candidates": [{"content": {"parts": [{"text": "a"}]}, "finishReason": "STOP"}]})
@example({"candidates": [{"content": {"parts": [{"text": "a", "thought": True}]}, "finishReason": "STOP"}]})
@example({"candidates": [{"content": {"parts": [{"text": "", "thought": False}]}, "finishReason": "OTHER"}]})
@example(
    {
        "candidates": [
            {"content": {"parts": [{"text": "a", "thoughtSignature": "c2ln"}]}, "finishReason": "STOP"}
        ]
    }
)
@example(
    {
        "candidates": [
            {
                "content": {"parts": [{"text": "a"}]},
                "finishReason": "MAX_TOKENS",
                "logprobsResult": {"chosenCandidates": [{"token": "a", "logProbability": -0.5}]},
            }
        ]
    }
)
@example({"candidates": [{"content": {"parts": [{"text": None}]}, "finishReason": "STOP"}]})
def test_an_end_of_one_text_part_maps_as_the_port_maps_it(payload: Any) -> None:
    """An end chunk of one part, through the common chunk's view (a Decoder's chunk) and held whole
    (``map_body``), against the port: the same sink calls, or the same failure."""
    data = json.dumps(payload).encode()
    typed, port = typed_and_port(StreamMapper, data)
    assert typed == port
    sink = RecordingSink()
    whole = _outcome(lambda: StreamMapper(None, sink).map_body([data]))
    assert (whole, sink.calls) == typed
