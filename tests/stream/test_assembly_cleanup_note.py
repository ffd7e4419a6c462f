"""``lc.assemble``'s note on an error whose source's ``close()`` failed too (rtleft25's item 6).

The note went on by ``add_note`` only, so on Python 3.10 (no ``add_note``) it was lost, where the
server-tool help note (``_assembly_state.noted``) falls back to ``__notes__``. Both go through
``noted`` now. Failed before on 3.10 (the CI's 3.10 suite runs it), passed on 3.11+."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import lmcodec as lc


class _Source:
    """Events that raise ``ValueError`` half-way, with a ``close()`` that raises too."""

    def __iter__(self) -> Iterator[lc.StreamEvent]:
        yield lc.StreamStartEvent(id="r1", model="m")
        raise ValueError("the source broke")

    def close(self) -> None:
        raise RuntimeError("the connection would not close")


def test_a_failed_cleanup_is_noted_on_the_error_on_every_python() -> None:
    with pytest.raises(ValueError, match="the source broke") as raised:
        lc.assemble(_Source())
    assert getattr(raised.value, "__notes__", []) == [
        "Stream cleanup also failed (RuntimeError: the connection would not close)."
    ]


def test_a_clean_close_adds_no_note() -> None:
    class Closing(_Source):
        def close(self) -> None:
            pass

    with pytest.raises(ValueError, match="the source broke") as raised:
        lc.assemble(Closing())
    assert not getattr(raised.value, "__notes__", [])
