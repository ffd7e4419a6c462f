"""Whether a streamed call's arguments can still grow: the end of a JSON object or array.

``stream/_parts_in_order.py`` holds back what a Chat source sends beside a call while the call's
arguments may still grow (red team 33 F01). Arguments that began with ``{`` or ``[`` are whole once
their brackets close (outside strings): anything after that but whitespace makes them not JSON.
Arguments that begin otherwise (a bare number, a string) can grow until the stream ends.

:class:`ArgumentsEnd` reads the fragments one after another, each character once (a Chat backend
may send a call's arguments in any number of fragments), keeping only its depth and whether it is
inside a string or right after a backslash; :func:`arguments_whole` answers for arguments given at
once, by msgspec's parse where they are JSON (a whole container is balanced) and else by the scan.
"""

from __future__ import annotations

import re
from typing import Final

import msgspec

__all__ = ["ArgumentsEnd", "arguments_whole"]

_SPACE: Final = re.compile(r"[ \t\r\n]*")
_OUTSIDE: Final = re.compile(r'[^"\[\]{}]*')  # up to the next quote or bracket
_INSIDE: Final = re.compile(r'[^"\\]*')  # up to the string's end or its next escape
_decode: Final = msgspec.json.decode


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

    @property
    def blank(self) -> bool:
        """Whether the arguments are still empty or JSON whitespace only (every fragment so far was)."""
        return self._state <= 0

    def whole_after(self, fragment: str) -> bool:
        """Whether the arguments are whole once ``fragment`` is added (once whole, they stay so)."""
        state = self._state
        if state >= 2:
            return state == 2
        i, n = 0, len(fragment)
        if state <= 0:
            i = _past(_SPACE, fragment, 0)
            if i == n:
                if n:
                    self._state = 0
                return False
            if fragment[i] not in "{[":
                self._state = 3
                return False
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
                    return True
        self._depth = depth
        self._in_string = in_string
        return False


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
