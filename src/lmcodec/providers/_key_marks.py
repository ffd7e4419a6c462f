"""Whether a JSON body's bytes spell a key or string value, as its bytes or with ``\\u`` escapes.

A pass that runs only where the client's body holds its mark (a key such as ``"phase"``, a role
such as ``"developer"``) must see every spelling JSON allows: ``"ph\\u0061se"`` is the key
``"phase"`` (red team 22 F06: one outcome for equal JSON). The escapes are looked for only in a
body holding the escape of one of the marks' characters, so a body without one costs the plain
searches and one or a few more.
"""

from __future__ import annotations

import functools
import re

__all__ = ["escape_heads", "escaped_spelling", "holds_mark", "spelled_escaped"]


@functools.cache
def escaped_spelling(mark: bytes) -> re.Pattern[bytes]:
    """``mark`` with any of its characters but the quotes also spelled as a JSON ``\\u00XX`` escape
    (compiled once a mark)."""
    parts = []
    for byte in mark:
        char = re.escape(bytes([byte]))
        if byte == 0x22:  # (a key's quotes are the JSON's own)
            parts.append(char)
            continue
        hex_digits = b"".join(b"[%c%c]" % (d, d + 32) if d >= 0x41 else bytes([d]) for d in b"%02X" % byte)
        parts.append(b"(?:%s|\\\\u00%s)" % (char, hex_digits))
    return re.compile(b"".join(parts))


@functools.cache
def escape_heads(marks: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The first five bytes of every escape ``marks`` can be spelled with: ``\\u00`` and the high hex
    digit of one of their characters but the quotes (a digit, so no case to it: ``\\u006`` for
    ``d``, ``e``, ``l``, ``o``; two or three for the marks in use, four at most among the printable
    characters a mark holds)."""
    return tuple(sorted({b"\\u00%d" % (byte >> 4) for mark in marks for byte in mark if byte != 0x22}))


def holds_mark(data: bytes | bytearray | memoryview, marks: tuple[bytes, ...]) -> bool:
    """Whether ``data`` holds one of ``marks`` (printable ASCII), as its bytes or with characters
    spelled as ``\\u00XX`` escapes (:func:`spelled_escaped`). Each mark is looked for by ``find``:
    ``bytes.__contains__`` first tries its operand as an int, and raises and clears a TypeError
    (~1.2k instructions a test, on every gateway call)."""
    if isinstance(data, memoryview):
        data = data.tobytes()
    for mark in marks:
        if data.find(mark) >= 0:
            return True
    return spelled_escaped(data, marks)


def spelled_escaped(data: bytes | bytearray, marks: tuple[bytes, ...]) -> bool:
    """Whether ``data`` spells one of ``marks`` with a ``\\u00XX`` escape, searched for (one regex
    search a mark) only where ``data`` holds the escape of one of their characters: a four-byte
    ``find`` of ``\\u00`` first, so a body with no escape costs one search; then one five-byte
    ``find`` a :func:`escape_heads` entry. A body of escaped accented letters (Python's default
    ``ensure_ascii``) holds one ``\\u00`` a letter: a loop over them cost ~3.6k instructions
    each (red team 29 F01), and one regex search for any printable character's escape (``\\u00``
    then 2-7) stepped through it at ~12 instructions a byte, 2.6M of a 100 KB tool result's
    10.2M Chat -> Chat (red team 39 F10), where the two finds of ``"developer"``'s heads cost
    about 1M."""
    at = data.find(b"\\u00")
    if at < 0:
        return False
    for head in escape_heads(marks):
        if data.find(head, at) >= 0:
            return any(escaped_spelling(mark).search(data) is not None for mark in marks)
    return False
