"""The SSE field helpers' white space table, against the interpreter's own str.isspace()."""

from __future__ import annotations

from lmcodec import _sse_fields


def test_unicode_white_space_is_every_non_ascii_isspace_character() -> None:
    expected = {chr(c).encode("utf-8") for c in range(0x80, 0x110000) if chr(c).isspace()}
    assert set(_sse_fields._UNICODE_WS) == expected
    assert len(_sse_fields._UNICODE_WS) == len(expected)
