"""Whether a JSON body's bytes spell a key or string value, as its bytes or with ``\\u`` escapes.

A pass that runs only where the client's body holds its mark (a key such as ``"phase"``, a role
such as ``"developer"``) must see every spelling JSON allows: ``"ph\\u0061se"`` is the key
``"phase"`` (red team 22 F06: one outcome for equal JSON). The escapes are looked for only in a
body holding a printable ASCII character's escape, so a body without one costs the plain searches
and one more.
"""

from __future__ import annotations

import functools
import re

__all__ = ["ascii_escaped", "escaped_spelling", "holds_mark"]

_ASCII_ESCAPE = re.compile(rb"\\u00[2-7]")


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


def holds_mark(data: bytes | bytearray | memoryview, marks: tuple[bytes, ...]) -> bool:
    """Whether ``data`` holds one of ``marks`` (printable ASCII), as its bytes or with characters
    spelled as ``\\u00XX`` escapes, looked for only where ``data`` holds the escape of a printable
    ASCII character (:func:`ascii_escaped`). Each mark is looked for by ``find``:
    ``bytes.__contains__`` first tries its operand as an int, and raises and clears a TypeError
    (~1.2k instructions a test, on every gateway call)."""
    if isinstance(data, memoryview):
        data = data.tobytes()
    for mark in marks:
        if data.find(mark) >= 0:
            return True
    return ascii_escaped(data) and any(escaped_spelling(mark).search(data) is not None for mark in marks)


def ascii_escaped(data: bytes | bytearray) -> bool:
    """Whether ``data`` holds a printable ASCII character's ``\\u00XX`` escape, which no SDK writes
    (json.dumps' ``\\u00e9`` is not one). A four-byte ``find`` first, so a body with no ``\\u00``
    costs one search; then one regex search from there, in C: a body of escaped accented letters
    (Python's default ``ensure_ascii``) holds one ``\\u00`` a letter, and a loop over them cost
    ~3.6k instructions each (red team 29 F01)."""
    at = data.find(b"\\u00")
    return at >= 0 and _ASCII_ESCAPE.search(data, at) is not None
