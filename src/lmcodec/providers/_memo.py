"""Answers remembered by the bytes they were computed from (a tool set's or a schema's encoding),
bounded by the bytes held, not the number of entries: a gateway whose clients send their own
large tool sets (MCP tool lists run to 100 kB-1 MB) must not keep hundreds of them alive after the
requests are gone (red team 6 F07: 256 entries of 112 kB tools held ~94 MB). Answers remembered by a
model's name (:func:`remember_by_name`) keep only names of the usual length, for the same reason
(red team 21 F01: 256 names of 1 MiB held 256 MiB a memo)."""

from __future__ import annotations

from typing import Final, Generic, TypeVar

__all__ = ["LONGEST_NAME", "NAMES_HELD", "BytesMemo", "remember_by_name"]

V = TypeVar("V")

_BUDGET: Final = 4 << 20  # bytes of keys (and sized values) one memo holds
_ENTRIES: Final = 256  # small keys: a bound on the dict itself

LONGEST_NAME: Final = 128
"""The longest name (a client may send any string as the model) a memo keyed by name keeps."""
NAMES_HELD: Final = 256
"""The names a memo keyed by name holds before it is cleared."""


def remember_by_name(memo: dict[str, V], name: str, answer: V) -> None:
    """Keep ``answer`` for ``name`` in ``memo`` (cleared when it holds :data:`NAMES_HELD`), unless
    the name is longer than :data:`LONGEST_NAME`: such a name is answered again each time, at a
    cost linear in it, so a memo holds at most :data:`NAMES_HELD` short names whatever clients send."""
    if len(name) > LONGEST_NAME:
        return
    if len(memo) >= NAMES_HELD:
        memo.clear()
    memo[name] = answer


class BytesMemo(Generic[V]):
    """A dict from bytes to an answer holding at most ``budget`` bytes (the keys, plus the size
    given with each value) and ``entries`` entries: full, it is cleared (the answers are cheap to
    compute again, each a linear walk); an entry over the budget alone is not kept."""

    __slots__ = ("_answers", "budget", "entries", "held")

    def __init__(self, budget: int = _BUDGET, entries: int = _ENTRIES) -> None:
        self._answers: dict[bytes, V] = {}
        self.budget = budget
        self.entries = entries
        self.held = 0

    def get(self, key: bytes) -> V | None:
        return self._answers.get(key)

    def put(self, key: bytes, answer: V, size: int = 0) -> None:
        """Remember ``answer`` for ``key``; ``size``: the bytes the answer holds beyond the key."""
        cost = len(key) + size
        if cost > self.budget:
            return
        if self.held + cost > self.budget or len(self._answers) >= self.entries:
            self._answers.clear()
            self.held = 0
        self._answers[key] = answer
        self.held += cost
