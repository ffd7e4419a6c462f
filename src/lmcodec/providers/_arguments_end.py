"""Whether a streamed call's arguments can still grow: the end of a JSON object or array.

``stream/_parts_in_order.py`` holds back what a Chat source sends beside a call while the call's
arguments may still grow (red team 33 F01). Arguments that began with ``{`` or ``[`` are whole once
their brackets close (outside strings): anything after that but whitespace makes them not JSON.
Arguments that begin otherwise (a bare number, a string) can grow until the stream ends. The
Anthropic stream writer leaves out what follows a call's closed object
(``providers/anthropic/_call_input.py``: red team 40 F03).

:class:`ArgumentsEnd` reads the fragments one after another, each character once (a Chat backend
may send a call's arguments in any number of fragments), keeping only its depth and whether it is
inside a string or right after a backslash; :func:`arguments_whole` answers for arguments given at
once, by msgspec's parse where they are JSON (a whole container is balanced) and else by the scan.
"""

from __future__ import annotations

import re
from typing import Final

import msgspec

from lmcodec.wire._float_literals import decode_any

__all__ = ["ArgumentsEnd", "ObjectClose", "arguments_whole"]

_SPACE: Final = re.compile(r"[ \t\r\n]*")
_OUTSIDE: Final = re.compile(r'[^"\[\]{}]*')  # up to the next quote or bracket
_INSIDE: Final = re.compile(r'[^"\\]*')  # up to the string's end or its next escape
_decode: Final = decode_any  # far floats read by float (red team 47 F01), as every decoder here
# for ObjectClose: what its pass keeps of the text's UTF-8 bytes (quotes, brackets, the marks of
# escape pairs: NUL, which text holds only where it is no JSON), each open made "(", each close ")"
_SPACES: Final = " \t\n\r"
_BACKSLASH: Final = 0x5C
_MARK: Final = b"\0"
_QUOTE, _OPENS, _CLOSES = 0x22, 0x28, 0x29
_MARKS: Final = bytes.maketrans(b"{[}]", b"(())")
_NOT_MARKED: Final = bytes(b for b in range(256) if b not in b'"{}[]\0')


def _past(run: re.Pattern[str], text: str, i: int) -> int:
    """Where the run of ``run`` (a pattern that matches the empty string too) at ``i`` ends."""
    match = run.match(text, i)
    return i if match is None else match.end()


class ArgumentsEnd:
    """The scan of a call's arguments so far: :meth:`whole_after` says whether they are whole."""

    __slots__ = ("_depth", "_escaped", "_in_string", "_state")

    def __init__(self) -> None:
        # -1: nothing yet (no character); 0: nothing but whitespace yet; 1: inside a container;
        # 2: whole; 3: a scalar
        self._state = -1
        self._depth = 0
        self._in_string = False
        self._escaped = False  # the last fragment ended inside a string right after a backslash

    @classmethod
    def inside(cls, depth: int, in_string: bool, escaped: bool) -> ArgumentsEnd:
        """The scan of arguments inside their container (``depth`` brackets open), at that state."""
        scan = cls()
        scan._state, scan._depth, scan._in_string, scan._escaped = 1, depth, in_string, escaped
        return scan

    def where(self) -> tuple[int, bool, bool]:
        """How many brackets are open in the arguments so far, whether they end inside a string,
        and whether right after a backslash there."""
        return self._depth, self._in_string, self._escaped

    @property
    def blank(self) -> bool:
        """Whether the arguments are still empty or JSON whitespace only (every fragment so far was)."""
        return self._state <= 0

    def whole_after(self, fragment: str) -> bool:
        """Whether the arguments are whole once ``fragment`` is added (once whole, they stay so)."""
        state = self._state
        if state >= 2:
            return state == 2
        return self.end_in(fragment) >= 0

    def end_in(self, fragment: str) -> int:
        """Where in ``fragment`` (added to the arguments) their object or array closes: the index
        past its last bracket; -1 where it does not (not yet, or not a container). Call it only
        until they are whole (:meth:`whole_after`'s answer stays; this one is for the closing
        fragment)."""
        state = self._state
        if state >= 2:
            return -1
        i, n = 0, len(fragment)
        if state <= 0:
            i = _past(_SPACE, fragment, 0)
            if i == n:
                if n:
                    self._state = 0
                return -1
            if fragment[i] not in "{[":
                self._state = 3
                return -1
            self._state = 1
        if self._escaped and i < n:
            self._escaped = False
            i += 1
        depth = self._depth
        in_string = self._in_string
        while i < n:
            if in_string:
                i = _past(_INSIDE, fragment, i)
                if i == n:
                    break
                if fragment[i] == '"':
                    in_string = False
                    i += 1
                elif i + 1 == n:  # a backslash, its escaped character in the next fragment
                    self._escaped = True
                    break
                else:
                    i += 2
                continue
            i = _past(_OUTSIDE, fragment, i)
            if i == n:
                break
            mark = fragment[i]
            i += 1
            if mark == '"':
                in_string = True
            elif mark in "{[":
                depth += 1
            else:
                depth -= 1
                if depth <= 0:
                    self._state = 2
                    return i
        self._depth = depth
        self._in_string = in_string
        return -1


