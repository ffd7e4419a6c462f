"""The Gemini chunks the typed views map without the port (one part of any kind, several parts,
ends, logprobs, usage) against the port (lm15's dict code): the same sink calls, or the same
failure, for any values."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers.gemini.stream import StreamMapper

from ..stream.test_fast_paths import typed_and_port

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


@settings(max_examples=150, deadline=None)
@given(_ONE_PART)
@example({"candidates": [{"content": {"parts": [{"functionCall": {"name": "f", "args": {"x": 1}}}]}}]})
@example(
    {"candidates": [{"content": {"parts": [{"inlineData": {"mimeType": "image/png", "data": "AAAA"}}]}}]}
)
@example({"candidates": [{"content": {"parts": [{}]}}], "usageMetadata": {"promptTokenCount": 1}})
@example({"candidates": [{"content": {"parts": [{"thought": True}]}}]})
def test_a_one_part_chunk_maps_as_the_port_maps_it(payload: Any) -> None:
    _same(payload)


@settings(max_examples=150, deadline=None)
@given(_CHUNK)
def test_any_chunk_maps_as_the_port_maps_it(payload: Any) -> None:
    _same(payload)
