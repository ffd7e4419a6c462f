"""A hang guard for tests of input that once blocked or ran away: a TimeoutError once the seconds
pass (not a speed claim: the benchmarks measure speed)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Raise TimeoutError in the block once ``seconds`` pass (SIGALRM, main thread)."""

    def expired(*_: Any) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