def arguments_whole(arguments: str) -> tuple[bool, ArgumentsEnd | None]:
    """Whether ``arguments`` (a call's so far) are whole, and else the scan to continue."""
    try:
        value = _decode(arguments)
    except (msgspec.DecodeError, RecursionError):  # not JSON, or nested past msgspec's depth
        pass
    else:
        if type(value) is dict or type(value) is list:
            return True, None
    scan = ArgumentsEnd()
    if scan.whole_after(arguments):
        return True, None
    return False, scan


class ObjectClose:
    """Where a call's arguments that open an object close, for the Anthropic stream writer, which
    leaves out what follows the close (red team 40 F03), at a cost the common stream does not feel.

    The writer appends a fragment with no closing bracket to :attr:`pending` itself (the object
    cannot close in it) and gives :meth:`cut` the others (and every fragment once :attr:`closed`).
    The depth is known exactly only now and then: each closing bracket lowers a bound under it
    (``_low``: a bracket inside a string counts too, so the bound holds whatever the strings
    hold), and only where the bound reaches 0 is the text since the last exact depth read again,
    as UTF-8 bytes by C methods (:meth:`_end_in`), then its few quotes and brackets by a loop.
    Where the object closes at the text's last character but whitespace, that is the close; else
    (text after the close, a backslash outside a string) :class:`ArgumentsEnd` scans the text (the
    slow path, which finds the close). Each character is read a bounded number of times: time
    linear in the arguments.
    """

    __slots__ = ("_depth", "_escaped", "_in_string", "_low", "closed", "pending")

    def __init__(self) -> None:
        self.pending: list[str] = []  # the fragments since the depth was last known exactly
        self.closed = False
        self._depth = 0  # ... that depth, outside strings, and whether the text ended in a string
        self._in_string = False
        self._escaped = False  # ... right after a backslash
        self._low = 1  # a bound under the depth now (the text opens with its object's bracket)

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
            return None if fragment.strip(_SPACES) else fragment
        pending = self.pending
        pending.append(fragment)
        low = self._low - fragment.count("}")
        if "]" in fragment:
            low -= fragment.count("]")
        if low > 0:
            if "},{" in fragment:  # a close, then an open: their net is 0, in a string or not
                low += 1  # (one pair credited, the others not: the bound stays under the depth)
            self._low = low
            return fragment
        text = fragment if len(pending) == 1 else "".join(pending)
        pending.clear()
        end = self._end_in(text)
        if end < 0:
            return fragment
        self.closed = True
        end -= len(text) - len(fragment)  # (the close lies in this fragment: earlier ones cannot hold it)
        return fragment if not fragment[end:].strip(_SPACES) else fragment[:end]

    def _end_in(self, text: str) -> int:
        """Where in ``text`` (the arguments since the depth was known) the object closes: the
        index past its bracket, else -1, the depth then known again.

        The text's UTF-8 bytes (a character past ASCII is bytes past 0x7f, none a quote or a
        bracket) keep their escapes' pairs as JSON reads them (``\\\\`` and ``\\"`` each
        made a mark, left to right: a backslash left is followed by neither), then only their
        quotes, brackets (any open ``(``, any close ``)``) and marks; two quotes side by side go
        (no bracket between them changes side). The loop reads what is left: a mark outside a
        string is a backslash there (no JSON), read by the scan."""
        depth, in_string, escaped = self._depth, self._in_string, self._escaped
        data = text.encode("utf-8", "surrogatepass")
        if escaped:  # the escaped character's first byte (the others are past 0x7f)
            data = data[1:]
        if _BACKSLASH in data:
            data = data.replace(b"\\\\", _MARK).replace(b'\\"', _MARK)
        marks = data.translate(_MARKS, _NOT_MARKED).replace(b'""', b"")
        last = len(marks) - 1
        for i, mark in enumerate(marks):
            if mark == _QUOTE:
                in_string = not in_string
            elif in_string:
                continue
            elif mark == _OPENS:
                depth += 1
            elif mark == _CLOSES:
                depth -= 1
                if depth <= 0:  # it closes here: at the text's end but whitespace, or the scan
                    body = text.rstrip(_SPACES) if i == last else ""
                    if body and body[-1] in "}]":
                        return len(body)
                    break
            else:
                break
        else:
            self._depth, self._in_string, self._low = depth, in_string, depth
            self._escaped = in_string and data.endswith(b"\\")
            return -1
        scan = ArgumentsEnd.inside(self._depth, self._in_string, self._escaped)
        end = scan.end_in(text)
        if end >= 0:
            return end
        self._depth, self._in_string, self._escaped = scan.where()
        self._low = self._depth
        return -1
