"""The one-parse cut of a Gemini JSON-array body's whole elements (``framing.ArrayFramer``): where
the last comma that closes a block's whole elements is, found without a parse to every comma."""

from __future__ import annotations

import re
from typing import Final

import msgspec

from lmcodec.wire._float_literals import float_literal

__all__ = ["elements_before_a_comma"]

_JSON_WS: Final = b" \t\r\n"
_SPACE: Final = re.compile(rb"[ \t\r\n]*")
_RAW_LIST: Final = msgspec.json.Decoder(list[msgspec.Raw], float_hook=float_literal)
_COMMAS_TRIED: Final = 64  # the last commas of a buffer looked at for the one that closes its whole elements
_PARSES_TRIED: Final = 2  # of those that may (a "}" before, a "{" after), how many are parsed
_BLANKS_BEFORE: Final = 16  # the blanks looked past before such a comma for the "}"
_NO_ELEMENTS: Final[list[msgspec.Raw]] = []  # (shared: never mutated)


def elements_before_a_comma(buf: bytearray) -> tuple[int, list[msgspec.Raw]]:
    """Where the last comma of ``buf`` that closes whole elements is, and those elements: a comma
    whose ``[`` + the bytes before it + ``]`` parse as a non-empty JSON array (a parse that ends
    there ends at a top-level comma, so no element is cut short); no elements when none is found
    among the last :data:`_COMMAS_TRIED` commas in :data:`_PARSES_TRIED` parses (the caller cuts
    the elements one by one: a bound, so a buffer of many commas, numbers or a text's, costs a few
    searches).

    Only a comma between an object's ``}`` and the next one's ``{`` (blanks around it, the ``{``
    not arrived yet) is parsed: the last comma of a buffer is most often inside the element being
    cut (an element's keys are comma-separated), and a parse to it failed at the buffer's end,
    every whole element before it parsed for nothing (red team 51 F02: the per-element probe then
    took every element of each 64 KiB block of a body read whole)."""
    cut = len(buf)
    parses = 0
    for _ in range(_COMMAS_TRIED):
        cut = buf.rfind(b",", 0, cut)
        if cut <= 0:
            break
        after = _SPACE.match(buf, cut + 1).end()  # type: ignore[union-attr]  # matches ""
        if after < len(buf) and buf[after] != 0x7B:  # "{"
            continue
        if buf[max(0, cut - _BLANKS_BEFORE) : cut].rstrip(_JSON_WS)[-1:] != b"}":
            continue
        try:
            elements = _RAW_LIST.decode(b"[" + buf[:cut] + b"]")
        except (msgspec.DecodeError, RecursionError):
            pass  # a comma inside the element being cut (between two parts), or not JSON
        else:
            if elements:
                return cut, elements
        parses += 1
        if parses == _PARSES_TRIED:
            break
    return -1, _NO_ELEMENTS
