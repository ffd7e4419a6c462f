"""The events the EventSink builds from templates (``msgspec.structs.replace`` of a start and of an
end) against the keyword construction they replace and the checked class call.

- A start, synthesized or the provider's, equals ``StreamStartEvent(id=..., model=...)``.
- The merged end (:meth:`EndMerge.merged`) equals the keyword build of ``StreamEndEvent`` with the
  same values and, for strict JSON data, the class call: an all-empty usage and an empty
  ``provider_data`` stored as ``None`` as ``__post_init__`` stores them.
- The sink's one end equals EndMerge's merge of every end it was given (a single end taken as it is).
"""

from __future__ import annotations

from typing import Any, get_args

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.stream import events
from lmcodec.stream.coalesce import EndMerge
from lmcodec.stream.events import EventSink
from lmcodec.wire.telemetry import FinishReason

from ..budget import examples

_NAMES = st.none() | st.text(min_size=1, max_size=4)
_FINISH = st.none() | st.sampled_from(get_args(FinishReason))
_COUNT = st.none() | st.integers(0, 99)
_USAGE = st.none() | st.builds(lc.Usage, _COUNT, _COUNT, _COUNT, _COUNT, _COUNT, _COUNT)
_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)
_DATA = st.none() | st.dictionaries(st.text(max_size=3), _JSON, max_size=3)


def _fields(event: Any) -> tuple[Any, ...]:
    """The event's type and every field, each value with its type (equal Structs of other types differ)."""
    return (type(event), *((type(v), v) for v in msgspec.structs.astuple(event)))


@settings(max_examples=examples(200), deadline=None)
@given(id=_NAMES, model=_NAMES, begun=_NAMES, provider_start=st.booleans())
def test_a_start_is_the_class_calls(id: Any, model: Any, begun: Any, provider_start: bool) -> None:
    sink = EventSink()
    sink.begin(begun)
    if provider_start:
        sink.start(id, model)
        expected = lc.StreamStartEvent(id=id, model=model)
    else:
        sink.text(0, "a")  # a start synthesized before the first delta: it names begin's model
        expected = lc.StreamStartEvent(model=begun)
    assert _fields(sink.out[0]) == _fields(expected)


@settings(max_examples=examples(300), deadline=None)
@given(finish=_FINISH, usage=_USAGE, data=_DATA, strict=st.booleans())
def test_the_merged_end_is_the_keyword_builds_and_the_class_calls(
    finish: Any, usage: Any, data: Any, strict: bool
) -> None:
    merge = EndMerge()
    merge.add(finish, usage, data, strict)
    end = merge.merged()
    built = msgspec.StructMeta.__call__(
        lc.StreamEndEvent, finish_reason=finish, usage=usage, provider_data=data
    )
    assert _fields(end) == _fields(built)
    assert _fields(end) == _fields(lc.StreamEndEvent(finish_reason=finish, usage=usage, provider_data=data))
    assert end is not None and (end.usage is None or end.usage != lc.Usage())
    assert end.provider_data is None or end.provider_data


def test_the_merged_ends_are_not_one_object() -> None:
    """Each merge copies the template: two streams' ends are two events, the template untouched."""
    first, second = EndMerge(), EndMerge()
    first.add("stop", lc.Usage(input_tokens=1), {"a": 1})
    second.add("length", None, None)
    one, two = first.merged(), second.merged()
    assert one is not None and two is not None and one is not two
    assert (one.finish_reason, one.provider_data) == ("stop", {"a": 1})
    assert (two.finish_reason, two.usage, two.provider_data) == ("length", None, None)


_NAN_DATA: dict[str, Any] = {"x_score": float("nan")}  # (lm15's end refuses it: a merge keeps it)
_END = st.tuples(_FINISH, _USAGE, _DATA | st.just(_NAN_DATA), st.booleans()) | st.just(
    (None, None, None, False)
)
_ENDS = st.lists(_END, max_size=4)


@settings(max_examples=examples(500), deadline=None)
@given(ends=_ENDS)
@example(ends=[("stop", None, _NAN_DATA, False), (None, lc.Usage(input_tokens=1), {"a": 1}, True)])
def test_the_sink_merges_its_ends_as_end_merge_merges_them(ends: list[tuple[Any, Any, Any, bool]]) -> None:
    """The EventSink keeps a single end as it is, and a bare end after another (Anthropic's
    ``message_stop``) as nothing, making an EndMerge only at a second end that may change the merge:
    its one end event is the one EndMerge gives for every end added (none when no end came)."""
    sink = EventSink()
    sink.begin("m")
    merge = EndMerge()
    for finish, usage, data, strict in ends:
        strict = strict and data is not _NAN_DATA  # (msgspec reads no NaN)
        sink.end(finish, usage, data, strict_json=strict)
        merge.add(finish, usage, data, strict)
    expected = merge.merged()
    assert sink.close() is (expected is not None)
    if expected is None:
        assert sink.out == []
    else:
        start, end = sink.out
        assert _fields(start) == _fields(lc.StreamStartEvent(model="m"))
        assert isinstance(end, lc.StreamEndEvent) and _fields(end) == _fields(expected)
        assert end.provider_data is expected.provider_data  # the dict given, not a copy
    assert not sink.close()  # (closed: the ends are gone)


def test_a_single_end_makes_no_merge(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stream of one end (Gemini, Responses), or one and a bare end after it (Anthropic), makes no
    EndMerge: ~3k instructions of a one-word Decoder stream (callgrind)."""

    def no_merge() -> None:
        raise AssertionError("an EndMerge made")

    monkeypatch.setattr(events, "EndMerge", no_merge)
    for extra in ([], [(None, None, None)]):
        sink = EventSink()
        sink.begin("m")
        sink.end("stop", lc.Usage(input_tokens=1), {"a": 1}, strict_json=True)
        for end in extra:
            sink.end(*end)
        assert sink.close()
        assert _fields(sink.out[-1]) == _fields(
            lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1), provider_data={"a": 1})
        )
