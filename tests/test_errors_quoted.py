"""Every error message that quotes a value of the input quotes it cut (``errors.quoted``: 64
characters and its length), so a refused 1 MiB tag, role or key is not written back whole into
every log of refusals (red team 50, F04)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import lmcodec as lc
from lmcodec.errors import quoted

LONG = "A" * (1 << 20)
STAMP = f"({len(LONG):,} characters)"


def _at(template: str) -> bytes:
    """``template`` with LONG in the place of its ``@``."""
    return template.replace("@", LONG).encode()


CALLS: dict[str, Callable[[], object]] = {
    "decode enum": lambda: lc.decode(_at('{"type":"end","finish_reason":"@"}'), lc.StreamEvent),
    "decode tag": lambda: lc.decode(_at('{"type":"@","text":"x"}'), lc.Part),
    "decode keep tag": lambda: lc.decode(_at('{"type":"@","text":"x"}'), lc.Message),
    "decode unknown field": lambda: lc.decode(_at('{"role":"user","parts":[],"@":1}'), lc.Message),
    "openai input type": lambda: lc.decode_request("openai", _at('{"model":"m","input":[{"type":"@"}]}')),
    "openai block type": lambda: lc.decode_request(
        "openai", _at('{"model":"m","input":[{"role":"user","content":[{"type":"@"}]}]}')
    ),
    "anthropic role": lambda: lc.decode_request(
        "anthropic", _at('{"model":"m","max_tokens":1,"messages":[{"role":"@","content":"x"}]}')
    ),
    "llm part type": lambda: lc.llm.decode(_at('{"type":"@"}'), lc.llm.Part),
    # red team 52 F06: the five request-reader messages rtfix57 missed
    "openai input role": lambda: lc.decode_request(
        "openai", _at('{"model":"m","input":[{"role":"@","content":"hi"}]}')
    ),
    "openai tool_choice": lambda: lc.decode_request(
        "openai", _at('{"model":"m","input":"hi","tool_choice":"@"}')
    ),
    "openai_chat role": lambda: lc.decode_request(
        "openai_chat", _at('{"model":"m","messages":[{"role":"@","content":"hi"}]}')
    ),
    "openai_chat reasoning_effort": lambda: lc.decode_request(
        "openai_chat", _at('{"model":"m","messages":[{"role":"user","content":"hi"}],"reasoning_effort":"@"}')
    ),
    "openai_chat tool type": lambda: lc.decode_request(
        "openai_chat", _at('{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"@"}]}')
    ),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_refused_long_value_is_quoted_cut(name: str) -> None:
    with pytest.raises(lc.LmcodecError) as info:
        CALLS[name]()
    message = str(info.value)
    assert len(message) < 400, message[:400]


def test_quoted_cuts_a_long_string_and_keeps_a_short_value() -> None:
    assert quoted("user") == "'user'"
    assert quoted(3) == "3"
    assert quoted("é" * 64) == repr("é" * 64)
    assert quoted(LONG) == f"{'A' * 64!r}... {STAMP}"


def test_msgspec_messages_name_the_length_of_the_value() -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode(_at('{"type":"end","finish_reason":"@"}'), lc.StreamEvent)
    assert str(info.value) == f"Invalid enum value {quoted(LONG)} - at `$.finish_reason`"
