"""A process forked while another thread compiles an Arrow schema node (``arrow/_nodes._lock``
held): the child's first compile deadlocked on the lock copied held, and the classes the thread
was compiling read as a recursive type (rtfix54's left item). The at-fork hook gives the child its
own lock and nothing in compilation. Failed before (the child never finished)."""

from __future__ import annotations

import os

import pytest

from ..fork_support import FINISHED, child_outcome

pytest.importorskip("pyarrow")

_SETUP = r"""
import lmcodec as lc
from lmcodec.arrow import _nodes
compiled = _nodes._Struct
blocked = []
def compile_once_blocked(classes):
    if not blocked:  # (the child's copy of the list says it blocked: the child compiles at once)
        blocked.append(classes)
        held.set()
        release.wait()
    return compiled(classes)
_nodes._Struct = compile_once_blocked
def hold(held_, release_):
    _nodes.struct_node((lc.Turn,))
def use():
    return isinstance(_nodes.struct_node((lc.Turn,)), compiled)
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no fork")
def test_a_child_forked_while_a_node_is_compiled_compiles_it() -> None:
    assert child_outcome(_SETUP) == FINISHED
