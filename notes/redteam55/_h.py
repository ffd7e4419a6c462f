"""Shared helper of red team 55's reproducers: lmcodec from this tree's src (or LMCODEC_SRC)."""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("LMCODEC_SRC", os.path.join(ROOT, "src")))

import lmcodec as lc  # noqa: E402

__all__ = ["lc", "outcome"]


def outcome(call):  # type: ignore[no-untyped-def]
    """What ``call()`` gives, or ('raised', module, class, message) for the error it raises."""
    try:
        return call()
    except Exception as exc:  # noqa: BLE001 (the error's class is the evidence)
        return ("raised", type(exc).__module__.split(".")[0], type(exc).__name__, str(exc)[:160])
