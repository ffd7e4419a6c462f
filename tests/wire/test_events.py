"""``StreamEndEvent.__post_init__`` (written out, with no helper call): an all-empty usage and an
empty ``provider_data`` are stored as ``None``, whichever way the event is made (the class call,
``msgspec.structs.replace``, the keyword build of StructMeta, decoding); anything else is kept as given."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

_COUNT = st.none() | st.integers(0, 9)
_USAGE = st.none() | st.builds(lc.Usage, _COUNT, _COUNT, _COUNT)
_DATA = st.none() | st.dictionaries(
    st.sampled_from("ab"), st.integers() | st.lists(st.integers(), max_size=1), max_size=2
)
_TEMPLATE = msgspec.StructMeta.__call__(lc.StreamEndEvent)


def _made(how: str, usage: Any, data: Any) -> lc.StreamEndEvent:
    if how == "class":
        return lc.StreamEndEvent(usage=usage, provider_data=data)
    if how == "keywords":
        made: lc.StreamEndEvent = msgspec.StructMeta.__call__(
            lc.StreamEndEvent, usage=usage, provider_data=data
        )
        return made
    if how == "replace":
        replaced: lc.StreamEndEvent = msgspec.structs.replace(_TEMPLATE, usage=usage, provider_data=data)
        return replaced
    wire = {
        "type": "end",
        "usage": lc.to_builtins(usage) if usage is not None else None,
        "provider_data": data,
    }
    decoded = lc.decode(msgspec.json.encode(wire), lc.StreamEvent)
    assert type(decoded) is lc.StreamEndEvent
    return decoded


@pytest.mark.parametrize("how", ["class", "keywords", "replace", "decode"])
@settings(max_examples=examples(100), deadline=None)
@given(usage=_USAGE, data=_DATA)
def test_empty_usage_and_data_are_stored_as_none(how: str, usage: Any, data: Any) -> None:
    event = _made(how, usage, data)
    empty_usage = usage is None or usage == lc.Usage()
    assert event.usage is (None if empty_usage else event.usage)
    if not empty_usage:
        assert event.usage == usage
    assert event.provider_data == (data or None)
    if data:
        assert how == "decode" or event.provider_data is data
