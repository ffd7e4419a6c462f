"""A process forked while another thread imports a lazy name (``lmcodec.assemble._LAZY_IMPORTS``
held): the child's first lazy name (``lc.Assembler``, ``lmcodec.assemble.assemble``, a lazy
submodule) deadlocked on the lock copied held (rtfix54's left item). The at-fork hook gives the
child its own lock, which ``lmcodec.__getattr__`` and the face's read at each import. Failed
before (the child never finished)."""

from __future__ import annotations

import os

import pytest

from .fork_support import FINISHED, child_outcome

_SETUP = r"""
import sys
import lmcodec as lc
face = sys.modules["lmcodec.assemble"]
def hold(held, release):
    with face._LAZY_IMPORTS:
        held.set()
        release.wait()
def use():
    return (
        lc.Assembler.__name__ == "Assembler"
        and callable(face.assemble)
        and lc.stream.__name__ == "lmcodec.stream"
    )
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no fork")
def test_a_child_forked_while_a_lazy_name_is_imported_imports_its_own() -> None:
    assert child_outcome(_SETUP) == FINISHED
