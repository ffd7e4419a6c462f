"""Looking for a key's escaped spellings costs searches in C, not a Python step per escape (red team
29 F01).

Python's ``json.dumps`` (so ``requests.post(json=...)``, aiohttp's ``json=``) writes every accented
letter as a ``\\u00XX`` escape. ``_key_marks.ascii_escaped``, which decides whether a body could
spell a key with escapes, walked those escapes one ``find`` at a time: ~3.6k instructions a letter,
so a French message made ``lc.translate_request`` 10-19x msgspec's decode of the same bytes. It is
one ``find`` and one regex search now; these tests count the C calls a call makes, which a walk
per escape multiplies by the escapes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._key_marks import ascii_escaped, holds_mark

from ..budget import examples

ACCENTED = "Le cœur a ses raisons que la raison ne connaît point. Élève, déjà, où, à, ça. "
ESCAPES = 20_000


def c_calls(run: Callable[[], object]) -> int:
    """How many C functions ``run`` calls (a Python step per escape shows as one call or more)."""
    count = 0

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "c_call":
            count += 1

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def escaped_text(letters: int) -> str:
    """French text holding at least ``letters`` accented letters of Latin-1 (each a ``\\u00XX`` escape)."""
    per = sum(1 for c in ACCENTED if 0x7F < ord(c) <= 0xFF)
    return ACCENTED * (letters // per + 1)


def reference(data: bytes) -> bool:
    """Some ``\\u00`` in ``data`` followed by a hex digit 2-7 (a printable ASCII character's escape)."""
    at = data.find(b"\\u00")
    while at >= 0:
        if data[at + 4 : at + 5] in (b"2", b"3", b"4", b"5", b"6", b"7"):
            return True
        at = data.find(b"\\u00", at + 1)
    return False


_PIECES = st.sampled_from(
    [b"\\u00", b"\\u00e9", b"\\u0061", b"\\u007", b"\\u002", b"\\u001f", b"\\", b"u", b"0", b"7", b"a", b'"']
)


@settings(max_examples=examples(400))
@given(st.lists(_PIECES, max_size=12).map(b"".join))
def test_ascii_escaped_is_a_printable_ascii_escape_anywhere(data: bytes) -> None:
    assert ascii_escaped(data) is reference(data)
    assert ascii_escaped(bytearray(data)) is reference(data)


def test_escaped_accented_letters_cost_a_fixed_number_of_searches() -> None:
    data = json.dumps({"content": escaped_text(ESCAPES)}).encode()
    assert data.count(b"\\u00") >= ESCAPES
    assert ascii_escaped(data) is False
    assert c_calls(lambda: ascii_escaped(data)) <= 3
    assert holds_mark(data, (b'"stream"', b'"cache_control"')) is False
    assert c_calls(lambda: holds_mark(data, (b'"stream"', b'"cache_control"'))) <= 6


def test_an_ascii_escape_after_many_accented_letters_is_still_found() -> None:
    data = json.dumps({"content": escaped_text(ESCAPES)}).encode() + b' {"str\\u0065am": true}'
    assert ascii_escaped(data) is True
    assert holds_mark(data, (b'"stream"',)) is True


def _body(source: str, text: str) -> bytes:
    if source == "openai":
        return json.dumps({"model": "gpt-4.1-mini", "input": [{"role": "user", "content": text}]}).encode()
    if source == "gemini":
        return json.dumps({"contents": [{"role": "user", "parts": [{"text": text}]}]}).encode()
    value: dict[str, Any] = {"model": "claude-sonnet-4-5", "messages": [{"role": "user", "content": text}]}
    if source == "anthropic":
        value["max_tokens"] = 10
    return json.dumps(value).encode()


_MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
_PAIRS = [(s, d) for s in _MODELS for d in _MODELS]


@pytest.mark.parametrize(("source", "destination"), _PAIRS)
def test_translate_request_does_not_step_through_escaped_letters(source: str, destination: str) -> None:
    """The same call on 20,000 escaped letters and on 200 makes about as many C calls: nothing in it
    steps through the escapes in Python."""

    def translate(letters: int) -> Callable[[], object]:
        data = _body(source, escaped_text(letters))
        return lambda: lc.translate_request(source, destination, data, model=_MODELS[destination])

    small, large = translate(200), translate(ESCAPES)
    small()
    large()
    assert c_calls(large) <= c_calls(small) + 20
