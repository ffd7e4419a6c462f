"""``providers/_mapper.has_long_digit_run``: a block is copied and tested only when its first and last
bytes are digits (red team 39 F03), and the answer is the plain test's of every block, on bytes
made of digit runs and other bytes around the block's size and at its edges."""

from __future__ import annotations

import sys

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from lmcodec.providers import _mapper
from lmcodec.providers._mapper import has_long_digit_run

from ..budget import examples

_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 0)()
_BLOCK = (_INT_DIGITS + 2) // 2

pytestmark = pytest.mark.skipif(not _INT_DIGITS, reason="no int string limit: no digit run refused")


def _every_block(data: bytes) -> bool:
    """The definition: some block at a multiple of the block size is all digits (the test as it
    was before the first/last byte filter)."""
    if len(data) <= _INT_DIGITS:
        return False
    return any(data[i : i + _BLOCK].isdigit() for i in range(0, len(data) - _BLOCK + 1, _BLOCK))


_PIECES = st.one_of(
    st.integers(min_value=1, max_value=3 * _BLOCK).map(lambda n: b"7" * n),
    st.integers(min_value=1, max_value=_BLOCK).map(lambda n: b"a" * n),
    st.binary(min_size=1, max_size=8),
    st.sampled_from([b"0", b"9", b"/", b":", b"\xb2", b" 1"]),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_PIECES, max_size=12))
@example([b"7" * (_INT_DIGITS + 1)])
@example([b"7" * _INT_DIGITS])
@example([b"a", b"7" * (2 * _BLOCK - 1)])
@example([b"a", b"7" * (2 * _BLOCK - 2)])
@example([b"7" * (_BLOCK - 1), b"a", b"7" * (_BLOCK + 1)])
@example([b"7" * 5, b"a" * (_BLOCK - 10), b"7" * 5, b"7" * _BLOCK])
def test_the_filtered_test_is_the_plain_one(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    assert has_long_digit_run(data) == _every_block(data)


@pytest.mark.parametrize("at", [0, 1, _BLOCK // 2, _BLOCK - 2, _BLOCK - 1])
def test_one_byte_not_a_digit_in_each_block_is_no_run(at: int) -> None:
    """Two blocks of digits and a tail: one byte that is not a digit in each block (the filter's
    first or last byte, or one inside) leaves no run; in the first block only, the second's."""
    data = bytearray(b"1" * (2 * _BLOCK + 3))
    data[at] = ord("x")
    assert has_long_digit_run(bytes(data))
    data[_BLOCK + at] = ord("x")
    assert not has_long_digit_run(bytes(data))
    assert _mapper._DIGIT_BLOCK == _BLOCK
