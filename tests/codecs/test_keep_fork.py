"""A process forked while another thread builds a keep skeleton (``codecs/_keep._lock`` held): the
child's first ``unknown="keep"`` decode deadlocked on the lock copied held, and the skeleton the
thread was building read as the type itself (rtfix54's left item). The at-fork hook gives the
child its own lock and no skeleton in progress. Failed before (the child never finished)."""

from __future__ import annotations

import os

import pytest

from ..fork_support import FINISHED, child_outcome

_SETUP = r"""
import lmcodec as lc
from lmcodec.codecs import _keep
DATA = b'{"role":"user","parts":[{"type":"text","text":"hi"},{"type":"mystery","x":1}]}'
built = _keep._build_skeleton
blocked = []
def build_once_blocked(tp, slot):
    if not blocked:  # (the child's copy of the list says it blocked: the child builds at once)
        blocked.append(tp)
        held.set()
        release.wait()
    return built(tp, slot)
_keep._build_skeleton = build_once_blocked
def hold(held_, release_):
    _keep.decode(DATA, lc.Message, "json")
def use():
    parts = _keep.decode(DATA, lc.Message, "json").parts
    return [type(part).__name__ for part in parts] == ["TextPart", "UnknownPart"]
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the platform has no fork")
def test_a_child_forked_while_a_skeleton_is_built_decodes_with_keep() -> None:
    assert child_outcome(_SETUP) == FINISHED
