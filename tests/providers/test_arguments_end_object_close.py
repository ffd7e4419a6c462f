"""providers/_arguments_end.ObjectClose, rewritten for speed (perf25b: UTF-8 bytes, C methods, a
bound that credits a close and an open side by side), writes exactly what c5c36df's did: that
class is kept here, verbatim but for its name, as the oracle, fed the same fragments as the
writer feeds them (objects, nested, strings holding escaped quotes, backslashes, brackets,
non-ASCII and astral text, lone surrogates, NUL, cut anywhere, text after the close, text that
opens an object and is no JSON)."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any, Final

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers._arguments_end import ArgumentsEnd, ObjectClose

from ..budget import examples

_BODY: Final = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
_NOT_A_BRACKET: Final = re.compile(r"[^\[\]{}]+")
_PAIR: Final = re.compile(r"[\[{][\]}]")
_PASSES: Final = 4


def _past(run: re.Pattern[str], text: str, i: int) -> int:
    match = run.match(text, i)
    return i if match is None else match.end()


class ObjectCloseBefore:
    """c5c36df's ObjectClose, verbatim but for its name and this line: the oracle."""

    __slots__ = ("_depth", "_escaped", "_in_string", "_low", "closed", "pending")

    def __init__(self) -> None:
        self.pending: list[str] = []  # the fragments since the depth was last known exactly
        self.closed = False
        self._depth = 0  # ... that depth, outside strings, and whether the text ended in a string
        self._in_string = False
        self._escaped = False  # ... right after a backslash
        self._low = 0  # a bound under the depth now

    def take(self, fragment: str) -> str | None:
        """What to write of ``fragment``, the arguments' next: :meth:`cut`, or the writer's own
        path for a fragment with no closing bracket."""
        if self.closed or "}" in fragment or "]" in fragment:
            return self.cut(fragment)
        self.pending.append(fragment)
        return fragment

    def cut(self, fragment: str) -> str | None:
        """What to write of ``fragment``: all of it while the object is open, up to the close and
        whitespace after it where it closes in it, whitespace after the close; None for a fragment
        left out (what follows the close that is not whitespace would make the arguments not JSON)."""
        if self.closed:
            return None if fragment.strip(" \t\n\r") else fragment
        pending = self.pending
        pending.append(fragment)
        low = self._low - fragment.count("}") - fragment.count("]")
        if low > 0:
            self._low = low
            return fragment
        text = fragment if len(pending) == 1 else "".join(pending)
        pending.clear()
        end = self._end_in(text)
        if end < 0:
            return fragment
        self.closed = True
        end -= len(text) - len(fragment)  # (the close lies in this fragment: earlier ones cannot hold it)
        return fragment if not fragment[end:].strip(" \t\n\r") else fragment[:end]

    def _end_in(self, text: str) -> int:
        """Where in ``text`` (the arguments since the depth was known) the object closes: the
        index past its bracket, else -1, the depth then known again."""
        depth, in_string, escaped = self._depth, self._in_string, self._escaped
        i, n = 0, len(text)
        if in_string:  # the string the last text ended in: its end
            i = _past(_BODY, text, 1 if escaped and n else 0)
            if i >= n - 1 and (i == n or text[i] == "\\"):
                self._escaped = i < n
                self._low = depth
                return -1
            i += 1
        rest = text[i:] if i else text
        if "\\" in rest:  # escapes blanked in place: each quote left delimits a string
            rest = rest.replace("\\\\", "\0\0").replace('\\"', "\0\0")
        parts = rest.split('"')
        outside = parts[0] if len(parts) == 1 else "".join(parts[::2])
        brackets = _NOT_A_BRACKET.sub("", outside)
        if not depth:  # the start: the text opens with its object's bracket (the writer's rule)
            brackets, depth = brackets[1:], 1
        closes = -1
        if "\\" not in outside and "\0" not in outside:  # (else a backslash outside a string: the scan)
            for _ in range(_PASSES):  # each pair that opens and closes in the text, taken out
                brackets, taken = _PAIR.subn("", brackets)
                if not taken:  # what is left: closes, then opens
                    closes = len(brackets) - len(brackets.lstrip("]}"))
                    break
        if closes < 0 or closes >= depth:  # it closes here, or is odd: the scan reads it
            scan = ArgumentsEnd.inside(self._depth, in_string, escaped)
            end = scan.end_in(text)
            if end >= 0:
                return end
            self._depth, self._in_string, self._escaped = scan.where()
        else:
            self._depth = depth - closes + len(brackets) - closes
            self._in_string = not len(parts) & 1
            self._escaped = self._in_string and rest.endswith("\\")
        self._low = self._depth
        return -1


