"""The calls a piece of code makes, counted by name: how tests hold a fast path to the calls it
was measured without (a deterministic stand-in for a callgrind figure)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any


def calls_made(run: Callable[[], object]) -> Counter[str]:
    """The Python functions (by name) and the C functions (``c:`` and their name) ``run()`` calls."""
    seen: Counter[str] = Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            seen[frame.f_code.co_name] += 1
        elif event == "c_call":
            seen["c:" + getattr(arg, "__name__", "?")] += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return seen
