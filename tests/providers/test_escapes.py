"""providers/_escapes.watch, fed a tool call's argument text cut anywhere, refuses exactly the texts
that spell a lone surrogate as a JSON escape, judged against a reading of the whole text at once
(json.loads where the text is JSON: lm15's reading) and against a plain escape-by-escape walk."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable
from typing import SupportsIndex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._escapes import _HEX, _SURROGATE, _lone, _open_escape, _scan, watch

from ..budget import examples


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


@settings(max_examples=examples(400), deadline=None)
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


_TOKEN = re.compile(r"\\(u[0-9a-fA-F]{4}|[\s\S]?)")


def _escape_by_escape(text: str, provider: str) -> str:
    """The oracle: 2e9e949's ``_scan``, which walks every escape of the text in turn (quadratic:
    it copied the rest of the text at each escape, red team 25 F04) with the rest left uncopied."""
    high = -1
    for match in _TOKEN.finditer(text):
        escape, start = match.group(1), match.start()
        if high >= 0 and start != high + 6:
            raise _lone(text, high, provider)
        if len(escape) == 5:
            code = int(escape[1:], 16)
            if high >= 0:
                if 0xDC00 <= code <= 0xDFFF:
                    high = -1
                    continue
                raise _lone(text, high, provider)
            if 0xD800 <= code <= 0xDBFF:
                high = start
            elif 0xDC00 <= code <= 0xDFFF:
                raise _lone(text, start, provider)
            continue
        rest = text[match.end() : match.end() + 4]
        if not escape or (escape == "u" and match.end() + 4 > len(text) and _HEX.issuperset(rest)):
            return text[high if high >= 0 else start :]
        if high >= 0:
            raise _lone(text, high, provider)
    if high >= 0:
        if high + 6 == len(text):
            return text[high:]
        raise _lone(text, high, provider)
    return ""


def _outcome(scan: Callable[[str, str], str], text: str) -> tuple[str, str]:
    try:
        return "held", scan(text, "test")
    except lc.EncodeError as exc:
        return "refused", str(exc)


_EVERY_ESCAPE = st.sampled_from(
    [
        "\\",
        "\\\\",
        "\\u",
        "\\ud83d",
        "\\uD83D",
        "\\ude80",
        "\\uDE80",
        "\\udbff",
        "\\udc00",
        "\\uDFFF",
        "\\ud8",
        "\\udc0",
        "\\uD8zz",
        "\\u00e9",
        "\\u0041",
        "\\n",
        "\\r",
        "\\t",
        "\\b",
        "\\f",
        "\\/",
        '\\"',
        "u",
        "d8",
        "dc00",
        "0",
        "F",
        "a",
        '"',
        " ",
        "é",
    ]
)


@settings(max_examples=examples(1500), deadline=None)
@given(atoms=st.lists(_EVERY_ESCAPE, max_size=16))
def test_scan_holds_and_refuses_as_the_escape_by_escape_walk(atoms: list[str]) -> None:
    """Every escape kind, surrogate pairs, lone halves, escaped backslashes before a ``u``, texts
    cut inside an escape: the same text held, or the same code point named."""
    text = "".join(atoms)
    assert _outcome(_scan, text) == _outcome(_escape_by_escape, text)
    if _SURROGATE.search(text) is not None:
        return
    assert _outcome(_scan, text) == ("held", _open_escape(text))  # watch's path without one


class _SliceCountingText(str):
    """A text that counts the characters its slices copy."""

    copied = 0

    def __getitem__(self, key: SupportsIndex | slice) -> str:
        part = str.__getitem__(self, key)
        _SliceCountingText.copied += len(part)
        return part


@pytest.mark.parametrize("tail", ["", "\\ud83d", "\\ud800x"])
def test_scan_copies_a_bounded_amount_per_character(tail: str) -> None:
    """A long call of code (an escape every few characters) after one emoji escape: what the scan
    copies is bounded by a constant times the text, so twice the text is twice the work (it copied
    the rest of the text at each escape: quadratic, 0.78 s for 720 KB)."""
    code = 'def greet(name):\n    print(f"hello, {name}")\n    return {"ok": True}\n\n' * 400
    spelled = json.dumps({"content": "# launch \U0001f680\n" + code})
    copied = []
    for repeat in (1, 2):
        text = _SliceCountingText(spelled[:-2] * repeat + tail)
        _SliceCountingText.copied = 0
        try:
            watch("", text, "test")
        except lc.EncodeError:
            assert tail == "\\ud800x"
        copied.append(_SliceCountingText.copied)
        assert copied[-1] <= 2 * len(text)
    assert copied[1] <= 2 * copied[0] + 16
