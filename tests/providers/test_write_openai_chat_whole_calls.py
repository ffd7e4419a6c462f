"""The Chat writer's ``write_tool_call`` (a Gemini call that came whole, its decoded ``args``, from
``stream.translate``) writes what ``write_tool_input`` writes for ``compact_json(args)``: the slow
path, which looks at the text for a lone surrogate's escape; where msgspec cannot write ``args`` (a
surrogate code point in a string) it hands the call back (``None``)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini.views import compact_json
from lmcodec.providers.openai_chat.write import StreamWriter
from lmcodec.wire import StreamStartEvent

from ..budget import examples

_TEXT = st.text(st.characters(), max_size=12) | st.sampled_from(
    [
        "\ud800",
        "\ud83d\ude00",
        "caf\u00e9",
        "\U0001f600",
        '"q" \\ \n\t',
        "\\ud800",
        "\\\\ud83d",
        "\x7f",
        "\u2028",
    ]
)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=20,
)
_ARGS = st.dictionaries(_TEXT, _VALUES, max_size=4)


def _writer() -> StreamWriter:
    writer = StreamWriter()
    writer.created = 1_700_000_000
    writer.feed(StreamStartEvent(id="chatcmpl-1", model="m"))
    return writer


def _slow(writer: StreamWriter, slot: int, args: Any, id: str | None, name: str) -> bytes | type[Exception]:
    try:
        return writer.write_tool_input(slot, compact_json(args), id, name)
    except lc.EncodeError as exc:
        return type(exc)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.tuples(_ARGS, st.none() | st.just("call_9")), min_size=1, max_size=4))
@example([({"text": 'caf\u00e9 \U0001f600 "q" \\ line\n', "i": 1}, None)])
@example([({"a": "\ud800"}, "c"), ({"b": "\U0001f600"}, None)])
@example([({"big": 2**80, "f": 1e16, "del": "\x7f"}, None)])
def test_a_whole_call_is_written_as_its_text_is(calls: list[tuple[dict[str, Any], str | None]]) -> None:
    fast, slow = _writer(), _writer()
    for slot, (args, id) in enumerate(calls):
        expected = _slow(slow, slot, args, id, "f")
        written = fast.write_tool_call(slot, args, id, "f")
        if written is None:  # handed back: the caller writes the text (the slow path)
            assert "\\ud" in compact_json(args).lower()
            written = _slow(fast, slot, args, id, "f")
        assert written == expected
        if expected is lc.EncodeError:
            return


def test_a_call_msgspec_cannot_write_is_handed_back() -> None:
    writer = _writer()
    assert writer.write_tool_call(0, {"a": "\ud800"}, None, "f") is None
    assert writer.write_tool_call(0, {"a": "\ud83d\ude00"}, None, "f") is None  # (a pair json.dumps joins)
    with pytest.raises(lc.EncodeError, match="lone surrogate"):
        writer.write_tool_input(0, compact_json({"a": "\ud800"}), None, "f")


def test_an_unfinished_escape_held_hands_the_call_back() -> None:
    writer = _writer()
    writer.write_tool_input(0, '{"a":"\\ud83d', None, "f")  # a high half: its low half may follow
    assert writer.write_tool_call(1, {"b": 1}, None, "g") is None
