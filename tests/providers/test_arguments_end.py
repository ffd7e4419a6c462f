"""providers/_arguments_end: a call's arguments are whole exactly when their JSON object or array has
closed, read fragment by fragment or at once (msgspec's parse and the scan agree)."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers._arguments_end import ArgumentsEnd, ObjectClose, arguments_whole

from ..budget import examples

_TEXT = st.text(alphabet='ab"\\{}[]:, \n\u00e9', max_size=5)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=8,
)
_CONTAINERS = st.lists(_VALUES, max_size=3) | st.dictionaries(_TEXT, _VALUES, max_size=3)


def _cut(text: str, cuts: list[int]) -> list[str]:
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=examples(300), deadline=None)
@given(_CONTAINERS, st.sampled_from([None, 1]), st.lists(st.integers(0, 10_000), max_size=8))
def test_whole_at_the_fragment_that_closes_the_container(
    value: Any, indent: int | None, cuts: list[int]
) -> None:
    """Fed in any cut (inside strings, escapes and brackets), the scan says whole first at the
    fragment holding the last bracket, and so does each prefix read at once."""
    whole = " " + json.dumps(value, indent=indent, ensure_ascii=False) + "\n"
    closing = whole.rstrip().__len__()
    scan = ArgumentsEnd()
    seen = 0
    for fragment in _cut(whole, cuts):
        seen += len(fragment)
        assert scan.whole_after(fragment) == (seen >= closing)
        assert arguments_whole(whole[:seen])[0] == (seen >= closing)


@settings(max_examples=examples(100), deadline=None)
@given(st.none() | st.booleans() | st.integers() | _TEXT, st.lists(st.integers(0, 100), max_size=4))
def test_scalar_arguments_are_never_whole(value: Any, cuts: list[int]) -> None:
    """Arguments that do not open an object or array can grow until the stream ends."""
    text = json.dumps(value)
    scan = ArgumentsEnd()
    assert not any(scan.whole_after(fragment) for fragment in _cut(text, cuts))
    assert not arguments_whole(text)[0]


def test_an_escape_cut_after_its_backslash() -> None:
    scan = ArgumentsEnd()
    assert [scan.whole_after(f) for f in ['{"a":"\\', '"}', '"}']] == [False, False, True]


def test_balanced_but_not_json_is_whole() -> None:
    """The scan closes on brackets, not on validity: a trailing comma cannot be mended by more."""
    assert arguments_whole('{"a":1,}')[0]
    assert not arguments_whole('{"a":[1,}')[0]


def test_deep_nesting_is_read_by_the_scan() -> None:
    """Past msgspec's depth (RecursionError there) the scan answers, in one pass."""
    assert arguments_whole("[" * 100_000 + "]" * 100_000)[0]
    assert not arguments_whole("[" * 100_000)[0]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(["", " ", "\n", "{", "1", '"']), max_size=5))
def test_blank_until_a_fragment_holds_a_value(fragments: list[str]) -> None:
    """``blank`` (the sink's "{}" for a parameterless call, red team 35 F01, 36 F01): every
    fragment so far was ``""`` or JSON whitespace; the scan goes on as before."""
    scan = ArgumentsEnd()
    for i, fragment in enumerate(fragments):
        scan.whole_after(fragment)
        assert scan.blank == (not "".join(fragments[: i + 1]).strip(" \t\n\r"))
    assert ArgumentsEnd().blank


@settings(max_examples=examples(300), deadline=None)
@given(_CONTAINERS, st.text(alphabet=' x{}[]"\\', max_size=4), st.lists(st.integers(0, 10_000), max_size=8))
def test_end_in_is_where_the_container_closes(value: Any, tail: str, cuts: list[int]) -> None:
    """Fed in any cut, ``end_in`` answers -1 until the fragment holding the last bracket, and there
    the index past it (the oracle: where ``json.dumps`` ends, whatever text follows)."""
    container = " " + json.dumps(value, ensure_ascii=False)
    scan = ArgumentsEnd()
    start = 0
    found = None
    for fragment in _cut(container + tail, cuts):
        end = scan.end_in(fragment)
        if found is None and start + len(fragment) >= len(container):
            assert end == len(container) - start
            found = end
        elif found is None:
            assert end == -1
        start += len(fragment)
    assert found is not None


def _written_past_the_close(text: str, fragments: list[str]) -> list[str | None]:
    """The slow path's answer for each fragment: ``ArgumentsEnd`` on the whole text finds the
    close; a fragment is written up to it, whitespace after it as it came, the rest left out."""
    end = ArgumentsEnd().end_in(text)
    written: list[str | None] = []
    start = 0
    for fragment in fragments:
        stop = start + len(fragment)
        if end < 0 or stop < end:
            written.append(fragment)
        elif start < end:
            rest = fragment[end - start :]
            written.append(fragment if not rest.strip(" \t\n\r") else fragment[: end - start])
        else:
            written.append(None if fragment.strip(" \t\n\r") else fragment)
        start = stop
    return written


_GARBAGE = st.text(alphabet='ab"\\{}[]:, \n\u00e9', max_size=40)


@settings(max_examples=examples(400), deadline=None)
@given(
    _CONTAINERS.filter(lambda value: isinstance(value, dict)).map(json.dumps) | _GARBAGE.map("{".__add__),
    st.text(alphabet=' x{}[]"\\', max_size=6),
    st.lists(st.integers(0, 10_000), max_size=10),
)
def test_object_close_agrees_with_the_scan(head: str, tail: str, cuts: list[int]) -> None:
    """``ObjectClose`` (bounds, regular expressions and counts) cuts each fragment where the
    character scan says the object closes, for objects and for any text that opens one, in any
    cut (inside strings, escapes, brackets); fragments fed as the writer feeds them."""
    text = " " + head + tail
    fragments = _cut(text, cuts)
    scan = ObjectClose()
    assert [scan.take(fragment) for fragment in fragments] == _written_past_the_close(text, fragments)


@pytest.mark.parametrize("depth", [1, 3, 4, 5, 9, 300])
@pytest.mark.parametrize("past", ["", " \n", " x", "]", '{"b":2}'])
def test_object_close_past_its_pair_passes_agrees_with_the_scan(depth: int, past: str) -> None:
    """Nesting deeper than ``ObjectClose``'s pair passes in one fragment (the scan reads it),
    and not as deep, whole, in two at every point and a character a fragment."""
    text = '{"a":' + "[" * depth + '1,"]["' + "]" * depth + "}" + past
    cuttings = [[text], *([text[:cut], text[cut:]] for cut in range(1, len(text))), list(text)]
    for fragments in cuttings:
        scan = ObjectClose()
        assert [scan.take(f) for f in fragments] == _written_past_the_close(text, fragments)
