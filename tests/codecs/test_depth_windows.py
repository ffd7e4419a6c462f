"""The depth error's offset is sought in windows that start small and double (red team 50, F03: a
60 KB value nested past the bound cost two whole-text string passes to name a byte near its
start). Differential: any first window size blanks the same brackets as one whole window, and
:func:`too_deep` names the same byte."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.codecs import _hooks

from ..budget import examples

_PIECES = st.sampled_from(
    [b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b":", b",", b"\\\\", b'\\"', b"[[[", b'"]"']
)
_TEXTS = st.lists(_PIECES, max_size=200).map(b"".join)


def _blanked(buf: bytes, first_size: int) -> bytes:
    windows = list(_hooks._structure(buf, first_size))
    assert [start for start, _ in windows] == [
        sum(len(w) for _, w in windows[:at]) for at in range(len(windows))
    ]
    return b"".join(window for _, window in windows)


@settings(max_examples=examples(300), deadline=None)
@given(buf=_TEXTS, first_size=st.integers(1, 64))
def test_small_first_windows_blank_what_one_window_blanks(buf: bytes, first_size: int) -> None:
    assert _blanked(buf, first_size) == _blanked(buf, _hooks._WINDOW)


@settings(max_examples=examples(300), deadline=None)
@given(buf=_TEXTS, allowed=st.integers(1, 12))
def test_the_first_too_deep_byte_is_the_one_whole_windows_find(buf: bytes, allowed: int) -> None:
    whole = next(
        (at for at, depth in enumerate(_hooks._depths(_blanked(buf, _hooks._WINDOW), 0)) if depth > allowed),
        None,
    )
    assert _hooks._first_deeper(buf, allowed) == whole


def test_a_fault_past_the_first_window_is_found() -> None:
    levels = 10_000
    buf = b'{"s":"' + b"[" * 9_000 + b'"' + b',"d":' + b"[" * levels + b"]" * levels + b"}"
    assert _hooks._first_deeper(buf, 984) == buf.index(b'"d":') + 4 + 983
