"""providers/_escapes.watch, fed a tool call's argument text cut anywhere, refuses exactly the texts
that spell a lone surrogate as a JSON escape, judged against a reading of the whole text at once
(json.loads where the text is JSON: lm15's reading) and against a plain escape-by-escape walk."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._escapes import watch


def _spells_lone_surrogate(text: str) -> bool:
    """The slow reference: walk the escapes of the whole text one by one (a high surrogate that
    ends the text is not yet lone: the text is cut there)."""
    i, pending = 0, False
    while i < len(text):
        if text[i] != "\\":
            if pending:
                return True
            i += 1
            continue
        hexes = text[i + 2 : i + 6]
        is_hex = all(c in "0123456789abcdefABCDEF" for c in hexes)
        if text[i + 1 :] == "" or (text[i + 1 : i + 2] == "u" and len(text) - i < 6 and is_hex):
            return False  # an escape the text is cut inside (what follows may complete a pair)
        if text[i + 1 : i + 2] == "u" and len(hexes) == 4 and is_hex:
            code = int(hexes, 16)
            if pending:
                if not 0xDC00 <= code <= 0xDFFF:
                    return True
                pending = False
            elif 0xD800 <= code <= 0xDBFF:
                pending = True
            elif 0xDC00 <= code <= 0xDFFF:
                return True
            i += 6
        else:
            if pending:
                return True
            i += 2
    return False


def _watched(pieces: list[str]) -> bool:
    """Whether watch refuses the pieces, fed in turn."""
    held = ""
    try:
        for piece in pieces:
            held = watch(held, piece, "test")
    except lc.EncodeError as exc:
        assert "lone surrogate (U+D" in str(exc)
        return True
    return False


_ATOMS = st.sampled_from(
    [
        "\\",
        "\\\\",
        "\\u",
        "\\ud83d",
        "\\ude00",
        "\\uD800",
        "\\udbff",
        "\\uDC00",
        "\\u00e9",
        "\\n",
        '\\"',
        "u",
        "d8",
        "00",
        "a",
        '"',
        "x",
    ]
)


@settings(max_examples=400, deadline=None)
@given(atoms=st.lists(_ATOMS, max_size=12), cuts=st.lists(st.integers(0, 80), max_size=5))
def test_watch_refuses_what_the_whole_text_spells_however_cut(atoms: list[str], cuts: list[int]) -> None:
    text = "".join(atoms)
    bounds = sorted({0, len(text), *(c for c in cuts if c <= len(text))})
    pieces = [text[a:b] for a, b in itertools.pairwise(bounds)] or [text]
    assert _watched(pieces) == _spells_lone_surrogate(text)
    as_string = '{"a":"' + text + '"}'
    try:
        value = json.loads(as_string)
    except ValueError:
        return
    lone = any(0xD800 <= ord(c) <= 0xDFFF for c in value["a"])
    assert _watched([as_string]) == lone  # lm15's reading of the same text


@pytest.mark.parametrize("size", [10_000, 200_000])
def test_watch_is_linear_in_the_text(size: int) -> None:
    """A long run of backslashes or of surrogate pairs, one character per fragment, is read with
    a bounded carry (held at most a pair and an unfinished escape)."""
    for text in ("\\" * size, "\\ud83d\\ude00" * (size // 12), "\\\\u" * (size // 3)):
        held = ""
        for c in text:
            held = watch(held, c, "test")
            assert len(held) <= 11