_CHARS = 'ab "\\{}[]:,\n\t\u00e9\u6771\U0001f469\u200d\x00\ud800/'
_TEXT = st.text(alphabet=_CHARS, max_size=8)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=12,
)
_DUMPS = st.sampled_from(
    [
        {"ensure_ascii": False, "separators": (",", ":")},
        {"ensure_ascii": False},
        {"ensure_ascii": True, "separators": (",", ":")},
        {"ensure_ascii": False, "indent": 1},
    ]
)
_OBJECTS = st.builds(
    lambda value, dumps: json.dumps(value, **dumps), st.dictionaries(_TEXT, _VALUES, max_size=4), _DUMPS
)
_GARBAGE = st.text(alphabet=_CHARS, max_size=40).map("{".__add__)
_AFTER = st.sampled_from(["", " ", " \n\t", " x", "]", "}", '{"b":2}', ',{"c":[1]}', '"}"', '\\"}']) | _TEXT


def _cut(text: str, cuts: list[int]) -> list[str]:
    bounds = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    return [text[a:b] for a, b in itertools.pairwise(bounds)]


def _written(scan: Any, fragments: list[str]) -> list[tuple[str | None, bool]]:
    """What the writer writes of each fragment (its inlined ``take``) and whether the object closed."""
    written: list[tuple[str | None, bool]] = []
    for fragment in fragments:
        if scan.closed or "}" in fragment or "]" in fragment:
            written.append((scan.cut(fragment), scan.closed))
        else:
            scan.pending.append(fragment)
            written.append((fragment, scan.closed))
    return written


@settings(max_examples=examples(1000), deadline=None)
@given(
    st.sampled_from(["", " ", "\n "]),
    _OBJECTS | _GARBAGE,
    _AFTER,
    st.lists(st.integers(0, 10_000), max_size=24),
)
def test_object_close_writes_what_it_wrote_before(lead: str, head: str, after: str, cuts: list[int]) -> None:
    """Each fragment is written (whole, cut at the close, left out) as c5c36df's ObjectClose wrote it."""
    fragments = _cut(lead + head + after, cuts)
    assert _written(ObjectClose(), fragments) == _written(ObjectCloseBefore(), fragments)


@settings(max_examples=examples(300), deadline=None)
@given(_OBJECTS, st.integers(1, 6), st.integers(0, 3), st.lists(st.integers(0, 10_000), max_size=60))
def test_rows_of_objects_as_before(row: str, rows: int, nesting: int, cuts: list[int]) -> None:
    """Arrays of objects (``},{`` side by side or cut apart), nested: the bound's credits change no byte."""
    text = '{"rows":' + "[" * nesting + "[" + ",".join([row] * rows) + "]" + "]" * nesting + "}"
    fragments = _cut(text, cuts)
    assert _written(ObjectClose(), fragments) == _written(ObjectCloseBefore(), fragments)


def test_a_character_a_fragment_as_before() -> None:
    """Every cut of a few shapes, and one character a fragment (escapes cut after their backslash)."""
    texts = [
        '{"a":"\\\\","b":"\\"}","c":[{"d":"]"}]}',
        '{"a":[1,{"b":"\\\\\\"}"}]} {"x":1}',
        '{"q":"\u6771\U0001f469\u200d\\"\\\\","r":[[],{}]}\n',
        '{"a":1} \\"}',
        '{\\"a":1}}',
    ]
    for text in texts:
        for fragments in [list(text), *([text[:cut], text[cut:]] for cut in range(1, len(text)))]:
            assert _written(ObjectClose(), fragments) == _written(ObjectCloseBefore(), fragments), fragments


def test_every_cut_in_three_as_before() -> None:
    """A pass that ends right after a backslash in a string, and the next that starts at its
    escaped character (a quote, a backslash, a bracket); a close and an open side by side beside a
    close that no open follows: every cut of the text in three."""
    texts = [
        '{"a":"]\\"]","b":{"c":"\\\\"},"d":[1]}',
        '{"a":["\\\\\\"}"],"b":"\\\\]"}{"x":1}',
        '{"a":{"b":"}\\u6771\\\\"},"c":"\\"{"} x',
        '{"r":[{"a":{"x":1},"y":1},{"b":[2]}],"c":3} ]',
        '{"a":[{"b":{}},"c":1},{"d":1}} x',
    ]
    for text in texts:
        for i, j in itertools.combinations(range(1, len(text)), 2):
            fragments = [text[:i], text[i:j], text[j:]]
            assert _written(ObjectClose(), fragments) == _written(ObjectCloseBefore(), fragments), fragments
