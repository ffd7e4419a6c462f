"""A value changed past its checks (``msgspec.structs.replace``) that a writer writes at once,
unheld, is written as it is held: the documented choice (README, "A copy with changes"; rtleft24's
left item, decided in rtleft25). A check there is a type test on every delta (and for ``lc.encode``
a typed walk of every object written); the constructors and ``lc.replace`` refuse the value, and
``lc.decode`` of what ``lc.encode`` wrote refuses it at its field. These tests hold that behaviour,
so that a change to it is a decision, not an accident."""

from __future__ import annotations

import msgspec
import pytest

import lmcodec as lc

_ODD = msgspec.structs.replace(lc.TextDelta(text="a"), text=5)
_EVENTS = [
    lc.StreamStartEvent(id="r1", model="m"),
    lc.StreamDeltaEvent(delta=_ODD),
    lc.StreamEndEvent(finish_reason="stop"),
]


def test_the_constructor_and_lc_replace_refuse_the_value() -> None:
    with pytest.raises((TypeError, lc.ValidationError)):
        lc.TextDelta(text=5)  # type: ignore[arg-type]
    with pytest.raises((TypeError, lc.ValidationError)):
        lc.replace(lc.TextDelta(text="a"), text=5)


@pytest.mark.parametrize(
    ("dialect", "written"),
    [("openai_chat", b'"content":5'), ("anthropic", b'"text":5'), ("gemini", b'"text":5')],
)
def test_a_single_odd_text_is_written_as_held(dialect: lc.Provider, written: bytes) -> None:
    assert written in b"".join(lc.stream.encode(dialect, _EVENTS))


def test_the_responses_writer_which_holds_the_text_refuses_it_at_its_field() -> None:
    with pytest.raises(lc.ValidationError, match=r"\$\.delta\.text"):
        b"".join(lc.stream.encode("openai", _EVENTS))


def test_lc_encode_writes_it_as_held_and_lc_decode_refuses_it_at_the_field() -> None:
    odd = msgspec.structs.replace(lc.TextPart(text="a"), text=5)
    written = lc.encode(odd)
    assert written == b'{"type":"text","text":5}'
    with pytest.raises(lc.ValidationError, match=r"\$\.text"):
        lc.decode(written, type=lc.TextPart)
