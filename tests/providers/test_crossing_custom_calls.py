"""The note of a custom (freeform) tool call sent to another dialect as a function call
(``providers/_crossing_custom_calls.custom_call_substituted``): copied from its destination's note
made at import, the same Adaptation the checked constructor makes, without walking its values."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _build_common
from lmcodec.providers._crossing_custom_calls import _CALL_REASON, custom_call_substituted, no_custom_form

from ..budget import examples

DESTINATIONS = ("openai_chat", "anthropic", "gemini", "openai", "bedrock")


def _checked(index: int, text: str, destination: str) -> lc.Adaptation:
    """The note as the checked constructor makes it (the reason formatted for each call)."""
    reason = _CALL_REASON.format(why=no_custom_form(destination))
    return lc.Adaptation(
        field=f"$.input[{index}]", action="substituted", reason=reason, asked=text, applied={"input": text}
    )


@settings(max_examples=examples(400), deadline=None)
@given(st.integers(0, 10_000), st.text(), st.sampled_from(DESTINATIONS))
def test_the_note_is_the_checked_constructor_s(index: int, text: str, destination: str) -> None:
    """Any call text (empty, surrogates, escapes), any destination (one without a note made at
    import too): the note the checked constructor makes."""
    note = custom_call_substituted(index, text, destination)
    assert note == _checked(index, text, destination)
    assert lc.encode(note) == lc.encode(_checked(index, text, destination))


def test_a_call_s_text_is_not_walked_as_json() -> None:
    """A str text and ``{"input": text}`` are JSON as they are: no ``is_json_value`` walk (it cost
    ~4k instructions of a note's ~15k; the reason's formatting ~7k more)."""
    with mock.patch.object(_build_common, "is_json_value", side_effect=AssertionError("walked")):
        note = custom_call_substituted(6, "*** Begin Patch", "gemini")
    assert note.applied == {"input": "*** Begin Patch"}
