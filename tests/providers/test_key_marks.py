"""Looking for a key's escaped spellings costs searches in C, not a Python step per escape (red team
29 F01).

Python's ``json.dumps`` (so ``requests.post(json=...)``, aiohttp's ``json=``) writes every accented
letter as a ``\\u00XX`` escape. ``_key_marks.ascii_escaped``, which decides whether a body could
spell a key with escapes, walked those escapes one ``find`` at a time: ~3.6k instructions a letter,
so a French message made ``lc.translate_request`` 10-19x msgspec's decode of the same bytes. It was
one ``find`` and one regex search then; these tests count the C calls a call makes, which a walk
per escape multiplies by the escapes. That regex search for any printable character's escape still
stepped through such a body at ~12 instructions a byte (red team 39 F10: Chat -> Chat of a 100 KB
escaped tool result 1.7x the floor): a body is now searched by regex only where it holds the escape
of a mark's own characters (``_key_marks.escape_heads``).
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
from lmcodec.providers._key_marks import escape_heads, escaped_spelling, holds_mark, spelled_escaped

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


def reference(data: bytes, marks: tuple[bytes, ...]) -> bool:
    """The slow path: each mark's escaped spellings searched for over the whole body."""
    return any(escaped_spelling(mark).search(data) is not None for mark in marks)


_PIECES = st.sampled_from(
    [
        *(b"\\u00", b"\\u00e9", b"\\u0061", b"\\u007", b"\\u002", b"\\u001f", b"\\", b"u", b"0", b"7", b"a"),
        *(b"\\u0064", b"\\u0065", b"\\u0072", b"\\u0073", b"\\u0074", b"\\u005F", b"\\u005f", b"\\u0063"),
        *(b'"st', b"ream", b'"', b"stream", b'"developer"', b"d", b"eveloper", b"cache", b"_control", b"e"),
    ]
)
_MARKS = st.sampled_from(
    [(b'"stream"',), (b'"developer"',), (b"cache_control",), (b'"detail"', b'"filename"')]
)


@settings(max_examples=examples(600))
@given(st.lists(_PIECES, max_size=14).map(b"".join), _MARKS)
def test_holds_mark_is_the_escaped_spelling_searched_over_the_body(
    data: bytes, marks: tuple[bytes, ...]
) -> None:
    assert holds_mark(data, marks) is reference(data, marks)
    assert holds_mark(bytearray(data), marks) is reference(data, marks)
    assert holds_mark(memoryview(data), marks) is reference(data, marks)
    if not any(mark in data for mark in marks):  # (else spelled_escaped is not asked)
        assert spelled_escaped(data, marks) is reference(data, marks)


def test_escape_heads_are_the_marks_characters_high_digits() -> None:
    assert escape_heads((b'"developer"',)) == (b"\\u006", b"\\u007")
    assert escape_heads((b"cache_control",)) == (b"\\u005", b"\\u006", b"\\u007")
    assert escape_heads((b'"a"', b'"$1"')) == (b"\\u002", b"\\u003", b"\\u006")


def regex_searches(run: Callable[[], object]) -> int:
    """How many regex searches ``run`` makes."""
    count = 0

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "c_call" and getattr(arg, "__name__", "") == "search":
            count += 1

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def test_escaped_accented_letters_cost_a_fixed_number_of_searches() -> None:
    data = json.dumps({"content": escaped_text(ESCAPES)}).encode()
    assert data.count(b"\\u00") >= ESCAPES
    assert holds_mark(data, (b'"stream"', b'"cache_control"')) is False
    assert c_calls(lambda: holds_mark(data, (b'"stream"', b'"cache_control"'))) <= 8  # (3 heads: 3 finds)


def test_escaped_accented_letters_are_not_searched_by_regex() -> None:
    """Red team 39 F10: no regex steps through a body whose escapes are of no mark's characters."""
    data = json.dumps({"content": escaped_text(ESCAPES) + 'caf\u00e9 "q" \\ line\n \U0001f600'}).encode()
    assert holds_mark(data, (b'"developer"',)) is False
    assert regex_searches(lambda: holds_mark(data, (b'"developer"',))) == 0
    assert regex_searches(lambda: holds_mark(data, (b'"stream"',))) == 0


def test_an_ascii_escape_after_many_accented_letters_is_still_found() -> None:
    data = json.dumps({"content": escaped_text(ESCAPES)}).encode() + b' {"str\\u0065am": true}'
    assert holds_mark(data, (b'"stream"',)) is True
    assert holds_mark(data, (b'"developer"',)) is False
    late = json.dumps({"content": escaped_text(ESCAPES)}).encode() + b' {"role": "d\\u0065veloper"}'
    assert holds_mark(late, (b'"developer"',)) is True


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
