"""``providers/_decimals``: the table of small ints' decimal text the stream writers index."""

from __future__ import annotations

from lmcodec.providers._decimals import DECIMAL_COUNT, DECIMALS


def test_each_entry_is_the_ints_text() -> None:
    assert len(DECIMALS) == DECIMAL_COUNT
    assert all(text == str(n).encode() for n, text in enumerate(DECIMALS))
