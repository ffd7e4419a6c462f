"""The Anthropic frames the typed views map without the port (``message_delta``, citation deltas)
against the port (lm15's dict code): the same sink calls, or the same failure, for any values."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers.anthropic.stream import StreamMapper

from ..budget import examples
from ..stream.test_fast_paths import RecordingSink, typed_and_port

_SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=4),
    st.sampled_from(["end_turn", "tool_use", "max_tokens", "refusal", "pause_turn", "END_TURN", ""]),
)
_VALUE = st.one_of(
    _SCALAR, st.lists(_SCALAR, max_size=2), st.dictionaries(st.text(max_size=2), _SCALAR, max_size=2)
)
_COUNT = st.one_of(
    st.none(), st.integers(min_value=-2, max_value=2**66), st.booleans(), st.floats(), st.text(max_size=2)
)
_COUNTS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def _absent_or(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.just(_ABSENT), value)


_ABSENT = object()


def _object(**fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """A JSON object whose keys may each be absent."""
    return st.fixed_dictionaries({k: _absent_or(v) for k, v in fields.items()}).map(
        lambda d: {k: v for k, v in d.items() if v is not _ABSENT}
    )


_USAGE = st.one_of(
    _VALUE,
    _object(
        **dict.fromkeys(_COUNTS, _COUNT),
        output_tokens_details=st.one_of(_VALUE, _object(thinking_tokens=_COUNT)),
        service_tier=_SCALAR,
    ),
)
_MESSAGE_DELTA = _object(
    delta=st.one_of(_VALUE, _object(stop_reason=_SCALAR, stop_sequence=_SCALAR)), usage=_USAGE
)
_CITATION = st.one_of(
    _VALUE, _object(cited_text=_SCALAR, text=_SCALAR, url=_SCALAR, title=_SCALAR, type=_SCALAR)
)
_CITATION_DELTA = _object(
    type=st.sampled_from(["citations_delta", "citation_delta"]),
    citation=_CITATION,
    cited_text=_SCALAR,
    text=_SCALAR,
    url=_SCALAR,
)


def _typed_and_port(data: bytes) -> tuple[Any, Any]:
    return typed_and_port(StreamMapper, data)


@settings(max_examples=examples(500), deadline=None)
@given(frame=_MESSAGE_DELTA, odd=st.sampled_from([None, "NaN", "1e400"]))
def test_message_delta_maps_as_the_port_maps_it(frame: dict[str, Any], odd: str | None) -> None:
    data = json.dumps({"type": "message_delta", **frame, "x": 0}).encode()
    if odd is not None:  # a value msgspec cannot read untyped, in a field the view skips
        data = data.replace(b'"x": 0', b'"x": ' + odd.encode())
    typed, port = _typed_and_port(data)
    assert typed == port


@settings(max_examples=examples(500), deadline=None)
@given(delta=_CITATION_DELTA, index=st.integers(min_value=0, max_value=3))
def test_citation_delta_maps_as_the_port_maps_it(delta: dict[str, Any], index: int) -> None:
    data = json.dumps({"type": "content_block_delta", "index": index, "delta": delta}).encode()
    typed, port = _typed_and_port(data)
    assert typed == port


def test_the_typed_views_take_the_common_frames() -> None:
    """The frames real streams send are mapped without the port (and as the port maps them)."""
    frames = [
        b'{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},'
        b'"usage":{"input_tokens":9,"cache_read_input_tokens":0,"output_tokens":12}}',
        b'{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":3,'
        b'"output_tokens_details":{"thinking_tokens":2}}}',
        b'{"type":"content_block_delta","index":1,"delta":{"type":"citations_delta","citation":'
        b'{"type":"web_search_result_location","cited_text":"c","url":"https://a.b","title":"t"}}}',
    ]
    for data in frames:
        typed_sink = RecordingSink()
        mapper = StreamMapper(None, typed_sink)
        assert mapper.frames([data]) == 0
        assert mapper.generic == 0, data
        typed, port = _typed_and_port(data)
        assert typed == port
        assert typed[1], data
